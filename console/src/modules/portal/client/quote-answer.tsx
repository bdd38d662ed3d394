import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { formatMoney } from '../work';
import classes from '../portal.module.css';
import { useQuoteAnswer, type ClientQuoteDetail } from './documents-queries';

/** The API's limit on a comment (src/modules/client-documents/schemas.ts). */
const COMMENT_MAX = 2000;

/**
 * The answer a sent quote asks, or the one given (docs/client-portal.md#quotes): "Accept" and
 * "Refuse" each open a confirmation — accepting with an optional comment, refusing with the reason
 * the API requires. The API's refusal (409: answered meanwhile, expired) shows in the dialog.
 */
export function QuoteAnswer({ quote }: { quote: ClientQuoteDetail }) {
  const person = usePortalPerson();
  const text = usePortalText();
  const { t } = text;
  const agency = person.agency.name;
  const [dialog, setDialog] = useState<'accept' | 'refuse' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const answer = useQuoteAnswer(quote.id);
  const open = quote.status === 'sent' && !quote.expired;
  const when = (iso: string) => text.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  let status: string;
  if (quote.status === 'sent')
    status = quote.expired
      ? t('clientDocs.answer.expired', { date: text.formatDate(quote.validityDate ?? '', { dateStyle: 'medium', timeZone: 'UTC' }), agency })
      : t('clientDocs.answer.ask', { agency });
  else if (quote.answer)
    status = t(quote.answer.answer === 'accepted' ? 'clientDocs.answer.accepted' : 'clientDocs.answer.refused', {
      name: quote.answer.personName,
      date: when(quote.answer.answeredAt),
    });
  else
    status = `${t(quote.status === 'accepted' ? 'clientDocs.quote.status.accepted' : 'clientDocs.quote.status.refused')}. ${t('clientDocs.answer.byAgency')}`;

  const close = () => {
    answer.reset();
    setDialog(null);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-quote-answer" className={open ? classes.asking : undefined}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-quote-answer">
          {t('clientDocs.answer.title')}
        </Title>
        {done ? (
          <Alert color="green" role="status">
            {done}
          </Alert>
        ) : (
          <Text role="status">{status}</Text>
        )}
        {quote.answer && quote.answer.comment !== '' && (
          <Text size="sm" className={classes.value}>
            {t('clientDocs.answer.comment', { comment: quote.answer.comment })}
          </Text>
        )}
        {open && (
          <Group gap="sm" grow className={classes.actionRow}>
            <Button className={`${classes.target} ${classes.wrapping}`} classNames={{ label: classes.label }} onClick={() => setDialog('accept')}>
              {t('clientDocs.accept')}
            </Button>
            <Button
              variant="default"
              className={`${classes.target} ${classes.wrapping}`}
              classNames={{ label: classes.label }}
              onClick={() => setDialog('refuse')}
            >
              {t('clientDocs.refuse')}
            </Button>
          </Group>
        )}
      </Stack>
      <AnswerDialog
        key={dialog ?? 'closed'}
        kind={dialog}
        quote={quote}
        answer={answer}
        onClose={close}
        onDone={(kind) => {
          setDialog(null);
          setDone(t(kind === 'accept' ? 'clientDocs.answered.accepted' : 'clientDocs.answered.refused', { agency }));
        }}
      />
    </Paper>
  );
}

function AnswerDialog(props: {
  kind: 'accept' | 'refuse' | null;
  quote: ClientQuoteDetail;
  answer: ReturnType<typeof useQuoteAnswer>;
  onClose: () => void;
  onDone: (kind: 'accept' | 'refuse') => void;
}) {
  const { kind, quote, answer, onClose, onDone } = props;
  const person = usePortalPerson();
  const text = usePortalText();
  const { t } = text;
  const agency = person.agency.name;
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refusing = kind === 'refuse';
  const submit = () => {
    if (kind === null) return;
    const given = comment.trim();
    if (refusing && given === '') return setError(t('clientDocs.refuse.reasonRequired', { agency }));
    setError(null);
    const input = kind === 'accept' ? { kind, ...(given ? { comment: given } : {}) } : { kind, comment: given };
    answer.mutate(input, { onSuccess: () => onDone(kind) });
  };
  const problem = answer.isError
    ? answer.error instanceof ApiProblem && (answer.error.status === 409 || answer.error.status === 400)
      ? answer.error.message
      : t('clientDocs.answer.failed')
    : null;
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={t(refusing ? 'clientDocs.refuse.title' : 'clientDocs.accept.title')}
      centered
      closeButtonProps={{ 'aria-label': t('clientDocs.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {!refusing && (
            <Text>{t('clientDocs.accept.text', { number: quote.number ?? '—', total: formatMoney(text, quote.total, quote.currency), agency })}</Text>
          )}
          <Textarea
            label={refusing ? t('clientDocs.refuse.reason') : t('clientDocs.accept.comment', { agency })}
            required={refusing}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={error}
            maxLength={COMMENT_MAX}
            autosize
            minRows={refusing ? 3 : 2}
            maxRows={10}
            data-autofocus
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" className={classes.target} onClick={onClose}>
              {t('clientDocs.cancel')}
            </Button>
            <Button
              type="submit"
              color={refusing ? 'red.9' : undefined}
              className={`${classes.target} ${classes.wrapping}`}
              classNames={{ label: classes.label }}
              loading={answer.isPending}
            >
              {t(refusing ? 'clientDocs.refuse.confirm' : 'clientDocs.accept.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
