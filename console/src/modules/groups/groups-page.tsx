import { Button, Group as Row, MultiSelect, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { ClientSelect } from './client-select';
import { CreateGroupModal } from './create-group-modal';
import { GROUP_STATUSES, isStatusCode, statusText } from './group-status';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, toggleSort, withFilter, type GroupsSearch } from './groups-search';
import { GroupsTable } from './groups-table';
import { groupsListQuery } from './queries';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

const STATUS_OPTIONS = GROUP_STATUSES.map((code) => ({ value: String(code), label: t(statusText(code)) }));
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** The groups list (docs/console.md#groups): search, filters, sorting and paging kept in the address. */
export function GroupsPage() {
  const search = useSearch({ from: '/signed-in/groups' });
  const navigate = useNavigate({ from: '/groups' });
  const canEdit = useCan('projects');
  const [creating, { open, close }] = useDisclosure(false);
  const { data: page, error, isPending, isFetching, refetch } = useQuery(groupsListQuery(search));
  const go = (next: GroupsSearch) => void navigate({ search: next, replace: true });

  return (
    <Stack gap="md">
      <Row justify="space-between">
        <Title order={1}>{t('groups.title')}</Title>
        {canEdit && <Button onClick={open}>{t('groups.new')}</Button>}
      </Row>
      <GroupsFilters search={search} onChange={go} />
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : page.items.length === 0 && search.page ? (
        // A bookmarked page past the last one (groups were deleted since).
        <Stack gap="xs" align="flex-start">
          <Text>{t('groups.pastLastPage')}</Text>
          <Button variant="light" onClick={() => go({ ...search, page: undefined })}>
            {t('groups.firstPage')}
          </Button>
        </Stack>
      ) : page.items.length === 0 ? (
        <Text>{search.q || search.status || search.client ? t('groups.noMatch') : t('groups.empty')}</Text>
      ) : (
        <>
          <GroupsTable page={page} search={search} onSort={(sort) => go(toggleSort(search, sort))} />
          <Row justify="space-between" aria-busy={isFetching}>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('pagination.summary', {
                from: (page.page - 1) * page.pageSize + 1,
                to: (page.page - 1) * page.pageSize + page.items.length,
                total: page.totalItems,
              })}
            </Text>
            <Row gap="sm">
              <Pagination
                total={page.totalPages}
                value={page.page}
                onChange={(next) => go({ ...search, page: next > 1 ? next : undefined })}
                getControlProps={(control) => ({ 'aria-label': t(`groups.page.${control}`) })}
                getItemProps={(number) => ({ 'aria-label': t('groups.page.number', { number }) })}
                aria-label={t('pagination.label')}
              />
              <Select
                label={t('groups.pageSize')}
                data={PAGE_SIZE_OPTIONS}
                value={String(search.pageSize ?? DEFAULT_PAGE_SIZE)}
                onChange={(value) => go(withFilter(search, { pageSize: Number(value) }))}
                allowDeselect={false}
                w={90}
                size="xs"
              />
            </Row>
          </Row>
        </>
      )}
      {canEdit && <CreateGroupModal opened={creating} onClose={close} />}
    </Stack>
  );
}

/** The search box (sent a moment after the last key) and the status and client filters. */
function GroupsFilters({ search, onChange }: { search: GroupsSearch; onChange: (search: GroupsSearch) => void }) {
  const [q, setQ] = useState(search.q ?? '');
  const sent = useRef(search.q ?? '');
  const sendQ = useDebouncedCallback((value: string) => {
    sent.current = value.trim() === '' ? '' : value;
    onChange(withFilter(search, { q: value }));
  }, 300);
  // The address changed by itself (back, a bookmark), not by typing here: the box shows it.
  useEffect(() => {
    if ((search.q ?? '') !== sent.current) setQ((sent.current = search.q ?? ''));
  }, [search.q]);
  return (
    <Row align="flex-end" gap="sm">
      <TextInput
        label={t('groups.search')}
        placeholder={t('groups.searchPlaceholder')}
        type="search"
        value={q}
        onChange={(event) => {
          setQ(event.currentTarget.value);
          sendQ(event.currentTarget.value);
        }}
        w={220}
      />
      <MultiSelect
        label={t('groups.filter.status')}
        placeholder={search.status ? undefined : t('groups.filter.anyStatus')}
        data={STATUS_OPTIONS}
        value={(search.status ?? []).map(String)}
        onChange={(values) => onChange(withFilter(search, { status: values.map(Number).filter(isStatusCode) }))}
        clearable
        w={240}
      />
      <ClientSelect
        label={t('groups.filter.client')}
        placeholder={t('groups.filter.anyClient')}
        value={search.client ?? null}
        onChange={(client) => onChange(withFilter(search, { client: client ?? undefined }))}
        w={220}
      />
    </Row>
  );
}
