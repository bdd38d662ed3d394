import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../shared/ui/anchor-link';
import type { PortalKey } from '../i18n';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { clientMay } from './access';
import { clientInvoicesQuery, clientQuotesQuery } from './documents-queries';
import { clientJobsQuery } from './jobs-queries';
import classes from '../portal.module.css';

/**
 * A client's person's home page area (docs/client-portal.md#in-the-console): what waits for them —
 * their jobs in progress, and as their permissions allow the quotes awaiting their answer and the
 * invoices to pay — each a card that leads to its page. Counted from the lists the pages show.
 */
export function ClientOverview() {
  const person = usePortalPerson();
  const { t } = usePortalText();
  const mayApprove = clientMay(person, 'approve');
  const mayInvoices = clientMay(person, 'invoices');
  const jobs = useQuery(clientJobsQuery('open'));
  const quotes = useQuery({ ...clientQuotesQuery, enabled: mayApprove });
  const invoices = useQuery({ ...clientInvoicesQuery, enabled: mayInvoices });
  const toPay = invoices.data?.filter((invoice) => invoice.outstanding > 0);

  return (
    <Stack gap="sm" component="section" aria-labelledby="client-overview-title">
      <Title order={2} size="h3" id="client-overview-title">
        {t('clientHome.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card title="clientHome.jobs" query={jobs} count={jobs.data?.length} link={<CardLink to="/portal/client/jobs" text={t('clientHome.jobs.link')} />} />
        {mayApprove && (
          <Card
            title="clientHome.quotes"
            query={quotes}
            count={quotes.data?.filter((quote) => quote.status === 'sent').length}
            link={<CardLink to="/portal/client/quotes" text={t('clientHome.quotes.link')} />}
          />
        )}
        {mayInvoices && (
          <Card
            title="clientHome.invoices"
            query={invoices}
            count={toPay?.length}
            detail={
              toPay?.some((invoice) => invoice.overdue)
                ? t('clientHome.invoices.overdue', { count: toPay.filter((invoice) => invoice.overdue).length })
                : undefined
            }
            link={<CardLink to="/portal/client/invoices" text={t('clientHome.invoices.link')} />}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

function Card({ title, query, count, detail, link }: { title: PortalKey; query: UseQueryResult; count: number | undefined; detail?: string; link: ReactNode }) {
  const { t, formatNumber } = usePortalText();
  const headingId = `client-overview-${title.replace(/\W/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Text id={headingId} fw={600}>
          {t(title)}
        </Text>
        {query.isError ? (
          <Alert color="red" role="alert" p="xs">
            {t('clientHome.loadFailed')}
          </Alert>
        ) : count === undefined ? (
          <Loader size="sm" aria-label={t(title)} />
        ) : (
          <Text fz={32} fw={700} lh={1.1}>
            {formatNumber(count)}
          </Text>
        )}
        {detail && (
          <Text size="sm" c="red.9">
            {detail}
          </Text>
        )}
        {link}
      </Stack>
    </Paper>
  );
}

function CardLink({ to, text }: { to: '/portal/client/jobs' | '/portal/client/quotes' | '/portal/client/invoices'; text: string }) {
  return (
    <AnchorLink to={to} className={classes.target}>
      {text}
    </AnchorLink>
  );
}
