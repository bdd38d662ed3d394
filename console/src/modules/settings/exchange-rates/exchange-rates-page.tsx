import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCan, useSession } from '../../../shared/session/session';
import { t } from '../../../shared/i18n';
import { ConfirmRecordDelete } from '../../../shared/ui/confirm-delete';
import { formatDate, formatNumber } from '../../../shared/formatting/format';
import { ListPagination } from '../../../shared/list-page/list-pagination';
import { Loading } from '../../../shared/ui/loading';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { CURRENCIES } from '../../../shared/api/choices';
import { accountQuery } from '../account/queries';
import { ReadOnlyNote } from '../read-only-note';
import { SettingsTableHead } from '../settings-table-head';
import { SettingsDeleteButton } from '../settings-delete-button';
import { rateSentence } from './rate';
import { RateModal } from './rate-modal';
import { exchangeRatesQuery, RATES_PAGE_SIZE, useDeleteRate, useImportRates, type ExchangeRate } from './queries';

const PAGE_SIZES = [20, 50, 100] as const;

/**
 * `/settings/exchange-rates`: the account's rates, newest first, a page at a time, filtered by
 * currency (docs/exchange-rates.md). Owner, admin and finance add, edit, delete and import; the
 * other roles read them.
 */
export function ExchangeRatesPage() {
  const canEdit = useCan('exchange-rates');
  const role = useSession().user.role;
  const account = useQuery(accountQuery);
  const accountCurrency = account.data?.currency.code ?? '';
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(RATES_PAGE_SIZE);
  const [currency, setCurrency] = useState<string | null>(null);
  const list = useQuery(exchangeRatesQuery({ page, pageSize, ...(currency ? { currency } : {}) }));
  const [editing, setEditing] = useState<ExchangeRate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExchangeRate | null>(null);
  const remove = useDeleteRate();
  const importRates = useImportRates();
  const currencies = useMemo(() => CURRENCIES.filter((code) => code !== accountCurrency), [accountCurrency]);
  const columns = [t('rates.column.date'), t('rates.column.currency'), t('rates.column.rate'), t('rates.column.source')];
  const rows = list.data?.items;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={1}>{t('rates.title')}</Title>
          <Text c="dimmed" maw={640}>
            {t('rates.intro', { currency: accountCurrency || '—' })}
          </Text>
        </Stack>
        {canEdit && (
          <Group gap="sm" wrap="nowrap" flex="none">
            <Button variant="default" loading={importRates.isPending} onClick={() => importRates.mutate()}>
              {t('rates.import')}
            </Button>
            <Button onClick={() => setEditing('new')} disabled={!account.data}>
              {t('rates.add')}
            </Button>
          </Group>
        )}
      </Group>
      {!canEdit && <ReadOnlyNote text={t('rates.readOnly', { role: t(`role.${role}`) })} />}
      {importRates.isError && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('action.close')} onClose={() => importRates.reset()}>
          {importRates.error.message}
        </Alert>
      )}
      {importRates.data && (
        <Alert color="teal" role="status" withCloseButton closeButtonLabel={t('action.close')} onClose={() => importRates.reset()}>
          {t('rates.imported', {
            created: formatNumber(importRates.data.created, 0),
            updated: formatNumber(importRates.data.updated, 0),
            unchanged: formatNumber(importRates.data.unchanged, 0),
            keptManual: formatNumber(importRates.data.keptManual, 0),
          })}
        </Alert>
      )}
      <Select
        label={t('rates.filter.currency')}
        placeholder={t('rates.filter.all')}
        w={220}
        searchable
        clearable
        data={currencies}
        limit={400}
        value={currency}
        onChange={(code) => {
          setCurrency(code);
          setPage(1);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {list.isPending && <Loading size="sm" label={t('settings.loading')} />}
      {list.isError && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {rows && (
        <ScrollTable label={t('rates.title')} minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <SettingsTableHead columns={columns} actions={canEdit} />
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + (canEdit ? 1 : 0)}>
                    <Text c="dimmed">{currency ? t('rates.emptyFiltered') : t('rates.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((rate) => {
                const names = { currency: rate.currency, date: formatDate(rate.date) };
                return (
                  <Table.Tr key={rate.id}>
                    <Table.Td>{formatDate(rate.date)}</Table.Td>
                    <Table.Td>{rate.currency}</Table.Td>
                    <Table.Td>{rateSentence(accountCurrency, rate.rate, rate.currency)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={rate.source === 'ecb' ? 'blue' : 'gray'} c={rate.source === 'ecb' ? 'blue.9' : 'dark'}>
                        {t(rate.source === 'ecb' ? 'rates.source.ecb' : 'rates.source.manual')}
                      </Badge>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td ta="right">
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button variant="subtle" size="compact-sm" aria-label={t('rates.editOne', names)} onClick={() => setEditing(rate)}>
                            {t('action.edit')}
                          </Button>
                          <SettingsDeleteButton label={t('rates.deleteOne', names)} onClick={() => setDeleting(rate)} />
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {list.data && list.data.totalItems > 0 && (
        <ListPagination
          pageSizes={PAGE_SIZES}
          pageSizeLabel={t('rates.pageSize')}
          page={list.data.page}
          pageSize={list.data.pageSize}
          totalItems={list.data.totalItems}
          totalPages={list.data.totalPages}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
      {canEdit && account.data && (
        <RateModal opened={editing !== null} rate={editing === 'new' ? null : editing} accountCurrency={accountCurrency} onClose={() => setEditing(null)} />
      )}
      {canEdit && (
        <ConfirmRecordDelete
          record={deleting}
          title={deleting ? t('rates.delete.title', { currency: deleting.currency, date: formatDate(deleting.date) }) : ''}
          text={
            deleting ? t('rates.delete.text', { rate: rateSentence(accountCurrency, deleting.rate, deleting.currency), date: formatDate(deleting.date) }) : ''
          }
          remove={remove}
          onClose={() => setDeleting(null)}
          onDeleted={() => notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message: t('rates.deleted') })}
        />
      )}
    </Stack>
  );
}
