import { Table, Text, UnstyledButton } from '@mantine/core';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { t, type MessageKey } from '../../shared/i18n';
import { formatDate, formatNumber } from '../../shared/formatting/format';
import { budgetText, ProgressMeter, StatusBadge } from './group-parts';
import { DEFAULT_DIRECTION, DEFAULT_SORT, type GroupSort, type GroupsSearch } from './groups-search';
import type { GroupsPage } from './queries';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A column heading that sorts the list (the API's sorts: name, status, due date). */
function SortableHeading({
  sort,
  label,
  search,
  onSort,
  miw,
}: {
  sort: GroupSort;
  label: MessageKey;
  search: GroupsSearch;
  onSort: (sort: GroupSort) => void;
  miw?: number;
}) {
  const active = (search.sort ?? DEFAULT_SORT) === sort;
  const direction = search.direction ?? DEFAULT_DIRECTION;
  return (
    <Table.Th aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined} miw={miw}>
      <UnstyledButton onClick={() => onSort(sort)} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {t(label)}
        <span aria-hidden="true">{active ? (direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The groups of a page of the list, with their derived values as the API answers them. */
export function GroupsTable({ page, search, onSort }: { page: GroupsPage; search: GroupsSearch; onSort: (sort: GroupSort) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('groups.caption')}>
        <Table.Thead>
          <Table.Tr>
            <SortableHeading sort="name" label="groups.column.name" search={search} onSort={onSort} />
            <Table.Th>{t('groups.column.client')}</Table.Th>
            <SortableHeading sort="status" label="groups.column.status" search={search} onSort={onSort} miw={130} />
            <Table.Th>{t('groups.column.progress')}</Table.Th>
            <SortableHeading sort="dueDate" label="groups.column.dueDate" search={search} onSort={onSort} miw={110} />
            <Table.Th ta="right">{t('groups.column.budget')}</Table.Th>
            <Table.Th ta="right">{t('groups.column.jobs')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.items.map((group) => (
            <Table.Tr key={group.id}>
              <Table.Td>
                <AnchorLink to="/groups/$groupId" params={{ groupId: group.id }} fw={500}>
                  {group.name}
                </AnchorLink>
                {group.archived && (
                  <Text size="xs" c="dimmed">
                    {t('group.archived')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {group.client?.name ?? (
                  <Text c="dimmed" size="sm">
                    {t('group.noClient')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={group.status} />
              </Table.Td>
              <Table.Td>
                <ProgressMeter progress={group.progress} name={group.name} />
              </Table.Td>
              <Table.Td style={NOWRAP}>{formatDate(group.dueDate)}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {budgetText(group.budget)}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(group.jobs.length, 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
