import { Box, Button, Stack, Table, Text } from '@mantine/core';
import { t } from '../../../shared/i18n';
import { formatDate, formatNumber, formatRate } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import type { SupplierCandidate, SupplierCandidates } from './outsourcing-queries';

/**
 * The "Add supplier" dialog's first part (docs/console.md#the-job-page): the suppliers who have the
 * job's language pair or service, best first as the API ranks them
 * (GET /v2/jobs/:id/supplier-candidates), with the price an outsourcing would take, their rating
 * and whether they are away during the job. Choosing one fills the form below. Also the offer
 * round dialog's, where several are chosen (`chosen` a list; choosing toggles).
 */
export function OutsourcingCandidates({
  job,
  candidates,
  loading,
  chosen,
  onChoose,
}: {
  job: Job;
  candidates: SupplierCandidates | undefined;
  loading: boolean;
  chosen: string | null | readonly string[];
  onChoose: (candidate: SupplierCandidate) => void;
}) {
  const headingId = `outsourcing-candidates-${job.id}`;
  const items = candidates?.items ?? [];
  const isChosen = (id: string) => (Array.isArray(chosen) ? chosen.includes(id) : chosen === id);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Text fw={600} id={headingId}>
        {t('outsourcing.candidates.title')}
      </Text>
      <Text size="sm" c="dimmed" mb={4}>
        {candidates
          ? t('outsourcing.candidates.hint', { from: formatDate(candidates.period.from), to: formatDate(candidates.period.to) })
          : t('outsourcing.candidates.hintLoading')}
      </Text>
      {loading ? (
        <Text size="sm" role="status">
          {t('outsourcing.candidates.loading')}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" role="status">
          {t('outsourcing.candidates.none')}
        </Text>
      ) : (
        // A long list scrolls down inside the dialog; it never needs to scroll sideways.
        <Box style={{ maxHeight: 248, overflowY: 'auto' }} tabIndex={0} role="region" aria-label={t('outsourcing.candidates.title')}>
          <Table striped withTableBorder horizontalSpacing={6} verticalSpacing={4} fz="sm" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('outsourcing.candidates.column.supplier')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('outsourcing.candidates.column.price', { unit: job.quantityType.name })}
                </Table.Th>
                <Table.Th scope="col">{t('outsourcing.candidates.column.rating')}</Table.Th>
                <Table.Th scope="col">{t('outsourcing.candidates.column.availability')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <CandidateRow key={item.supplier.id} item={item} chosen={isChosen(item.supplier.id)} onChoose={onChoose} />
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

function CandidateRow({ item, chosen, onChoose }: { item: SupplierCandidate; chosen: boolean; onChoose: (candidate: SupplierCandidate) => void }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <Button
          variant={chosen ? 'filled' : 'subtle'}
          size="compact-sm"
          px={4}
          aria-pressed={chosen}
          aria-label={t('outsourcing.candidates.choose', { supplier: item.supplier.name })}
          onClick={() => onChoose(item)}
          styles={{ root: { height: 'auto', minHeight: 26 }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {item.supplier.name}
        </Button>
        <Text size="xs" c="dimmed">
          {matchText(item)}
        </Text>
      </Table.Th>
      <Table.Td ta="right">
        {item.price ? (
          <>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatRate(item.price.unitCost, item.price.currency.code)}
            </Text>
            <Text size="xs" c="dimmed">
              {item.price.type === 'supplier' ? t('outsourcing.candidates.price.supplier') : t('outsourcing.candidates.price.account')}
            </Text>
          </>
        ) : (
          <Text size="sm">{t('outsourcing.candidates.price.none')}</Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {item.rating === null ? t('outsourcing.candidates.rating.none') : t('outsourcing.candidates.rating', { rating: formatNumber(item.rating, 1) })}
      </Table.Td>
      <Table.Td>
        {item.available ? (
          t('outsourcing.candidates.available')
        ) : (
          <Stack gap={0}>
            {item.unavailabilities.map((period) => (
              <Text key={`${period.from}-${period.to}`} size="sm" c="red.9">
                {t(period.reason ? 'outsourcing.candidates.away' : 'outsourcing.candidates.awayNoReason', {
                  from: formatDate(period.from),
                  to: formatDate(period.to),
                  reason: period.reason,
                })}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** What the supplier has of the job, in words. */
function matchText(item: SupplierCandidate): string {
  if (item.hasLanguagePair && item.hasService) return t('outsourcing.candidates.match.both');
  if (item.hasLanguagePair) return t('outsourcing.candidates.match.pair');
  return t('outsourcing.candidates.match.service');
}
