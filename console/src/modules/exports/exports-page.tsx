import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t, type MessageKey } from '../../shared/i18n';

/**
 * The listings that answer `format=csv` (docs/reference.md#csv-export), each a download: every row
 * of the account, all pages, in the listing's default order.
 */
export const EXPORTS: { list: MessageKey; path: string }[] = [
  { list: 'exports.list.jobs', path: '/v2/jobs' },
  { list: 'exports.list.groups', path: '/v2/groups' },
  { list: 'exports.list.clients', path: '/v2/clients' },
  { list: 'exports.list.suppliers', path: '/v2/suppliers' },
  { list: 'exports.list.quotes', path: '/v2/quotes' },
  { list: 'exports.list.invoices', path: '/v2/invoices' },
  { list: 'exports.list.purchaseOrders', path: '/v2/purchase-orders' },
  { list: 'exports.list.clientPrices', path: '/v2/account/prices/clients' },
  { list: 'exports.list.supplierPrices', path: '/v2/account/prices/suppliers' },
  { list: 'exports.list.events', path: '/v2/events' },
  { list: 'exports.list.webhooks', path: '/v2/webhooks' },
];

/** `/exports` (docs/console.md#exports): a download link per listing. */
export function ExportsPage() {
  return (
    <Stack gap="md">
      <Title order={1}>{t('exports.title')}</Title>
      <Text c="dimmed">{t('exports.intro')}</Text>
      <Table striped verticalSpacing="xs" maw={640}>
        <Table.Caption>{t('exports.tableLabel')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('exports.column.list')}</Table.Th>
            <Table.Th scope="col">{t('exports.column.file')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {EXPORTS.map(({ list, path }) => (
            <Table.Tr key={path}>
              <Table.Th scope="row" fw={500}>
                {t(list)}
              </Table.Th>
              <Table.Td>
                <Anchor href={`${path}?format=csv`} download aria-label={t('exports.download', { list: t(list) })}>
                  CSV
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text>
        <Anchor component={Link} to="/reports">
          {t('exports.reports')}
        </Anchor>
      </Text>
    </Stack>
  );
}
