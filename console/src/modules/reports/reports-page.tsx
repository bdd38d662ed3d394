import { Alert, Anchor, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { t, type MessageKey } from '../../shared/i18n';
import { formatMoney, formatNumber, formatPercent } from '../../shared/formatting/format';
import { LoadProblem } from '../../shared/ui/load-problem';
import { Loading } from '../../shared/ui/loading';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { useReport } from './queries';
import { FINANCIAL_REPORTS, useSeesRevenueAndMargins } from '../../shared/session/revenue-visibility';
import { MARGIN_DIMENSIONS, REPORT_COLUMNS, REPORT_NAMES, reportUrl, type ReportAnswer, type ReportColumn, type ReportsSearch } from './report-kinds';
import { DateField } from '../../shared/ui/date-field';
import { isIsoDate } from '../../shared/formatting/date-input';

// The chart (recharts) is not part of the page's first load: it comes after the table of the same numbers.
const ReportChart = lazy(() => import('./report-chart').then((module) => ({ default: module.ReportChart })));

/**
 * `/reports` (docs/console.md#reports): the reports of the API (docs/reports.md) with their filters,
 * a chart, the rows and totals as the API answers them, and the same report as CSV or XLSX.
 */
export function ReportsPage() {
  const search = useSearch({ from: '/signed-in/reports' });
  const navigate = useNavigate({ from: '/reports' });
  const change = (next: Partial<ReportsSearch>) => void navigate({ search: { ...search, ...next }, replace: true });
  // Revenue and margins hidden from the caller (docs/access.md#revenue-and-margins): those reports are not offered, nor asked for.
  const sees = useSeesRevenueAndMargins();
  const offered = REPORT_NAMES.filter((value) => sees !== false || !FINANCIAL_REPORTS.has(value));
  const refused = sees !== true && FINANCIAL_REPORTS.has(search.report);
  useEffect(() => {
    if (sees === false && FINANCIAL_REPORTS.has(search.report)) change({ report: offered[0] });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when what is offered changes
  }, [sees, search.report]);
  const { data: answer, error, isPending, refetch } = useReport(search, !refused);
  const name = t(`reports.name.${search.report}` as MessageKey);

  return (
    <Stack gap="md">
      <Title order={1}>{t('reports.title')}</Title>
      <Text c="dimmed">{t(`reports.about.${search.report}` as MessageKey)}</Text>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('reports.report')}
          data={offered.map((value) => ({ value, label: t(`reports.name.${value}` as MessageKey) }))}
          value={search.report}
          onChange={(value) => value && change({ report: value })}
          allowDeselect={false}
          w={200}
        />
        {search.report === 'margins' && (
          <Select
            label={t('reports.by')}
            data={MARGIN_DIMENSIONS.map((value) => ({ value, label: t(`reports.by.${value}` as MessageKey) }))}
            value={search.by}
            onChange={(value) => value && change({ by: value })}
            allowDeselect={false}
            w={180}
          />
        )}
        <DateField
          label={t('reports.from')}
          value={search.from ?? ''}
          onChange={(value) => (value === '' || isIsoDate(value)) && change({ from: value || undefined })}
          w={170}
        />
        <DateField
          label={t('reports.to')}
          value={search.to ?? ''}
          onChange={(value) => (value === '' || isIsoDate(value)) && change({ to: value || undefined })}
          w={170}
        />
        <Group gap="sm" pb={6}>
          <Anchor href={reportUrl(search, 'csv')} download aria-label={t('reports.downloadCsv', { report: name })}>
            {t('reports.csv')}
          </Anchor>
          <Anchor href={reportUrl(search, 'xlsx')} download aria-label={t('reports.downloadXlsx', { report: name })}>
            {t('reports.xlsx')}
          </Anchor>
        </Group>
      </Group>
      {error ? <LoadProblem error={error} onRetry={refetch} /> : isPending ? <Loading label={t('state.loading')} /> : <ReportView answer={answer} />}
    </Stack>
  );
}

function cell(column: ReportColumn, row: Record<string, unknown>, currency: string): string {
  const value = row[column.key];
  switch (column.kind) {
    case 'money':
      return value === null || value === undefined ? '—' : formatMoney(Number(value), currency);
    case 'currencyAmount':
      return formatMoney(Number(value), String(row.currency));
    case 'count':
      return formatNumber(Number(value ?? 0), 0);
    case 'number':
      return formatNumber(Number(value ?? 0), 6);
    case 'rate':
      return value === null ? '—' : formatPercent(Number(value));
    case 'text':
      if (value === null || value === undefined) return column.key === 'dueDate' || column.key === 'week' ? t('reports.noDueDate') : '—';
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}

function ReportView({ answer }: { answer: ReportAnswer }) {
  const columns = REPORT_COLUMNS[answer.report];
  const code = answer.currency.code;
  const name = t(`reports.name.${answer.report}` as MessageKey);
  if (answer.rows.length === 0) return <Text>{t('reports.empty')}</Text>;
  return (
    <Stack gap="md">
      {answer.unconverted.length > 0 && (
        <Alert color="yellow" title={t('reports.unconverted.title')}>
          {answer.unconverted
            .map((item) => t('reports.unconverted.item', { count: item.count, amount: formatMoney(item.amount, item.currency), day: item.day }))
            .join(' · ')}
        </Alert>
      )}
      <Suspense fallback={<Skeleton h={260} aria-hidden />}>
        <ReportChart answer={answer} />
      </Suspense>
      <ScrollTable label={t('reports.tableLabel', { report: name })} minWidth={640}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>{t('reports.tableLabel', { report: name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col" ta={column.kind === 'text' ? undefined : 'right'}>
                  {t(column.label, { currency: code })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.rows.map((row, index) => (
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.kind === 'text' ? undefined : 'right'}>
                    {cell(column, row, code)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th key={column.key} scope={index === 0 ? 'row' : undefined} ta={column.kind === 'text' ? undefined : 'right'}>
                  {index === 0
                    ? t('reports.total')
                    : column.kind !== 'text' && column.kind !== 'currencyAmount' && column.key in answer.totals
                      ? cell(column, answer.totals, code)
                      : ''}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
