import { Alert, Badge, Box, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../../shared/i18n';
import { formatDateTime } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { MODAL_PROPS } from './outsourcing-dialogs';
import { CANCELLED } from './outsourcing-figures';
import { useAwardOfferRound, useOfferRounds, useWithdrawOfferRound, type OfferRound, type OfferRoundOffer } from './offer-round-queries';

const PENDING = 1;
const ACCEPTED = 2;
const REFUSED = 3;

/** What the user confirms: awarding a round to one offer, or withdrawing it. */
type Confirming = { kind: 'award'; round: OfferRound; offer: OfferRoundOffer } | { kind: 'withdraw'; round: OfferRound };

const STATE_COLOR: Record<OfferRound['state'], string> = { open: 'blue', awarded: 'teal', expired: 'gray', withdrawn: 'gray' };

/**
 * The job page's "Offer rounds" (docs/console.md#the-job-page, docs/supplier-portal.md#offer-rounds):
 * each round of the job, oldest first, with its state, who gets the work, its expiry, and each
 * offer's supplier and answer. For roles that change project work: "Award" on an accepted offer of
 * a round where the project manager chooses, and "Withdraw the round" while it is not awarded,
 * each confirmed first. Nothing when the job has no round.
 */
export function OfferRoundsBlock({ job, can, onDone }: { job: Job; can: boolean; onDone: (message: string) => void }) {
  const rounds = useOfferRounds(job);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const headingId = `job-offer-rounds-${job.id}`;
  if (rounds.isError)
    return (
      <Alert color="red" role="alert">
        {t('offerRounds.error')}
      </Alert>
    );
  if (!rounds.data || rounds.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="xs">
        {t('offerRounds.title')}
      </Title>
      <Stack gap="sm">
        {rounds.data.map((round) => (
          <RoundCard key={round.id} round={round} can={can} onConfirm={setConfirming} />
        ))}
      </Stack>
      {can && (
        <ConfirmDialog
          job={job}
          confirming={confirming}
          onClose={() => setConfirming(null)}
          onDone={(message) => {
            setConfirming(null);
            onDone(message);
          }}
        />
      )}
    </Box>
  );
}

function RoundCard({ round, can, onConfirm }: { round: OfferRound; can: boolean; onConfirm: (what: Confirming) => void }) {
  const title = t('offerRounds.round', { date: formatDateTime(round.createdAt) });
  const awardable = can && round.award === 'choose' && (round.state === 'open' || round.state === 'expired');
  const withdrawable = can && (round.state === 'open' || round.state === 'expired');
  return (
    <Paper withBorder p="sm" component="article" aria-label={title} data-round-state={round.state}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            <Badge color={STATE_COLOR[round.state]} variant="light" radius="sm" tt="none">
              {t(`offerRounds.state.${round.state}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`offerRounds.award.${round.award}`)} · {whenText(round)}
          </Text>
        </Stack>
        {withdrawable && (
          <Button size="compact-sm" variant="subtle" color="red" c="red.9" onClick={() => onConfirm({ kind: 'withdraw', round })}>
            {t('offerRounds.withdraw')}
          </Button>
        )}
      </Group>
      <Table withTableBorder horizontalSpacing="xs" fz="sm" aria-label={t('offerRounds.caption', { date: formatDateTime(round.createdAt) })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('offerRounds.column.supplier')}</Table.Th>
            <Table.Th scope="col">{t('offerRounds.column.answer')}</Table.Th>
            {awardable && <Table.Th scope="col">{t('offerRounds.column.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {round.offers.map((offer) => (
            <Table.Tr key={offer.outsourcingId}>
              <Table.Th scope="row" fw={500}>
                {offer.supplier.name}
              </Table.Th>
              <Table.Td>
                <Answer round={round} offer={offer} />
              </Table.Td>
              {awardable && (
                <Table.Td>
                  {offer.confirmStatus === ACCEPTED && offer.status !== CANCELLED && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t('offerRounds.award.label', { supplier: offer.supplier.name })}
                      onClick={() => onConfirm({ kind: 'award', round, offer })}
                    >
                      {t('offerRounds.award')}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** When the round expires, expired, was awarded or withdrawn. */
function whenText(round: OfferRound): string {
  if (round.state === 'awarded' && round.awardedAt) return t('offerRounds.awardedOn', { date: formatDateTime(round.awardedAt) });
  if (round.state === 'withdrawn' && round.withdrawnAt) return t('offerRounds.withdrawnOn', { date: formatDateTime(round.withdrawnAt) });
  if (round.state === 'expired') return t('offerRounds.expired', { date: formatDateTime(round.expiresAt) });
  return t('offerRounds.expires', { date: formatDateTime(round.expiresAt) });
}

/** An offer's answer in words (not only a colour), with its date and the supplier's comment. */
function Answer({ round, offer }: { round: OfferRound; offer: OfferRoundOffer }) {
  const winner = round.awardedOutsourcingId === offer.outsourcingId;
  let text: string;
  if (winner) text = t('offerRounds.answer.winner');
  else if (offer.confirmStatus === ACCEPTED)
    text = offer.acceptedDate ? t('offerRounds.answer.acceptedOn', { date: formatDateTime(offer.acceptedDate) }) : t('offerRounds.answer.accepted');
  else if (offer.confirmStatus === REFUSED) text = t('offerRounds.answer.refused');
  else if (offer.confirmStatus === PENDING) text = t('offerRounds.answer.pending');
  else text = t('offerRounds.answer.withdrawn');
  const cancelled = !winner && offer.status === CANCELLED && offer.confirmStatus !== null;
  return (
    <Stack gap={0} data-answer>
      <Text size="sm" fw={winner ? 600 : undefined}>
        {text}
        {winner && offer.acceptedDate && ` · ${t('offerRounds.answer.acceptedOn', { date: formatDateTime(offer.acceptedDate) })}`}
        {cancelled && ` · ${t('offerRounds.answer.cancelled')}`}
      </Text>
      {offer.comment && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          “{offer.comment}”
        </Text>
      )}
    </Stack>
  );
}

function ConfirmDialog({
  job,
  confirming,
  onClose,
  onDone,
}: {
  job: Job;
  confirming: Confirming | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const award = useAwardOfferRound(job);
  const withdraw = useWithdrawOfferRound(job);
  const [problem, setProblem] = useState<string>();
  const close = () => {
    setProblem(undefined);
    onClose();
  };
  const confirm = async () => {
    if (!confirming) return;
    setProblem(undefined);
    try {
      if (confirming.kind === 'award') {
        await award.mutateAsync({ roundId: confirming.round.id, outsourcingId: confirming.offer.outsourcingId });
        onDone(t('offerRounds.awarded', { supplier: confirming.offer.supplier.name }));
      } else {
        await withdraw.mutateAsync(confirming.round.id);
        onDone(t('offerRounds.withdrawn'));
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  const awarding = confirming?.kind === 'award' ? confirming.offer.supplier.name : undefined;
  return (
    <Modal
      {...MODAL_PROPS}
      opened={confirming !== null}
      onClose={close}
      title={awarding !== undefined ? t('offerRounds.award.title') : t('offerRounds.withdraw.title')}
    >
      {confirming && (
        <Stack gap="sm">
          <Text>{awarding !== undefined ? t('offerRounds.award.text', { supplier: awarding }) : t('offerRounds.withdraw.text')}</Text>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('action.cancel')}
            </Button>
            <Button color={awarding !== undefined ? undefined : 'red.9'} onClick={() => void confirm()} loading={award.isPending || withdraw.isPending}>
              {awarding !== undefined ? t('offerRounds.award.confirm', { supplier: awarding }) : t('offerRounds.withdraw.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
