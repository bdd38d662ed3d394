import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Query } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { formatMoney, formatNumber, formatPercent } from '../../../shared/formatting/format';
import { formatRate } from '../../../shared/formatting/job-format';
import { Loading } from '../../../shared/ui/loading';
import { usePricePreview, type PricePreview } from './queries';

/** Where the price comes from: the client's own prices, the account's default prices, or none. */
export function priceSource(preview: Pick<PricePreview, 'quantity' | 'client'>): string {
  const reference = preview.quantity.unitCostPriceReference;
  if (!reference) return t('newJob.price.source.none');
  return reference.type === 'client' ? t('newJob.price.source.client', { client: preview.client.name }) : t('newJob.price.source.account');
}

/**
 * The price the new job will take, before it is saved: the unit price and where it comes from,
 * the rates by match category, and the estimate for the quantity (subtotal, minimum fee, total).
 * `unitName`: the chosen unit, as the form knows it.
 */
export function PricePreviewPanel({ query, unitName }: { query: Query<'getJobPricePreview'> | undefined; unitName: string | undefined }) {
  const preview = usePricePreview(query);
  const shown = query ? preview.data : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-job-price">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="new-job-price">
            {t('newJob.price.title')}
          </Title>
          {query && preview.isFetching && <Loading size="xs" label={t('newJob.price.working')} />}
        </Group>
        {!query && <Text c="dimmed">{t('newJob.price.incomplete')}</Text>}
        {query && preview.isError && (
          <Alert color="red" role="alert">
            {t('newJob.price.failed', { message: preview.error.message })}
          </Alert>
        )}
        {shown && <PreviewFigures preview={shown} unitName={unitName} />}
      </Stack>
    </Paper>
  );
}

function PreviewFigures({ preview, unitName }: { preview: PricePreview; unitName: string | undefined }) {
  const currency = preview.currency.code;
  const { quantity, estimation } = preview;
  const details = estimation.details;
  const priced = quantity.unitCostPriceReference !== undefined;
  return (
    <Stack gap="sm">
      {priced ? (
        <Text size="sm">{priceSource(preview)}</Text>
      ) : (
        <Alert color="yellow" variant="light">
          {priceSource(preview)}
        </Alert>
      )}
      <Table withRowBorders={false} verticalSpacing={4} aria-label={t('newJob.price.figures')}>
        <Table.Tbody>
          <Figure label={t('newJob.price.unitPrice')}>
            {t('newJob.price.perUnit', { rate: formatRate(quantity.unitCost, currency), unit: unitName ?? details.quantity.quantityType.name })}
          </Figure>
          <Figure label={t('newJob.price.quantity')}>{`${formatNumber(details.quantity.value, 6)} ${details.quantity.quantityType.name}`}</Figure>
          <Figure label={t('newJob.price.subtotal')}>{formatMoney(details.subtotal, currency)}</Figure>
          {preview.minimumFee !== null && (
            <Figure label={t('newJob.price.minimumFee')}>
              {t(details.minimumFeeApplied ? 'newJob.price.minimumFee.applied' : 'newJob.price.minimumFee.notApplied', {
                fee: formatMoney(preview.minimumFee, currency),
              })}
            </Figure>
          )}
          <Figure label={t('newJob.price.total')} strong>
            {formatMoney(estimation.total, currency)}
          </Figure>
        </Table.Tbody>
      </Table>
      {quantity.matches.length > 0 && (
        <Table verticalSpacing={2} fz="sm" aria-label={t('newJob.price.matchRates')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('job.estimate.match.category')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('job.estimate.match.share')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('job.estimate.match.rate')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quantity.matches.map((match) => (
              <Table.Tr key={match.id}>
                <Table.Th scope="row" fw={400}>
                  {match.name}
                </Table.Th>
                <Table.Td ta="right">{formatPercent(match.percentage)}</Table.Td>
                <Table.Td ta="right">{formatRate(match.unitCost, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* Said aloud when it changes: the figure the person is waiting for. */}
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('newJob.price.summary', { total: formatMoney(estimation.total, currency) })}
      </Text>
    </Stack>
  );
}

function Figure({ label, children, strong }: { label: string; children: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}
