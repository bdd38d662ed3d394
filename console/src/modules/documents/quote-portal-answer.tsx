import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../shared/formatting/format';
import { t } from '../../shared/i18n';

import { quotePortalAnswerQuery } from './queries';

/**
 * The evidence of a quote accepted or refused on the client portal (docs/client-portal.md#quotes):
 * who, when, from where (IP address and user agent) and their comment. Nothing when the quote was
 * not answered there.
 */
export function QuotePortalAnswer({ id }: { id: string }) {
  const query = useQuery(quotePortalAnswerQuery(id));
  if (query.isPending || query.data === null) return null;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {t('documents.portalAnswer.loadFailed')}
      </Alert>
    );
  const answer = query.data;
  const params = { name: answer.person.name, date: formatDateTime(answer.answeredAt) };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="quote-portal-answer">
      <Stack gap="xs">
        <Title order={2} size="h4" id="quote-portal-answer">
          {t('documents.portalAnswer.title')}
        </Title>
        <Text fw={600}>{t(answer.answer === 'accepted' ? 'documents.portalAnswer.accepted' : 'documents.portalAnswer.refused', params)}</Text>
        <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {t('documents.portalAnswer.comment')}: {answer.comment === '' ? t('documents.portalAnswer.noComment') : answer.comment}
        </Text>
        <Text size="sm" c="dimmed">
          {t('documents.portalAnswer.ip')}: {answer.ip}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('documents.portalAnswer.userAgent')}: {answer.userAgent || '—'}
        </Text>
      </Stack>
    </Paper>
  );
}
