import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useCan } from '../../../shared/session/session';
import { t, type MessageKey } from '../../../shared/i18n';
import { formatMoney, formatNumber, formatPercent } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { formatRate } from '../../../shared/formatting/job-format';
import { MatchLinesEditor } from './match-lines-editor';
import { PricingFields } from './pricing-fields';

const TYPES: Record<string, MessageKey> = {
  estimation: 'job.estimate.type.estimation',
  invoiced: 'job.estimate.type.invoiced',
  quote: 'job.estimate.type.quote',
};

/** Where the job's unit cost came from (docs/jobs.md#creation): a client price, a default price, or neither. */
export function priceOrigin(job: Pick<Job, 'quantity'>): string {
  const reference = job.quantity.unitCostPriceReference;
  if (!reference) return t('job.estimate.origin.none');
  return t(reference.type === 'client' ? 'job.estimate.origin.client' : 'job.estimate.origin.account');
}

/**
 * The job page's "Estimate" section: the stored estimation as the API answers it (docs/estimation.md)
 * — the price per unit and where it came from, the quantity, the match lines by category with their
 * rates, subtotal, discount, extra charge, minimum fee, total — and the estimate's type, in the job's
 * currency; below, the pricing a project manager edits in place (`PUT /v2/jobs/:id/price`).
 */
export function EstimateSection({ job }: { job: Job }) {
  const canEdit = useCan('projects');
  const estimation = job.estimation;
  const details = estimation.details;
  const currency = estimation.currency.code;
  const money = (amount: number) => formatMoney(amount, currency);
  // The first basis that applies (docs/estimation.md#1-base-amount): a fixed price, then time-based.
  const timeBased = job.timeBasedInvoice && job.fixedPrice.amount === null;
  const minimumFee = details.minimumFeeApplied
    ? 'job.estimate.minimumFee.applied'
    : job.applyMinimumFee
      ? 'job.estimate.minimumFee.notApplied'
      : 'job.estimate.minimumFee.off';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`job-estimate-${job.id}`}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={`job-estimate-${job.id}`}>
            {t('job.section.estimate')}
          </Title>
          <Badge variant="outline" color={estimation.type === 'estimation' ? 'gray' : 'indigo'}>
            {t('job.estimate.type', { type: t(TYPES[estimation.type] ?? 'job.estimate.type.estimation') })}
          </Badge>
        </Group>
        <Table withRowBorders verticalSpacing={6} aria-label={t('job.estimate.figures')} maw={640}>
          <Table.Tbody>
            <Figure label={t('job.estimate.unitPrice')}>
              <Text span inherit>
                {t('job.estimate.perUnit', {
                  rate: formatRate(details.unitCost, currency),
                  unit: timeBased ? t('job.estimate.hour') : details.quantity.quantityType.name,
                })}
              </Text>
              <Text span c="dimmed" inherit>
                {` · ${timeBased ? t('job.estimate.origin.timeBased') : priceOrigin(job)}`}
              </Text>
            </Figure>
            <Figure label={t('job.estimate.quantity')}>
              {timeBased
                ? t('job.estimate.hours', { hours: formatNumber(details.quantity.value, 6) })
                : `${formatNumber(details.quantity.value, 6)} ${details.quantity.quantityType.name}`}
            </Figure>
            <Figure label={t('job.estimate.subtotal')}>{money(details.subtotal)}</Figure>
            <Figure label={t('job.estimate.discount', { percent: formatPercent(details.discount.value) })}>
              {details.discount.amount === 0 ? money(0) : `−${money(details.discount.amount)}`}
            </Figure>
            <Figure label={t('job.estimate.extraCharge', { percent: formatPercent(details.extraCharge.percentage) })}>
              {details.extraCharge.amount === 0 ? money(0) : `+${money(details.extraCharge.amount)}`}
            </Figure>
            <Figure label={t('job.estimate.minimumFee')}>{t(minimumFee)}</Figure>
            <Figure label={t('job.estimate.total')} strong>
              {money(estimation.total)}
            </Figure>
            {estimation.totalInvoiced !== null && <Figure label={t('job.estimate.totalInvoiced')}>{money(estimation.totalInvoiced)}</Figure>}
          </Table.Tbody>
        </Table>
        <EstimateNotes job={job} />
        {details.matches.length > 0 && (
          <Table verticalSpacing={4} striped aria-label={t('job.estimate.matches')} maw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('job.estimate.match.category')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('job.estimate.match.quantity')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('job.estimate.match.rate')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('job.estimate.match.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.matches.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Th scope="row" fw={400}>
                    {line.name}
                  </Table.Th>
                  <Table.Td ta="right">{formatNumber(line.value, 6)}</Table.Td>
                  <Table.Td ta="right">{formatRate(line.rate, currency)}</Table.Td>
                  <Table.Td ta="right">{money(line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canEdit && job.quantity.matches.length > 0 && <MatchLinesEditor job={job} />}
        <PricingFields job={job} canEdit={canEdit} />
      </Stack>
    </Paper>
  );
}

/** What changes how the total is read: non-billable, a fixed price, time-based invoicing. */
function EstimateNotes({ job }: { job: Job }) {
  const notes: string[] = [];
  if (job.nonBillable) notes.push(t('job.estimate.note.nonBillable'));
  if (job.fixedPrice.amount !== null) notes.push(t('job.estimate.note.fixedPrice', { amount: formatMoney(job.fixedPrice.amount, job.currency.code) }));
  if (job.timeBasedInvoice) notes.push(t('job.estimate.note.timeBased'));
  if (notes.length === 0) return null;
  return (
    <Stack gap={2}>
      {notes.map((note) => (
        <Text key={note} size="sm" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}

function Figure({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}
