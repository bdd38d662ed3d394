import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { CreateDocumentModal } from './create-document-modal';
import { todayIso } from './document-logic';
import { useListAddress } from '../../shared/list-page/list-address';
import { ListPage } from '../../shared/list-page/list-page';
import { ListSearchBox } from '../../shared/list-page/search-box';
import { DEFAULT_PAGE_SIZE, documentsApiQuery, isFiltered, PAGE_SIZES, toggleSort, type DocumentsSearch } from './documents-search';
import { DocumentsTable } from './documents-table';
import type { DocumentKind } from './kinds';
import { PartySelect } from './party-select';
import { documentsListQuery } from './queries';
import { DateField } from '../../shared/ui/date-field';
import { isIsoDate } from '../../shared/formatting/date-input';

/**
 * A list of documents of one kind (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders):
 * search, status, party and issue dates in the address; the API filters, sorts and pages.
 */
export function DocumentsListPage({ kind, search }: { kind: DocumentKind; search: DocumentsSearch }) {
  const navigate = useNavigate();
  const canWrite = useCan(kind.area);
  const query = documentsApiQuery(kind, search);
  const list = useQuery(documentsListQuery(kind, query));
  const [creating, setCreating] = useState(false);
  const today = useMemo(() => todayIso(), [list.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const update = useListAddress<DocumentsSearch>({ to: kind.path });
  const filtered = isFiltered(search);
  const clear = () => update({ q: undefined, status: undefined, party: undefined, from: undefined, to: undefined });
  const rows = list.data?.items;

  return (
    <ListPage
      title={t(kind.title)}
      action={canWrite && <Button onClick={() => setCreating(true)}>{t(`documents.new.${kind.key}`)}</Button>}
      filters={
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ListSearchBox
            value={search.q}
            onSearch={(q) => update({ q }, { replace: true })}
            label={t('documents.search')}
            placeholder={t('documents.search.placeholder')}
            width={260}
          />
          <MultiSelect
            w={220}
            label={t('documents.filter.status')}
            placeholder={search.status ? undefined : t('documents.filter.any')}
            data={kind.statuses.map((status) => ({ value: String(status.code), label: t(status.label) }))}
            value={(search.status ?? []).map(String)}
            onChange={(values) => update({ status: values.length > 0 ? values.map(Number) : undefined })}
            comboboxProps={{ withinPortal: true }}
            clearable
          />
          <PartySelect
            kind={kind}
            w={240}
            label={t(kind.party === 'client' ? 'documents.column.client' : 'documents.column.supplier')}
            value={search.party ?? null}
            onChange={(party) => update({ party: party ?? undefined })}
          />
          <DateField
            w={160}
            label={t('documents.filter.from')}
            value={search.from ?? ''}
            onChange={(value) => (value === '' || isIsoDate(value)) && update({ from: value || undefined })}
          />
          <DateField
            w={160}
            label={t('documents.filter.to')}
            value={search.to ?? ''}
            onChange={(value) => (value === '' || isIsoDate(value)) && update({ to: value || undefined })}
          />
          {filtered && (
            <Button variant="subtle" onClick={clear}>
              {t('documents.filter.clear')}
            </Button>
          )}
        </Group>
      }
      answer={list.data}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={t('documents.pageSize')}
      defaultPageSize={DEFAULT_PAGE_SIZE}
      onPage={(page) => update({ page }, { keepPage: true })}
      onPageSize={(pageSize) => update({ pageSize })}
    >
      {list.isError && (
        <Alert color="red" title={t('state.error', { message: list.error.message })} role="alert">
          <Button variant="light" color="red" size="xs" onClick={() => void list.refetch()}>
            {t('state.retry')}
          </Button>
        </Alert>
      )}
      {rows === undefined && !list.isError && <Text c="dimmed">{t('state.loading')}</Text>}
      {rows !== undefined && rows.length > 0 && (
        <DocumentsTable kind={kind} items={rows} search={search} onSort={(sort) => update(toggleSort(search, sort), { keepPage: true })} today={today} />
      )}
      {rows !== undefined && rows.length === 0 && (
        <Stack align="center" gap="xs" py="xl" role="status">
          <Text fw={600}>{filtered ? t('documents.empty.filtered') : t(`documents.empty.${kind.key}`)}</Text>
          {filtered && (
            <Button variant="light" onClick={clear}>
              {t('documents.filter.clear')}
            </Button>
          )}
        </Stack>
      )}
      {canWrite && (
        <CreateDocumentModal
          kind={kind}
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(document) => void navigate({ to: `${kind.path}/${document.id}` as never })}
        />
      )}
    </ListPage>
  );
}
