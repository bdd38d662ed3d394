import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { InvoiceForm } from './invoice-form';
import { portalInvoicesQuery, type PortalInvoice } from './invoices-queries';
import type { PortalKey } from './i18n';
import { PortalNotFoundPage } from './not-found-page';
import { usePortalPerson } from './session';
import { usePortalText } from './use-portal-text';
import { formatMoney } from './work';
import classes from './portal.module.css';

/**
 * `/portal/invoices`: the supplier's invoices to the agency (docs/console.md#portal-pages,
 * docs/supplier-portal.md#invoices) — a form to submit one for their completed purchase orders,
 * and the ones submitted with what the agency decided (a rejection with its reason). A client's
 * person has none: not found.
 */
export function PortalInvoicesPage() {
  const person = usePortalPerson();
  const { t } = usePortalText();
  if (person.party.kind !== 'supplier') return <PortalNotFoundPage />;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('invoices.title')}</Title>
        <Text>{t('invoices.intro', { agency: person.agency.name })}</Text>
      </Stack>
      <InvoiceForm />
      <InvoiceList />
    </Stack>
  );
}

const STATUS_COLOR: Readonly<Record<PortalInvoice['status'], string>> = { submitted: 'blue', approved: 'green', rejected: 'red' };
const STATUS_TEXT: Readonly<Record<PortalInvoice['status'], PortalKey>> = {
  submitted: 'invoices.status.submitted',
  approved: 'invoices.status.approved',
  rejected: 'invoices.status.rejected',
};

function InvoiceList() {
  const text = usePortalText();
  const { t } = text;
  const list = useQuery(portalInvoicesQuery);

  let body;
  if (list.isPending) body = <Loader size="sm" aria-label={t('invoices.list.title')} />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('invoices.list.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void list.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (list.data.length === 0) body = <Text c="dimmed">{t('invoices.list.empty')}</Text>;
  else
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} className={classes.list}>
        {list.data.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="portal-invoices-list">
      <Title order={2} size="h3" id="portal-invoices-list">
        {t('invoices.list.title')}
      </Title>
      {body}
    </Stack>
  );
}

/** One invoice: its number and status, date and total, the orders it covers, and why it was rejected. */
function InvoiceCard({ invoice }: { invoice: PortalInvoice }) {
  const text = usePortalText();
  const { t } = text;
  const numbers = invoice.purchaseOrders.map((order) => order.number ?? '—').join(', ');
  return (
    <Paper withBorder p="sm" radius="md" component="li" className={classes.card}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} className={classes.value}>
            {t('invoices.invoice', { number: invoice.number })}
          </Text>
          <Badge color={STATUS_COLOR[invoice.status]} variant="light" className={classes.badge}>
            {t(STATUS_TEXT[invoice.status])}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          {/* An invoice's date is a day (midnight UTC): written as that day wherever the reader is. */}
          <Text size="sm">{text.formatDate(invoice.date, { dateStyle: 'medium', timeZone: 'UTC' })}</Text>
          <Text fw={600}>{formatMoney(text, invoice.total, invoice.currency)}</Text>
        </Group>
        <Text size="sm" c="dimmed" className={classes.value}>
          {t('invoices.covers', { numbers })}
        </Text>
        {invoice.explanation && (
          <Text size="sm" className={classes.value}>
            {t('invoices.yourExplanation', { explanation: invoice.explanation })}
          </Text>
        )}
        {invoice.status === 'rejected' && invoice.rejectionReason && (
          <Text size="sm" c="red.9" fw={500} className={classes.value}>
            {t('invoices.reason', { reason: invoice.rejectionReason })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
