import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { BulkStatusBar, BulkStatusResultView } from './bulk-status-bar';
import { JobsFilters } from './jobs-filters';
import type { BulkStatusResult } from './jobs-list-queries';
import { useJobsList } from './jobs-list-queries';
import { useListAddress } from '../../shared/list-page/list-address';
import { ListPage } from '../../shared/list-page/list-page';
import { ListSearchBox } from '../../shared/list-page/search-box';
import { DEFAULT_PAGE_SIZE, FILTER_KEYS, isFiltered, nextOrder, orderOf, PAGE_SIZES, toJobsQuery, type JobSort, type JobsSearch } from './jobs-search';
import { JobsTable } from './jobs-table';

/**
 * The jobs list (docs/console.md#the-jobs-page): search, filters, order and page live in the
 * address (`jobsRoute`'s search), so a view can be bookmarked and shared; the server filters,
 * sorts and pages, and the table shows one page.
 */
export function JobsPage() {
  const search = useSearch({ from: '/signed-in/jobs' });
  const canWrite = useCan('projects');
  const query = toJobsQuery(search);
  const list = useJobsList(query);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkResult, setBulkResult] = useState<BulkStatusResult | null>(null);
  // Read once per page shown, so that every row compares its due date with the same moment.
  const now = useMemo(() => new Date(), [list.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const update = useListAddress<JobsSearch>({ to: '/jobs' });

  // A page past the last (a bookmark of a list that has shrunk): the last page instead.
  const pastTheEnd = list.data !== undefined && list.data.totalPages > 0 && list.data.page > list.data.totalPages;
  const lastPage = list.data?.totalPages ?? 1;
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage > 1 ? lastPage : undefined }, { replace: true, keepPage: true });
  }, [pastTheEnd, lastPage]); // eslint-disable-line react-hooks/exhaustive-deps

  // The selection is of the page shown: another page or view starts with none.
  const viewKey = JSON.stringify(query);
  useEffect(() => setSelected(new Set()), [viewKey]);

  const rows = list.data?.items;
  const selectedRows = (rows ?? []).filter((row) => selected.has(row.id));
  const order = orderOf(search);
  const filtered = isFiltered(search);
  const clearFilters = () => update({ q: undefined, ...Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])) });

  return (
    <ListPage
      title={t('jobs.title')}
      action={
        canWrite && (
          <Button component={Link} to="/jobs/new">
            {t('jobs.new')}
          </Button>
        )
      }
      filters={
        <>
          <ListSearchBox
            value={search.q}
            onSearch={(q) => update({ q }, { replace: true })}
            label={t('jobs.search')}
            placeholder={t('jobs.search.placeholder')}
            width={{ max: 480 }}
          />
          <JobsFilters search={search} onChange={(changes) => update(changes)} onClear={filtered ? clearFilters : undefined} />
        </>
      }
      answer={list.data}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={t('jobs.pageSize')}
      defaultPageSize={DEFAULT_PAGE_SIZE}
      onPage={(page) => update({ page }, { keepPage: true })}
      onPageSize={(pageSize) => update({ pageSize })}
    >
      {list.isError && (
        <Alert color="red" title={t('jobs.error', { message: list.error.message })} role="alert">
          <Button variant="light" color="red" size="xs" onClick={() => void list.refetch()}>
            {t('state.retry')}
          </Button>
        </Alert>
      )}

      {!(list.isError && !rows) && (rows === undefined || rows.length > 0) && (
        <JobsTable
          rows={rows}
          skeletonRows={Math.min(query.pageSize ?? 10, 10)}
          busy={list.isPlaceholderData}
          order={order}
          onSort={(column: JobSort) => update(nextOrder(search, column))}
          selection={
            canWrite
              ? {
                  selected,
                  toggle: (id) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (next.has(id)) next.delete(id);
                      else next.add(id);
                      return next;
                    }),
                  toggleAll: () =>
                    setSelected((current) => (rows && rows.every((row) => current.has(row.id)) ? new Set() : new Set(rows?.map((row) => row.id)))),
                }
              : undefined
          }
          now={now}
        />
      )}

      {/* Kept in sight at the bottom of the window while the page scrolls; the result takes the bar's place. */}
      {(bulkResult || (canWrite && selectedRows.length > 0)) && (
        <Stack gap="xs" pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
          {bulkResult && <BulkStatusResultView result={bulkResult} onClose={() => setBulkResult(null)} />}
          {canWrite && selectedRows.length > 0 && (
            <BulkStatusBar
              jobs={selectedRows}
              onClear={() => setSelected(new Set())}
              onDone={(result) => {
                setSelected(new Set());
                setBulkResult(result);
              }}
            />
          )}
        </Stack>
      )}

      {rows !== undefined && rows.length === 0 && !pastTheEnd && <EmptyState filtered={filtered} onClear={clearFilters} />}
    </ListPage>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="status">
      {filtered ? (
        <>
          <Text fw={600}>{t('jobs.empty.filtered')}</Text>
          <Button variant="light" onClick={onClear}>
            {t('jobs.filter.clear')}
          </Button>
        </>
      ) : (
        <>
          <Text fw={600}>{t('jobs.empty.title')}</Text>
          <Text c="dimmed">{t('jobs.empty.text')}</Text>
        </>
      )}
    </Stack>
  );
}
