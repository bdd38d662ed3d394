import { List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../../shared/i18n';
import { formatDate, formatMoney, formatNumber } from '../../shared/formatting/format';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { amountsText, Figure } from './parts';
import type { Dashboard, DashboardDocument, OverdueInvoices, UnpaidInvoices } from './queries';

/** Quotes sent and not yet accepted or refused (docs/dashboard.md#quotes-waiting): how many, their totals, the oldest. */
export function QuotesSection({ dashboard }: { dashboard: Dashboard }) {
  const quotes = dashboard.quotesWaiting;
  return (
    <DocumentsSection id="dashboard-quotes" title={t('dashboard.quotes.title')} all={<AnchorLink to="/quotes">{t('dashboard.quotes.all')}</AnchorLink>}>
      {quotes.count === 0 ? (
        <Text c="dimmed">{t('dashboard.quotes.empty')}</Text>
      ) : (
        <>
          <SimpleGrid component="dl" cols={1} m={0}>
            <Figure label={t('dashboard.quotes.count')} value={formatNumber(quotes.count, 0)} note={amountsText(quotes.totals)} />
          </SimpleGrid>
          <DocumentList
            title={t('dashboard.quotes.oldest')}
            documents={quotes.oldest}
            link={(document, name) => (
              <AnchorLink to="/quotes/$quoteId" params={{ quoteId: document.id }} fw={500}>
                {name}
              </AnchorLink>
            )}
            detail={(document) =>
              `${formatMoney(document.total, document.currency.code)} · ${t('dashboard.quotes.sent', { date: formatDate(document.issueDate) })}`
            }
          />
        </>
      )}
    </DocumentsSection>
  );
}

/** Sent invoices not paid, and those of them past their due date (docs/dashboard.md#invoices-to-be-paid). */
export function InvoicesSection({ unpaid, overdue }: { unpaid: UnpaidInvoices; overdue: OverdueInvoices }) {
  return (
    <DocumentsSection id="dashboard-invoices" title={t('dashboard.invoices.title')} all={<AnchorLink to="/invoices">{t('dashboard.invoices.all')}</AnchorLink>}>
      {unpaid.count === 0 ? (
        <Text c="dimmed">{t('dashboard.invoices.empty')}</Text>
      ) : (
        <>
          <SimpleGrid component="dl" cols={2} spacing="sm" m={0}>
            <Figure label={t('dashboard.invoices.unpaid')} value={formatNumber(unpaid.count, 0)} note={amountsText(unpaid.outstanding)} />
            <Figure label={t('dashboard.invoices.overdue')} value={formatNumber(overdue.count, 0)} note={amountsText(overdue.outstanding)} />
          </SimpleGrid>
          {overdue.count === 0 ? (
            <Text c="dimmed">{t('dashboard.invoices.noneOverdue')}</Text>
          ) : (
            <DocumentList
              title={t('dashboard.invoices.oldest')}
              documents={overdue.oldest}
              link={(document, name) => (
                <AnchorLink to="/invoices/$invoiceId" params={{ invoiceId: document.id }} fw={500}>
                  {name}
                </AnchorLink>
              )}
              detail={(document) =>
                `${t('dashboard.invoices.outstanding', { amount: formatMoney(document.outstanding, document.currency.code) })} · ${t('dashboard.invoices.due', { date: formatDate(document.dueDate) })}`
              }
            />
          )}
        </>
      )}
    </DocumentsSection>
  );
}

function DocumentsSection({ id, title, all, children }: { id: string; title: string; all: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">
        {children}
        <Text size="sm">{all}</Text>
      </Stack>
    </section>
  );
}

interface DocumentListProps {
  title: string;
  documents: DashboardDocument[];
  link: (document: DashboardDocument, name: string) => ReactNode;
  detail: (document: DashboardDocument) => string;
}

/** The first few documents of a figure: number (or "Draft") and client as a link, then their amount and date. */
function DocumentList({ title, documents, link, detail }: DocumentListProps) {
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <List spacing={6} listStyleType="none" aria-label={title}>
        {documents.map((document) => (
          <List.Item key={document.id}>
            {link(document, `${document.number ?? t('dashboard.document.draft')} · ${document.client?.name ?? t('dashboard.document.noClient')}`)}
            <Text size="sm" c="dimmed">
              {detail(document)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
