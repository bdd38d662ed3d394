import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import type { PortalKey } from './i18n';
import { usePortalText } from './use-portal-text';
import { formatDue, type PortalWork } from './work';
import { useWorkAnswer } from './work-queries';
import classes from './portal.module.css';

/** The API's limit on a comment or a reason (src/modules/supplier-portal/schemas.ts). */
export const ANSWER_MAX = 2000;

/** What the API said about an answer it refused (a 409's reason, a 400's), else the portal's own text. */
export function answerProblem(error: unknown, t: (key: PortalKey) => string, field?: string): string {
  if (error instanceof ApiProblem && (error.status === 409 || error.status === 400)) return (field && error.fieldMessage(field)) || error.message;
  return t('problem.generic');
}

/**
 * The answer the work asks of the supplier, and the one they gave: an offer is accepted (with a
 * comment if they like) or refused (saying why); open work is marked done (after a confirmation).
 * The API's refusal (409: the state does not allow it) shows beside the buttons.
 */
export function WorkAnswer({ work }: { work: PortalWork }) {
  const text = usePortalText();
  const { t, formatDate } = text;
  const answer = useWorkAnswer(work.id);
  const [comment, setComment] = useState('');
  const [refusing, setRefusing] = useState(false);
  const [confirmingDone, setConfirmingDone] = useState(false);
  const when = (date: string | null) => (date ? formatDate(date) : '');

  let status: string;
  if (work.state === 'offered')
    status = work.expiresAt ? `${t('answer.offered')} ${t('work.answerBy', { date: formatDue(text, work.expiresAt) })}.` : t('answer.offered');
  else if (work.state === 'expired') status = t('answer.expired', { date: formatDue(text, work.expiresAt ?? work.sentDate ?? '') });
  else if (work.state === 'refused') status = t('answer.refused', { date: when(work.confirm.answeredAt) });
  else if (work.state === 'cancelled') status = t('answer.cancelled');
  else if (work.state === 'done') status = work.doneDate ? t('answer.done', { date: when(work.doneDate) }) : t('answer.finished');
  else status = work.confirm.status === 2 ? `${t('answer.accepted', { date: when(work.confirm.answeredAt) })} ${t('answer.open')}` : t('answer.open');
  const given = work.confirm.comment ? { label: t(work.confirm.status === 3 ? 'answer.yourReason' : 'answer.yourComment'), text: work.confirm.comment } : null;
  const problem = answer.isError && !refusing ? answerProblem(answer.error, t) : null;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="portal-answer-title"
      className={work.state === 'offered' ? classes.asking : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="portal-answer-title">
          {t('answer.title')}
        </Title>
        <Text role="status">{status}</Text>
        {given && (
          <Text size="sm" className={classes.value}>
            <Text span c="dimmed" size="sm">
              {given.label}:
            </Text>{' '}
            {given.text}
          </Text>
        )}
        {work.state === 'offered' && (
          <>
            <Textarea
              label={t('answer.comment')}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={ANSWER_MAX}
              autosize
              minRows={2}
              maxRows={8}
            />
            <Group gap="sm" grow className={classes.actionRow}>
              <Button
                className={classes.target}
                loading={answer.isPending && answer.variables.kind === 'accept'}
                onClick={() => answer.mutate({ kind: 'accept', comment: comment.trim() || undefined })}
              >
                {t('answer.accept')}
              </Button>
              <Button
                variant="default"
                color="red"
                className={classes.target}
                onClick={() => {
                  answer.reset();
                  setRefusing(true);
                }}
              >
                {t('answer.refuse')}
              </Button>
            </Group>
          </>
        )}
        {work.state === 'open' && (
          <Group gap="sm">
            <Button
              className={`${classes.target} ${classes.wrapping}`}
              classNames={{ label: classes.label }}
              onClick={() => {
                answer.reset();
                setConfirmingDone(true);
              }}
            >
              {t('answer.markDone')}
            </Button>
          </Group>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
      <RefuseDialog opened={refusing} onClose={() => setRefusing(false)} answer={answer} />
      <Modal
        opened={confirmingDone}
        onClose={() => setConfirmingDone(false)}
        title={t('answer.doneTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('answer.close') }}
      >
        <Stack gap="md">
          <Text>{t('answer.doneText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" className={classes.target} onClick={() => setConfirmingDone(false)}>
              {t('answer.cancel')}
            </Button>
            <Button
              className={`${classes.target} ${classes.wrapping}`}
              classNames={{ label: classes.label }}
              loading={answer.isPending}
              onClick={() => answer.mutate({ kind: 'done' }, { onSettled: () => setConfirmingDone(false) })}
            >
              {t('answer.markDone')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** "Refuse": asks the reason, required as the API requires it; the API's own refusal shows in the dialog. */
function RefuseDialog({ opened, onClose, answer }: { opened: boolean; onClose: () => void; answer: ReturnType<typeof useWorkAnswer> }) {
  const { t } = usePortalText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (reason.trim() === '') return setError(t('answer.reasonRequired'));
    setError(null);
    answer.mutate({ kind: 'refuse', reason: reason.trim() }, { onSuccess: onClose });
  };
  const apiProblem = answer.isError ? answerProblem(answer.error, t, 'reason') : null;
  return (
    <Modal opened={opened} onClose={onClose} title={t('answer.refuseTitle')} centered closeButtonProps={{ 'aria-label': t('answer.close') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Textarea
            label={t('answer.reason')}
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            maxLength={ANSWER_MAX}
            autosize
            minRows={3}
            maxRows={10}
            data-autofocus
          />
          {apiProblem && (
            <Alert color="red" role="alert">
              {apiProblem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" className={classes.target} onClick={onClose}>
              {t('answer.cancel')}
            </Button>
            <Button
              type="submit"
              color="red.9"
              className={`${classes.target} ${classes.wrapping}`}
              classNames={{ label: classes.label }}
              loading={answer.isPending}
            >
              {t('answer.refuseConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
