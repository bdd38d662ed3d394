import { Button, Group as Row, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { CreatePartyModal } from './create-party-modal';
import { PartiesFilters } from './parties-filters';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, isFiltered, toggleSort, withFilter, type PartiesSearch } from './parties-search';
import { PartiesTable } from './parties-table';
import type { PartyKind } from '../../shared/api/party';
import { partiesListQuery } from './queries';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/**
 * The clients or suppliers list (docs/console.md#clients-and-suppliers): search, filters, sorting and
 * paging kept in the address, served by the API's own filtering and paging.
 */
export function PartiesPage({ kind, search, onChange }: { kind: PartyKind; search: PartiesSearch; onChange: (search: PartiesSearch) => void }) {
  const canEdit = useCan('projects');
  const [creating, { open, close }] = useDisclosure(false);
  const { data: page, error, isPending, isFetching, refetch } = useQuery(partiesListQuery(kind, search));

  return (
    <Stack gap="md">
      <Row justify="space-between">
        <Title order={1}>{t(`parties.${kind}.title`)}</Title>
        {canEdit && <Button onClick={open}>{t(`parties.${kind}.new`)}</Button>}
      </Row>
      <PartiesFilters kind={kind} search={search} onChange={onChange} />
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : page.items.length === 0 && search.page ? (
        // A bookmarked page past the last one (records were deleted or archived since).
        <Stack gap="xs" align="flex-start">
          <Text>{t('parties.pastLastPage')}</Text>
          <Button variant="light" onClick={() => onChange({ ...search, page: undefined })}>
            {t('parties.firstPage')}
          </Button>
        </Stack>
      ) : page.items.length === 0 ? (
        <Text>{isFiltered(search) ? t(`parties.${kind}.noMatch`) : t(`parties.${kind}.empty`)}</Text>
      ) : (
        <>
          <PartiesTable kind={kind} page={page} search={search} onSort={(sort) => onChange(toggleSort(search, sort))} />
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
                onChange={(next) => onChange({ ...search, page: next > 1 ? next : undefined })}
                getControlProps={(control) => ({ 'aria-label': t(`parties.page.${control}`) })}
                getItemProps={(number) => ({ 'aria-label': t('parties.page.number', { number }) })}
                aria-label={t('pagination.label')}
              />
              <Select
                label={t('parties.pageSize')}
                data={PAGE_SIZE_OPTIONS}
                value={String(search.pageSize ?? DEFAULT_PAGE_SIZE)}
                onChange={(value) => onChange(withFilter(search, { pageSize: Number(value) }))}
                allowDeselect={false}
                w={90}
                size="xs"
              />
            </Row>
          </Row>
        </>
      )}
      {canEdit && <CreatePartyModal kind={kind} opened={creating} onClose={close} />}
    </Stack>
  );
}
