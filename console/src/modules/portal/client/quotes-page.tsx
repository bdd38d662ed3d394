import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../shared/ui/anchor-link';
import type { PortalKey } from '../i18n';
import { NotFound } from '../not-found-page';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { formatMoney } from '../work';
import classes from '../portal.module.css';
import { clientMay } from './access';
import { clientQuotesQuery, type ClientQuote } from './documents-queries';

/** A quote's state for the client: its status, or "expired" for a sent one past its validity. */
export function quoteState(quote: Pick<ClientQuote, 'status' | 'expired'>): { key: PortalKey; color: string } {
  if (quote.status === 'accepted') return { key: 'clientDocs.quote.status.accepted', color: 'green' };
  if (quote.status === 'refused') return { key: 'clientDocs.quote.status.refused', color: 'red' };
  if (quote.expired) return { key: 'clientDocs.quote.status.expired', color: 'gray' };
  return { key: 'clientDocs.quote.status.sent', color: 'orange' };
}

/**
 * `/portal/client/quotes` (docs/console.md#portal-pages, docs/client-portal.md#quotes): the quotes
 * the agency sent the client, newest first, each a card that opens its page. A person without the
 * `approve` permission: not found.
 */
export function ClientQuotesPage() {
  const person = usePortalPerson();
  const { t } = usePortalText();
  if (!clientMay(person, 'approve')) return <NotFound inFrame />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('clientDocs.quotes.title')}</Title>
        <Text>{t('clientDocs.quotes.intro', { agency: person.agency.name })}</Text>
      </Stack>
      <QuoteList />
    </Stack>
  );
}

function QuoteList() {
  const { t } = usePortalText();
  const list = useQuery(clientQuotesQuery);
  if (list.isPending) return <Loader size="sm" aria-label={t('clientDocs.quotes.title')} />;
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('clientDocs.quotes.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void list.refetch()}>
            {t('clientDocs.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (list.data.length === 0) return <Text c="dimmed">{t('clientDocs.quotes.empty')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} className={classes.list}>
      {list.data.map((quote) => (
        <QuoteCard key={quote.id} quote={quote} />
      ))}
    </Stack>
  );
}

function QuoteCard({ quote }: { quote: ClientQuote }) {
  const text = usePortalText();
  const { t } = text;
  const state = quoteState(quote);
  const day = (iso: string) => text.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <Paper withBorder p="sm" radius="md" component="li" className={`${classes.card} ${state.key === 'clientDocs.quote.status.sent' ? classes.asking : ''}`}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <AnchorLink to="/portal/client/quotes/$id" params={{ id: quote.id }} fw={600} className={`${classes.value} ${classes.fileLink}`}>
            {t('clientDocs.quote', { number: quote.number ?? '—' })}
          </AnchorLink>
          <Badge color={state.color} variant="light" className={classes.badge}>
            {t(state.key)}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {quote.issueDate && `${t('clientDocs.date')}: ${day(quote.issueDate)}`}
            {quote.validityDate && ` · ${t('clientDocs.validUntil')}: ${day(quote.validityDate)}`}
          </Text>
          <Text fw={600}>{formatMoney(text, quote.total, quote.currency)}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
