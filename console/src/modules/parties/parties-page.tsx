import { Button, Stack, Text } from '@mantine/core';
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
import { useListAddress } from '../../shared/list-page/list-address';
import { ListPage } from '../../shared/list-page/list-page';
import { partiesPath } from './party-kind';

/**
 * The clients or suppliers list (docs/console.md#clients-and-suppliers): search, filters, sorting and
 * paging kept in the address, served by the API's own filtering and paging.
 */
export function PartiesPage({ kind, search }: { kind: PartyKind; search: PartiesSearch }) {
  const canEdit = useCan('projects');
  const [creating, { open, close }] = useDisclosure(false);
  const { data: page, error, isPending, refetch } = useQuery(partiesListQuery(kind, search));
  const update = useListAddress<PartiesSearch>({ to: partiesPath(kind), replace: true, withFilter });

  return (
    <ListPage
      title={t(`parties.${kind}.title`)}
      action={canEdit && <Button onClick={open}>{t(`parties.${kind}.new`)}</Button>}
      filters={<PartiesFilters kind={kind} search={search} onChange={update} />}
      answer={page}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={t('parties.pageSize')}
      defaultPageSize={DEFAULT_PAGE_SIZE}
      onPage={(next) => update({ page: next }, { keepPage: true })}
      onPageSize={(pageSize) => update({ pageSize })}
    >
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : page.items.length === 0 && search.page ? (
        // A bookmarked page past the last one (records were deleted or archived since).
        <Stack gap="xs" align="flex-start">
          <Text>{t('parties.pastLastPage')}</Text>
          <Button variant="light" onClick={() => update({})}>
            {t('parties.firstPage')}
          </Button>
        </Stack>
      ) : page.items.length === 0 ? (
        <Text>{isFiltered(search) ? t(`parties.${kind}.noMatch`) : t(`parties.${kind}.empty`)}</Text>
      ) : (
        <PartiesTable kind={kind} page={page} search={search} onSort={(sort) => update(toggleSort(search, sort), { keepPage: true })} />
      )}
      {canEdit && <CreatePartyModal kind={kind} opened={creating} onClose={close} />}
    </ListPage>
  );
}
