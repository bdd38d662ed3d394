import { Alert, Button, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../shared/formatting/format';
import { t } from '../../shared/i18n';
import { useCan } from '../../shared/session/session';

import { clientMessagesQuery, useSendClientMessage, type ClientMessage, type ThreadSubject } from './queries';

/** The server's limit of a message (docs/client-portal.md#messages). */
const MAX_LENGTH = 10_000;

/**
 * The "Client messages" block of a job's or a request's page (docs/client-portal.md#messages): the
 * thread with its client on the client portal, oldest first, and a reply box for the roles that change project
 * work. What is written here is for the client (e-mailed to their people): the internal notes are
 * the Notes section's.
 */
export function ClientMessagesSection({ subject }: { subject: ThreadSubject }) {
  const canWrite = useCan('projects');
  const query = useQuery(clientMessagesQuery(subject));
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendClientMessage(subject);
  const headingId = `${subject.kind}-client-messages-${subject.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return setError(t('clientMessages.empty.error'));
    if (draft.length > MAX_LENGTH) return setError(t('clientMessages.tooLong', { max: MAX_LENGTH }));
    setError(null);
    send.mutate(draft, { onSuccess: () => setDraft(''), onError: (failure) => setError(t('clientMessages.failed', { message: failure.message })) });
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('clientMessages.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('clientMessages.hint')}
        </Text>
        {query.isPending ? (
          <Loader size="sm" aria-label={t('clientMessages.title')} />
        ) : query.isError ? (
          <Alert color="red">{t('clientMessages.loadFailed')}</Alert>
        ) : query.data.length === 0 ? (
          <Text size="sm">{t('clientMessages.none')}</Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {query.data.map((message: ClientMessage) => (
              <Paper key={message.id} component="li" withBorder p="xs" radius="sm" bg={message.from === 'agency' ? 'gray.0' : undefined}>
                <Text size="xs" c="dimmed">
                  {message.from === 'client' ? t('clientMessages.fromClient', { name: message.authorName }) : message.authorName} ·{' '}
                  {formatDateTime(message.createdAt)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.text}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {canWrite && (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs" align="flex-start">
              <Textarea
                label={t('clientMessages.label')}
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                error={error}
                autosize
                minRows={2}
                maxRows={8}
                w="100%"
              />
              <Button type="submit" variant="light" loading={send.isPending}>
                {t('clientMessages.send')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </section>
  );
}
