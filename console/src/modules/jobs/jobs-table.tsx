import { Anchor, Checkbox, Group, Skeleton, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t, type MessageKey } from '../../shared/i18n';
import { formatDate, formatMoney, formatNumber } from '../../shared/formatting/format';
import { isOverdue } from '../../shared/formatting/job-status';
import { JobStatusBadge, OverdueBadge } from '../../shared/ui/job-status-badge';
import type { JobRow } from './jobs-list-queries';
import type { JobSort } from './jobs-search';

export interface JobsSelection {
  selected: ReadonlySet<string>;
  toggle(id: string): void;
  /** Selects every job of the page, or none when all are selected. */
  toggleAll(): void;
}

interface JobsTableProps {
  /** The page's jobs; undefined while the first page loads (skeleton rows). */
  rows: JobRow[] | undefined;
  /** How many skeleton rows stand for a loading page. */
  skeletonRows: number;
  /** Another page or filter is loading: the rows shown are the previous ones. */
  busy: boolean;
  order: { sort: JobSort; direction: 'asc' | 'desc' };
  onSort(column: JobSort): void;
  /** Row checkboxes, for a role that may change jobs; none otherwise. */
  selection?: JobsSelection;
  now: Date;
}

/** The columns, in order; `sort` is the API's sort key of a column it can sort by. */
const COLUMNS: ReadonlyArray<{ key: MessageKey; sort?: JobSort; numeric?: boolean; wide?: boolean }> = [
  { key: 'jobs.column.number', wide: true },
  { key: 'jobs.column.name', sort: 'name' },
  { key: 'jobs.column.client' },
  { key: 'jobs.column.languagePair', wide: true },
  { key: 'jobs.column.service' },
  { key: 'jobs.column.quantity', numeric: true },
  { key: 'jobs.column.total', numeric: true },
  { key: 'jobs.column.status', sort: 'status' },
  { key: 'jobs.column.dueDate', sort: 'dueDate' },
  { key: 'jobs.column.manager' },
];

/**
 * From this breakpoint (1200 px) the language pair and the job number have columns of their own;
 * on a narrower window (a 1024 px screen beside the navigation) they are shown under the service
 * and the name, so that every column fits.
 */
const WIDE = 'lg';

/** "en → fr" (↔ both ways); a monolingual pair shows its language alone. */
export function languagePairText(pair: JobRow['languagePair']): string {
  if (!pair) return t('jobs.noLanguagePair');
  if (!pair.source) return pair.target.code;
  return `${pair.source.code} ${pair.bidirectional ? '↔' : '→'} ${pair.target.code}`;
}

/** A page of jobs: sortable headers (aria-sort), one row per job, skeleton rows while loading. */
export function JobsTable({ rows, skeletonRows, busy, order, onSort, selection, now }: JobsTableProps) {
  const pageIds = rows?.map((row) => row.id) ?? [];
  const selectedOnPage = pageIds.filter((id) => selection?.selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        fz="sm"
        aria-busy={rows === undefined || busy}
        aria-label={t('jobs.table.label')}
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label={t('jobs.select.page')}
                  checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                  disabled={pageIds.length === 0}
                  onChange={selection.toggleAll}
                />
              </Table.Th>
            )}
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortableHeader key={column.key} label={t(column.key)} column={column.sort} order={order} onSort={onSort} />
              ) : (
                <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined} visibleFrom={column.wide ? WIDE : undefined}>
                  {t(column.key)}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined
            ? Array.from({ length: skeletonRows }, (_, index) => <SkeletonRow key={index} withSelection={selection !== undefined} />)
            : rows.map((job) => <JobRowView key={job.id} job={job} selection={selection} now={now} />)}
        </Table.Tbody>
      </Table>
      {rows === undefined && <VisuallyHidden role="status">{t('jobs.table.loading')}</VisuallyHidden>}
    </Table.ScrollContainer>
  );
}

function SortableHeader({ label, column, order, onSort }: { label: string; column: JobSort; order: JobsTableProps['order']; onSort(column: JobSort): void }) {
  const active = order.sort === column;
  const ariaSort = active ? (order.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          {/* The arrow is for the eye; the header's aria-sort says the same to assistive technology. */}
          <Text span aria-hidden c={active ? undefined : 'dimmed'} fz="xs">
            {active ? (order.direction === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function JobRowView({ job, selection, now }: { job: JobRow; selection?: JobsSelection; now: Date }) {
  const overdue = isOverdue(job, now);
  return (
    <Table.Tr>
      {selection && (
        <Table.Td>
          <Checkbox aria-label={t('jobs.select.one', { name: job.name })} checked={selection.selected.has(job.id)} onChange={() => selection.toggle(job.id)} />
        </Table.Td>
      )}
      {/* The readable number (docs/jobs.md#job-numbers), on one line: null only for a job an older server made. */}
      <Table.Td visibleFrom={WIDE} style={{ whiteSpace: 'nowrap' }} c="dimmed">
        {job.number ?? '—'}
      </Table.Td>
      <Table.Td>
        <Anchor renderRoot={(props) => <Link {...props} to="/jobs/$jobId" params={{ jobId: job.id }} />} fz="sm" fw={500} c="indigo.8">
          {job.name}
        </Anchor>
        {job.number && (
          <Text hiddenFrom={WIDE} fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {job.number}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{job.client.name}</Table.Td>
      <Table.Td visibleFrom={WIDE}>{languagePairText(job.languagePair)}</Table.Td>
      <Table.Td>
        {job.service.name}
        <Text hiddenFrom={WIDE} fz="xs" c="dimmed">
          {languagePairText(job.languagePair)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        {formatNumber(job.quantity.value)} {job.quantityType.name}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(job.estimation.total, job.currency.code)}
      </Table.Td>
      <Table.Td>
        <JobStatusBadge code={job.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {overdue ? (
          <Stack gap={2} align="flex-start">
            <Text span fz="sm" c="red.9" fw={600}>
              {formatDate(job.dueDate)}
            </Text>
            <OverdueBadge label={t('jobs.overdue')} />
          </Stack>
        ) : (
          formatDate(job.dueDate)
        )}
      </Table.Td>
      <Table.Td>{job.user.name}</Table.Td>
    </Table.Tr>
  );
}

function SkeletonRow({ withSelection }: { withSelection: boolean }) {
  const cells = [...(withSelection ? [{ key: 'select', wide: false }] : []), ...COLUMNS.map((column) => ({ key: column.key, wide: column.wide === true }))];
  return (
    <Table.Tr aria-hidden>
      {cells.map((cell) => (
        <Table.Td key={cell.key} visibleFrom={cell.wide ? WIDE : undefined}>
          <Skeleton height={12} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
