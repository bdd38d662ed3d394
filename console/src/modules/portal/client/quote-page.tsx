import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ApiProblem } from '../../../shared/api/client';
import { NotFound } from '../not-found-page';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { formatMoney } from '../work';
import classes from '../portal.module.css';
import { clientMay } from './access';
import { DocumentLines } from './document-lines';
import { clientQuoteQuery, quotePdfUrl } from './documents-queries';
import { QuoteAnswer } from './quote-answer';
import { quoteState } from './quotes-page';

/**
 * `/portal/client/quotes/$id` (docs/client-portal.md#quotes): one quote — its number, state, dates
 * and total, the PDF, the lines and totals, and the answer it asks (accept or refuse, each after a
 * confirmation) or the one given. Another client's quote, or none: not found.
 */
export function ClientQuotePage() {
  const { id } = useParams({ from: '/portal/signed-in/client/quotes/$id' });
  const person = usePortalPerson();
  if (!clientMay(person, 'approve')) return <NotFound inFrame />;
  return <QuoteView id={id} />;
}

function QuoteView({ id }: { id: string }) {
  const text = usePortalText();
  const { t } = text;
  const query = useQuery(clientQuoteQuery(id));
  if (query.isPending) return <Loader size="sm" aria-label={t('clientDocs.quotes.title')} />;
  if (query.isError) {
    if (query.error instanceof ApiProblem && query.error.status === 404) return <NotFound inFrame />;
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('clientDocs.quote.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void query.refetch()}>
            {t('clientDocs.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const quote = query.data;
  const state = quoteState(quote);
  const day = (iso: string) => text.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to="/portal/client/quotes" size="sm" className={classes.backLink}>
          ← {t('clientDocs.quote.back')}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" className={classes.value}>
            {t('clientDocs.quote', { number: quote.number ?? '—' })}
          </Title>
          <Badge color={state.color} variant="light" className={classes.badge}>
            {t(state.key)}
          </Badge>
        </Group>
        <Text>
          {quote.issueDate && `${t('clientDocs.date')}: ${day(quote.issueDate)}`}
          {quote.validityDate && ` · ${t('clientDocs.validUntil')}: ${day(quote.validityDate)}`}
        </Text>
        <Text fw={700} size="lg">
          {t('clientDocs.total')}: {formatMoney(text, quote.total, quote.currency)}
        </Text>
        <Anchor href={quotePdfUrl(quote.id)} target="_blank" rel="noopener" className={classes.fileLink}>
          {t('clientDocs.pdf')}
        </Anchor>
      </Stack>
      <QuoteAnswer quote={quote} />
      <DocumentLines document={quote} />
    </Stack>
  );
}
