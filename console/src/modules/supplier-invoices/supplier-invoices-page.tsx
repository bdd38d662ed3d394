import { Alert, Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { differenceOf } from '../../shared/formatting/exact-amounts';
import { formatDate, formatMoney } from '../../shared/formatting/format';
import { t, type MessageKey } from '../../shared/i18n';
import { useListAddress } from '../../shared/list-page/list-address';
import { ListPage } from '../../shared/list-page/list-page';
import { useCan } from '../../shared/session/session';
import { partyQuery } from '../../shared/api/party';
import { RemoteSelect, type Options } from '../../shared/ui/remote-select';
import { ApproveDialog, RejectDialog } from './decision-dialogs';
import { supplierInvoicePdfUrl, supplierInvoicesQuery, useSupplierChoices, type SupplierInvoice } from './queries';
import { DEFAULT_PAGE_SIZE, INVOICE_STATUSES, PAGE_SIZES, statusFilterOf, supplierInvoicesApiQuery, type SupplierInvoicesSearch } from './search';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const STATUS_COLOR: Readonly<Record<SupplierInvoice['status'], string>> = { submitted: 'blue', approved: 'teal', rejected: 'red' };

/**
 * `/supplier-invoices` (docs/console.md#supplier-invoices): the invoices suppliers submit from the
 * portal, those waiting for a decision first (the status filter opens on `submitted`); each with its
 * supplier, number, date, total, the purchase orders it covers, how far its total is from theirs and
 * why, and its PDF. The owner, admins and finance approve (after a confirmation) or reject (with a
 * reason the supplier reads); the API refuses other roles, whose rows show no such buttons.
 */
export function SupplierInvoicesPage() {
  const search = useSearch({ from: '/signed-in/supplier-invoices' });
  const canDecide = useCan('invoices');
  const list = useQuery(supplierInvoicesQuery(supplierInvoicesApiQuery(search)));
  const update = useListAddress<SupplierInvoicesSearch>({ to: '/supplier-invoices' });
  const [approving, setApproving] = useState<SupplierInvoice>();
  const [rejecting, setRejecting] = useState<SupplierInvoice>();
  const status = statusFilterOf(search);
  const filtered = status !== 'submitted' || search.supplier !== undefined;
  const rows = list.data?.items;

  return (
    <ListPage
      title={t('nav.supplierInvoices')}
      filters={
        <Stack gap="sm">
          <Text c="dimmed">{t('supplierInvoices.intro')}</Text>
          {!canDecide && (
            <Alert color="gray" role="note">
              {t('supplierInvoices.readOnly')}
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Stack gap={4}>
              <Text component="span" size="sm" fw={500} id="supplier-invoices-status">
                {t('supplierInvoices.filter.status')}
              </Text>
              <SegmentedControl
                aria-labelledby="supplier-invoices-status"
                value={status}
                onChange={(value) => update({ status: value === 'submitted' ? undefined : value })}
                data={[
                  ...INVOICE_STATUSES.map((value) => ({ value, label: t(`supplierInvoices.status.${value}` as MessageKey) })),
                  { value: 'all', label: t('supplierInvoices.filter.all') },
                ]}
              />
            </Stack>
            <SupplierFilter value={search.supplier ?? null} onChange={(supplier) => update({ supplier: supplier ?? undefined })} />
            {filtered && (
              <Button variant="subtle" onClick={() => update({ status: undefined, supplier: undefined })}>
                {t('supplierInvoices.filter.clear')}
              </Button>
            )}
          </Group>
        </Stack>
      }
      answer={list.data}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={t('supplierInvoices.pageSize')}
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
      {rows !== undefined && rows.length > 0 && <SupplierInvoicesTable items={rows} canDecide={canDecide} onApprove={setApproving} onReject={setRejecting} />}
      {rows !== undefined && rows.length === 0 && (
        <Stack align="center" gap="xs" py="xl" role="status">
          <Text fw={600}>{filtered ? t('supplierInvoices.empty') : t('supplierInvoices.empty.submitted')}</Text>
        </Stack>
      )}
      {canDecide && (
        <>
          <ApproveDialog invoice={approving} onClose={() => setApproving(undefined)} />
          <RejectDialog invoice={rejecting} onClose={() => setRejecting(undefined)} />
        </>
      )}
    </ListPage>
  );
}

function SupplierInvoicesTable({
  items,
  canDecide,
  onApprove,
  onReject,
}: {
  items: SupplierInvoice[];
  canDecide: boolean;
  onApprove: (invoice: SupplierInvoice) => void;
  onReject: (invoice: SupplierInvoice) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={980} tabIndex={0} role="region" aria-label={t('supplierInvoices.list.scroll')}>
      <Table striped verticalSpacing="xs" aria-label={t('supplierInvoices.list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('supplierInvoices.column.supplier')}</Table.Th>
            <Table.Th>{t('supplierInvoices.column.number')}</Table.Th>
            <Table.Th>{t('supplierInvoices.column.date')}</Table.Th>
            <Table.Th ta="right">{t('supplierInvoices.column.total')}</Table.Th>
            <Table.Th>{t('supplierInvoices.column.orders')}</Table.Th>
            <Table.Th>{t('supplierInvoices.column.difference')}</Table.Th>
            <Table.Th>{t('supplierInvoices.column.status')}</Table.Th>
            <Table.Th>{t('supplierInvoices.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((invoice) => {
            const names = { number: invoice.number, supplier: invoice.supplier.name };
            return (
              <Table.Tr key={invoice.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/suppliers/${invoice.supplier.id}`} c="blue.8" td="underline">
                    {invoice.supplier.name}
                  </Anchor>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm" fw={500}>
                    {invoice.number}
                  </Text>
                </Table.Td>
                {/* The supplier's date is a day (midnight UTC). */}
                <Table.Td style={NOWRAP}>{formatDate(invoice.date.slice(0, 10))}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatMoney(invoice.total, invoice.currency.code)}
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {invoice.purchaseOrders.map((order) => (
                      <Anchor key={order.id} component={Link} to={`/purchase-orders/${order.id}`} size="sm" c="blue.8" td="underline" style={NOWRAP}>
                        {order.number ?? order.id}
                      </Anchor>
                    ))}
                  </Group>
                  <Text size="xs" c="dimmed" style={NOWRAP}>
                    {t('supplierInvoices.ordersTotal', { total: formatMoney(invoice.purchaseOrdersTotal, invoice.currency.code) })}
                  </Text>
                </Table.Td>
                <Table.Td maw={260}>
                  <Difference invoice={invoice} />
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={STATUS_COLOR[invoice.status]}
                    c={`${STATUS_COLOR[invoice.status]}.9`}
                    bg={`${STATUS_COLOR[invoice.status]}.0`}
                    variant="light"
                    radius="sm"
                    tt="none"
                    fw={600}
                    miw="max-content"
                  >
                    {t(`supplierInvoices.status.${invoice.status}`)}
                  </Badge>
                  {invoice.status === 'rejected' && invoice.rejectionReason && (
                    <Text size="xs" maw={220} style={{ overflowWrap: 'anywhere' }}>
                      {t('supplierInvoices.reason', { reason: invoice.rejectionReason })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={6} align="stretch">
                    <Button
                      component="a"
                      href={supplierInvoicePdfUrl(invoice.id)}
                      target="_blank"
                      rel="noopener"
                      variant="default"
                      size="xs"
                      aria-label={t('supplierInvoices.pdfLabel', names)}
                    >
                      {t('supplierInvoices.pdf')}
                    </Button>
                    {canDecide && invoice.status === 'submitted' && (
                      <>
                        <Button size="xs" color="teal.9" onClick={() => onApprove(invoice)} aria-label={t('supplierInvoices.approveLabel', names)}>
                          {t('supplierInvoices.approve')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          onClick={() => onReject(invoice)}
                          aria-label={t('supplierInvoices.rejectLabel', names)}
                        >
                          {t('supplierInvoices.reject')}
                        </Button>
                      </>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** How far the invoice's total is from its orders' (exactly), and the supplier's explanation. */
function Difference({ invoice }: { invoice: SupplierInvoice }) {
  const difference = differenceOf(invoice.total, invoice.purchaseOrdersTotal);
  if (difference === '0') return <Text size="sm">{t('supplierInvoices.noDifference')}</Text>;
  const amount = formatMoney(Number(difference.replace('-', '')), invoice.currency.code);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={NOWRAP}>
        {t(difference.startsWith('-') ? 'supplierInvoices.differenceLess' : 'supplierInvoices.difference', { difference: amount })}
      </Text>
      {invoice.explanation && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {invoice.explanation}
        </Text>
      )}
    </Stack>
  );
}

/** The supplier filter: found by typing part of the name; one read from the address shows its name. */
function SupplierFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { data: supplier } = useQuery({ ...partyQuery({ kind: 'supplier', id: value ?? '' }), enabled: value !== null });
  const useOptions = (q: string): Options => {
    const { data, isFetching } = useSupplierChoices(q);
    return { options: (data?.items ?? []).map((item) => ({ value: item.id, label: item.name })), loading: isFetching };
  };
  return (
    <RemoteSelect
      w={260}
      label={t('supplierInvoices.filter.supplier')}
      placeholder={t('supplierInvoices.filter.anySupplier')}
      value={value}
      onChange={onChange}
      useOptions={useOptions}
      selectedLabel={value !== null ? (supplier?.name ?? '…') : undefined}
      nothingFound={t('supplierInvoices.filter.supplierNone')}
      clearable
    />
  );
}
