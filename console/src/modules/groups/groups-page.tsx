import { Button, Group as Row, MultiSelect, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
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
import { useListAddress } from '../../shared/list-page/list-address';
import { ListPage } from '../../shared/list-page/list-page';
import { ListSearchBox } from '../../shared/list-page/search-box';

const STATUS_OPTIONS = GROUP_STATUSES.map((code) => ({ value: String(code), label: t(statusText(code)) }));

/** The groups list (docs/console.md#groups): search, filters, sorting and paging kept in the address. */
export function GroupsPage() {
  const search = useSearch({ from: '/signed-in/groups' });
  const canEdit = useCan('projects');
  const [creating, { open, close }] = useDisclosure(false);
  const { data: page, error, isPending, refetch } = useQuery(groupsListQuery(search));
  const update = useListAddress<GroupsSearch>({ to: '/groups', replace: true, withFilter });

  return (
    <ListPage
      title={t('groups.title')}
      action={canEdit && <Button onClick={open}>{t('groups.new')}</Button>}
      filters={<GroupsFilters search={search} onChange={update} />}
      answer={page}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={t('groups.pageSize')}
      defaultPageSize={DEFAULT_PAGE_SIZE}
      onPage={(next) => update({ page: next }, { keepPage: true })}
      onPageSize={(pageSize) => update({ pageSize })}
    >
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : page.items.length === 0 && search.page ? (
        // A bookmarked page past the last one (groups were deleted since).
        <Stack gap="xs" align="flex-start">
          <Text>{t('groups.pastLastPage')}</Text>
          <Button variant="light" onClick={() => update({})}>
            {t('groups.firstPage')}
          </Button>
        </Stack>
      ) : page.items.length === 0 ? (
        <Text>{search.q || search.status || search.client ? t('groups.noMatch') : t('groups.empty')}</Text>
      ) : (
        <GroupsTable page={page} search={search} onSort={(sort) => update(toggleSort(search, sort), { keepPage: true })} />
      )}
      {canEdit && <CreateGroupModal opened={creating} onClose={close} />}
    </ListPage>
  );
}

/** The search box (sent a moment after the last key) and the status and client filters. */
function GroupsFilters({ search, onChange }: { search: GroupsSearch; onChange: (changes: Partial<GroupsSearch>) => void }) {
  return (
    <Row align="flex-end" gap="sm">
      <ListSearchBox value={search.q} onSearch={(q) => onChange({ q })} label={t('groups.search')} placeholder={t('groups.searchPlaceholder')} width={220} />
      <MultiSelect
        label={t('groups.filter.status')}
        placeholder={search.status ? undefined : t('groups.filter.anyStatus')}
        data={STATUS_OPTIONS}
        value={(search.status ?? []).map(String)}
        onChange={(values) => onChange({ status: values.map(Number).filter(isStatusCode) })}
        clearable
        w={240}
      />
      <ClientSelect
        label={t('groups.filter.client')}
        placeholder={t('groups.filter.anyClient')}
        value={search.client ?? null}
        onChange={(client) => onChange({ client: client ?? undefined })}
        w={220}
      />
    </Row>
  );
}
