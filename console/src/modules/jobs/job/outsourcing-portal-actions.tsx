import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { t } from '../../../shared/i18n';
import type { Job } from '../../../shared/api/job-query';
import { CANCELLED, type Outsourcing } from './outsourcing-figures';
import { CONFIRM_PENDING } from './outsourcing-portal';
import { useOutsourcingPortalAction, type PortalAction } from './outsourcing-queries';

type Step = 'withdraw' | 'accept' | 'refuse';

/** An offer waiting for the supplier's answer: what the agency can withdraw, or answer for them. */
export const isPendingOffer = (item: Outsourcing) => item.status !== CANCELLED && item.portal.confirm.enabled && item.portal.confirm.status === CONFIRM_PENDING;

/**
 * The portal dialog's actions (docs/console.md#the-job-page, docs/supplier-portal.md#the-agencys-hand):
 * send the work to the portal (again), and, while an offer waits for an answer, withdraw it or give
 * the supplier's answer for them. Withdrawing and answering ask a confirmation in place (refusing,
 * the reason); each action is one call, and a refusal of the API (409, 400) is shown as it says it.
 * Shown only when they apply; held while the settings below have unsaved changes, which the
 * dialog's closing would lose.
 */
export function PortalActions({ job, item, blocked, onDone }: { job: Job; item: Outsourcing; blocked: boolean; onDone: (message: string) => void }) {
  const action = useOutsourcingPortalAction(job);
  const [step, setStep] = useState<Step>();
  const [comment, setComment] = useState('');
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const supplier = item.supplier.name;
  const pending = isPendingOffer(item);
  if (item.status === CANCELLED) return null;

  const run = async (what: PortalAction, message: string) => {
    setProblem(undefined);
    try {
      await action.mutateAsync({ id: item.id, action: what });
      onDone(message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  const open = (next: Step | undefined) => {
    setProblem(undefined);
    setReasonMissing(false);
    setStep(next);
  };
  const back = (
    <Button type="button" variant="default" onClick={() => open(undefined)}>
      {t('outsourcing.portal.actions.back')}
    </Button>
  );

  return (
    <Stack gap="xs" role="group" aria-label={t('outsourcing.portal.actions.label')}>
      {step === undefined && (
        <>
          <Group gap="xs">
            <Button
              type="button"
              variant="light"
              disabled={blocked}
              loading={action.isPending}
              onClick={() => void run({ kind: 'send' }, t('outsourcing.portal.actions.sent', { supplier }))}
            >
              {item.portal.sentDate ? t('outsourcing.portal.actions.sendAgain') : t('outsourcing.portal.actions.send')}
            </Button>
            {pending && (
              <>
                <Button type="button" variant="default" disabled={blocked} onClick={() => open('accept')}>
                  {t('outsourcing.portal.actions.accept')}
                </Button>
                <Button type="button" variant="default" c="red.9" disabled={blocked} onClick={() => open('refuse')}>
                  {t('outsourcing.portal.actions.refuse')}
                </Button>
                <Button type="button" variant="subtle" color="red" c="red.9" disabled={blocked} onClick={() => open('withdraw')}>
                  {t('outsourcing.portal.actions.withdraw')}
                </Button>
              </>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {blocked ? t('outsourcing.portal.actions.saveFirst') : t('outsourcing.portal.actions.sendHint')}
          </Text>
        </>
      )}
      {step === 'withdraw' && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text size="sm">{t('outsourcing.portal.actions.withdrawText', { supplier })}</Text>
            <Group justify="flex-end" gap="xs">
              {back}
              <Button
                type="button"
                color="red.9"
                loading={action.isPending}
                onClick={() => void run({ kind: 'withdraw' }, t('outsourcing.portal.actions.withdrawn', { supplier }))}
                data-autofocus
              >
                {t('outsourcing.portal.actions.withdrawConfirm')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {step === 'accept' && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text size="sm">{t('outsourcing.portal.actions.acceptText', { supplier })}</Text>
            <Textarea
              label={t('outsourcing.portal.actions.acceptComment')}
              autosize
              minRows={2}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              autoFocus
            />
            <Group justify="flex-end" gap="xs">
              {back}
              <Button
                type="button"
                loading={action.isPending}
                onClick={() =>
                  void run({ kind: 'accept', ...(comment.trim() ? { comment: comment.trim() } : {}) }, t('outsourcing.portal.actions.accepted', { supplier }))
                }
              >
                {t('outsourcing.portal.actions.acceptConfirm', { supplier })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {step === 'refuse' && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text size="sm">{t('outsourcing.portal.actions.refuseText', { supplier })}</Text>
            <Textarea
              label={t('outsourcing.portal.actions.refuseReason')}
              required
              autosize
              minRows={2}
              value={reason}
              error={reasonMissing && t('outsourcing.portal.actions.refuseReasonMissing')}
              onChange={(event) => setReason(event.currentTarget.value)}
              autoFocus
            />
            <Group justify="flex-end" gap="xs">
              {back}
              <Button
                type="button"
                color="red.9"
                loading={action.isPending}
                onClick={() => {
                  if (reason.trim() === '') return setReasonMissing(true);
                  void run({ kind: 'refuse', reason: reason.trim() }, t('outsourcing.portal.actions.refused', { supplier }));
                }}
              >
                {t('outsourcing.portal.actions.refuseConfirm', { supplier })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
