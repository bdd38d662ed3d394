import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PortalKey } from '../i18n';
import { NotFound } from '../not-found-page';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { formatMoney } from '../work';
import classes from '../portal.module.css';
import { clientMay } from './access';
import { clientInvoicesQuery, invoicePdfUrl, invoiceUblUrl, type ClientInvoice } from './documents-queries';

/**
 * `/portal/client/invoices` (docs/console.md#portal-pages, docs/client-portal.md#invoices): the
 * client's invoices and credit notes, newest first, each with its status, due date, what is paid
 * and outstanding, and its PDF and e-invoice to download. A person without the `invoices`
 * permission: not found (the server refuses them the receivables too).
 */
export function ClientInvoicesPage() {
  const person = usePortalPerson();
  const { t } = usePortalText();
  if (!clientMay(person, 'invoices')) return <NotFound inFrame />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('clientDocs.invoices.title')}</Title>
        <Text>{t('clientDocs.invoices.intro', { agency: person.agency.name })}</Text>
      </Stack>
      <InvoiceList />
    </Stack>
  );
}

function InvoiceList() {
  const { t } = usePortalText();
  const list = useQuery(clientInvoicesQuery);
  if (list.isPending) return <Loader size="sm" aria-label={t('clientDocs.invoices.title')} />;
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('clientDocs.invoices.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void list.refetch()}>
            {t('clientDocs.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (list.data.length === 0) return <Text c="dimmed">{t('clientDocs.invoices.empty')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} className={classes.list}>
      {list.data.map((invoice) => (
        <InvoiceCard key={invoice.id} invoice={invoice} />
      ))}
    </Stack>
  );
}

function invoiceState(invoice: ClientInvoice): { key: PortalKey; color: string } {
  if (invoice.kind === 'creditNote') return { key: 'clientDocs.invoice.status.creditNote', color: 'grape' };
  if (invoice.overdue) return { key: 'clientDocs.invoice.overdue', color: 'red' };
  if (invoice.status === 'paid') return { key: 'clientDocs.invoice.status.paid', color: 'green' };
  if (invoice.status === 'credited') return { key: 'clientDocs.invoice.status.credited', color: 'gray' };
  return { key: 'clientDocs.invoice.status.sent', color: 'blue' };
}

/** One invoice or credit note: number and state, dates, total, paid and outstanding, and its files. */
function InvoiceCard({ invoice }: { invoice: ClientInvoice }) {
  const text = usePortalText();
  const { t } = text;
  const state = invoiceState(invoice);
  const money = (value: number) => formatMoney(text, value, invoice.currency);
  const day = (iso: string) => text.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
  const creditNote = invoice.kind === 'creditNote';
  const title = t(creditNote ? 'clientDocs.creditNote' : 'clientDocs.invoice', { number: invoice.number ?? '—' });
  return (
    <Paper withBorder p="sm" radius="md" component="li" className={classes.card} aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} className={classes.value}>
            {title}
          </Text>
          <Badge color={state.color} variant="light" className={classes.badge}>
            {t(state.key)}
          </Badge>
        </Group>
        {creditNote && invoice.creditedInvoice && <Text size="sm">{t('clientDocs.creditNoteOf', { number: invoice.creditedInvoice.number ?? '—' })}</Text>}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={4}>
          <Fact label={t('clientDocs.date')} value={invoice.issueDate ? day(invoice.issueDate) : '—'} />
          {!creditNote && <Fact label={t('clientDocs.dueDate')} value={invoice.dueDate ? day(invoice.dueDate) : '—'} danger={invoice.overdue} />}
          <Fact label={t('clientDocs.total')} value={money(invoice.total)} />
          {!creditNote && <Fact label={t('clientDocs.paid')} value={money(invoice.paid)} />}
          {!creditNote && (
            <Fact label={t('clientDocs.outstanding')} value={money(invoice.outstanding)} strong={invoice.outstanding > 0} danger={invoice.overdue} />
          )}
        </SimpleGrid>
        {invoice.purchaseOrder && (
          <Text size="sm" c="dimmed" className={classes.value}>
            {t('clientDocs.purchaseOrder', { number: invoice.purchaseOrder })}
          </Text>
        )}
        <Group gap="md">
          <Anchor href={invoicePdfUrl(invoice.id)} target="_blank" rel="noopener" className={classes.fileLink} aria-label={`${t('clientDocs.pdf')}: ${title}`}>
            {t('clientDocs.pdf')}
          </Anchor>
          <Anchor href={invoiceUblUrl(invoice.id)} download className={classes.fileLink} aria-label={`${t('clientDocs.ubl')}: ${title}`}>
            {t('clientDocs.ubl')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

function Fact({ label, value, strong, danger }: { label: string; value: string; strong?: boolean; danger?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} c={danger ? 'red.9' : undefined}>
        {value}
      </Text>
    </div>
  );
}
