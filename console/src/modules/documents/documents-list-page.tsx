import { Alert, Button, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { CreateDocumentModal } from './create-document-modal';
import { todayIso } from './document-logic';
import { ListPagination } from '../../shared/ui/list-pagination';
import { documentsApiQuery, isFiltered, PAGE_SIZES, toggleSort, type DocumentsSearch } from './documents-search';
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

  const update = (changes: Partial<DocumentsSearch>, options: { replace?: boolean; keepPage?: boolean } = {}) => {
    void navigate({
      to: kind.path,
      search: ((previous: DocumentsSearch) => ({ ...previous, ...changes, ...(options.keepPage ? {} : { page: undefined }) })) as never,
      replace: options.replace,
    });
  };
  const filtered = isFiltered(search);
  const clear = () => update({ q: undefined, status: undefined, party: undefined, from: undefined, to: undefined });
  const rows = list.data?.items;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t(kind.title)}</Title>
        {canWrite && <Button onClick={() => setCreating(true)}>{t(`documents.new.${kind.key}`)}</Button>}
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchBox value={search.q} onSearch={(q) => update({ q }, { replace: true })} />
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
      {list.data && list.data.totalItems > 0 && (
        <ListPagination
          pageSizes={PAGE_SIZES}
          pageSizeLabel={t('documents.pageSize')}
          page={list.data.page}
          pageSize={list.data.pageSize}
          totalItems={list.data.totalItems}
          totalPages={list.data.totalPages}
          onPage={(page) => update({ page: page > 1 ? page : undefined }, { keepPage: true })}
          onPageSize={(pageSize) => update({ pageSize: pageSize === 20 ? undefined : pageSize })}
        />
      )}
      {canWrite && (
        <CreateDocumentModal
          kind={kind}
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(document) => void navigate({ to: `${kind.path}/${document.id}` as never })}
        />
      )}
    </Stack>
  );
}

/** Typed text reaches the address 300 ms after the last key; the box follows the address otherwise. */
function SearchBox({ value, onSearch }: { value: string | undefined; onSearch(q: string | undefined): void }) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (debounced !== (value ?? '')) onSearch(debounced || undefined);
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if ((value ?? '') !== debounced) setText(value ?? '');
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextInput
      type="search"
      w={260}
      label={t('documents.search')}
      placeholder={t('documents.search.placeholder')}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}
