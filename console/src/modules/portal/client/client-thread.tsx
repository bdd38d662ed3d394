import { Alert, Button, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { clientMessagesQuery, useSendClientMessage, type ThreadSubject } from './thread-queries';
import classes from '../portal.module.css';

/** The server's limit of a message (docs/client-portal.md#messages). */
const MAX_LENGTH = 10_000;

/**
 * A job's or a request's thread with the agency (docs/client-portal.md#messages): the messages, oldest first,
 * the client's own marked "You", and a reply box. Never the agency's internal notes: the server
 * has none to give.
 */
export function ClientThread({ subject }: { subject: ThreadSubject }) {
  const { t, formatDate } = usePortalText();
  const person = usePortalPerson();
  const query = useQuery(clientMessagesQuery(subject));
  const send = useSendClientMessage(subject);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (draft.trim() === '') return setError(t('clientJobs.messages.empty.error'));
    if (draft.length > MAX_LENGTH) return setError(t('clientJobs.messages.tooLong', { max: MAX_LENGTH }));
    setError(null);
    send.mutate(draft, {
      onSuccess: () => {
        setDraft('');
        setSent(true);
      },
      onError: () => setError(t('clientJobs.messages.failed')),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="client-messages-title">
      <Title order={2} size="h4" id="client-messages-title">
        {t('clientJobs.messages.title')}
      </Title>
      {query.isPending ? (
        <Loader size="sm" aria-label={t('clientJobs.messages.title')} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Text size="sm">{t('clientJobs.messages.loadFailed')}</Text>
        </Alert>
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('clientJobs.messages.empty', { agency: person.agency.name })}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} className={classes.list}>
          {query.data.map((message) => (
            <Paper key={message.id} component="li" withBorder p="sm" radius="md" bg={message.from === 'client' ? 'blue.0' : undefined} className={classes.card}>
              <Text size="xs" c="dimmed">
                {message.from === 'client' ? t('clientJobs.messages.you') : message.authorName} ·{' '}
                {formatDate(message.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </Text>
              <Text size="sm" className={classes.value} style={{ whiteSpace: 'pre-wrap' }}>
                {message.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs" align="flex-start">
          <Textarea
            label={t('clientJobs.messages.label')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
            maxRows={10}
            w="100%"
          />
          <Button type="submit" loading={send.isPending} className={classes.target}>
            {t('clientJobs.messages.send')}
          </Button>
          <Text size="sm" role="status" className={classes.visuallyHidden}>
            {sent ? t('clientJobs.messages.sent') : ''}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
