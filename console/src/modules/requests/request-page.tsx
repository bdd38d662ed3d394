import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { formatBytes, formatDate, formatDateTime } from '../../shared/formatting/format';
import { t } from '../../shared/i18n';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { LoadProblem } from '../../shared/ui/load-problem';
import { Loading } from '../../shared/ui/loading';
import { ClientMessagesSection } from '../client-messages';
import { requestFileUrl, requestQuery, type ClientRequest } from './queries';
import { RequestActions } from './request-actions';
import { RequestStatusBadge } from './status-badge';

/**
 * `/requests/$requestId` (docs/console.md#requests): one client's request — who asked, what, for
 * when; the client's message and files (downloaded as sent); the terms they accepted (when, the
 * text, the PDF's hash: the evidence); and the answers (Mark quoted, Decline with a reason, Convert
 * to jobs) for the roles that answer.
 */
export function RequestPage() {
  const { requestId } = useParams({ from: '/signed-in/requests/$requestId' });
  const query = useQuery(requestQuery(requestId));
  if (query.isPending) return <Loading label={t('state.loading')} />;
  if (query.isError) {
    if (query.error instanceof ApiProblem && query.error.status === 404)
      return (
        <Stack>
          <Back />
          <Text>{t('requests.notFound')}</Text>
        </Stack>
      );
    return <LoadProblem error={query.error} onRetry={query.refetch} />;
  }
  const request = query.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Back />
        <Group gap="sm" align="center">
          <Title order={1}>{t('requests.title', { number: request.number })}</Title>
          <RequestStatusBadge status={request.status} />
        </Group>
      </Stack>
      <RequestActions request={request} />
      <Outcome request={request} />
      <Section id="request-details" title={t('requests.details')}>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" m={0}>
          <Detail label={t('requests.client')}>
            <AnchorLink to="/clients/$clientId" params={{ clientId: request.client.id }} c="blue.8" td="underline">
              {request.client.name}
            </AnchorLink>
          </Detail>
          <Detail label={t('requests.requestedBy')}>{request.requestedBy.name}</Detail>
          <Detail label={t('requests.service')}>{request.service.name}</Detail>
          <Detail label={t('requests.source')}>{request.sourceLanguage.name}</Detail>
          <Detail label={t('requests.targets')}>{request.targetLanguages.map((language) => language.name).join(', ')}</Detail>
          {/* A due date is a day (midnight UTC). */}
          <Detail label={t('requests.due')}>{request.dueDate ? formatDate(request.dueDate.slice(0, 10)) : t('requests.none')}</Detail>
          <Detail label={t('requests.reference')}>{request.reference || t('requests.none')}</Detail>
          <Detail label={t('requests.purchaseOrder')}>{request.purchaseOrder || t('requests.none')}</Detail>
          <Detail label={t('requests.received')}>{formatDateTime(request.createdAt)}</Detail>
          {request.answeredAt && <Detail label={t('requests.answered')}>{formatDateTime(request.answeredAt)}</Detail>}
        </SimpleGrid>
      </Section>
      {request.message && (
        <Section id="request-message" title={t('requests.message')}>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.message}</Text>
        </Section>
      )}
      <Section id="request-files" title={t('requests.files')}>
        {request.files.length === 0 ? (
          <Text c="dimmed">{t('requests.noFiles')}</Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {request.files.map((file) => (
              <Group component="li" key={file.id} gap="sm">
                <Anchor
                  href={requestFileUrl(request.id, file.id)}
                  download={file.name}
                  c="blue.8"
                  td="underline"
                  aria-label={t('requests.download', { name: file.name })}
                >
                  {file.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      <Terms request={request} />
      <ClientMessagesSection subject={{ kind: 'requests', id: request.id }} />
    </Stack>
  );
}

function Back() {
  return (
    <AnchorLink to="/requests" size="sm" c="blue.8">
      ← {t('requests.back')}
    </AnchorLink>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** What the answer came to: the reason of a decline, what a conversion made. */
function Outcome({ request }: { request: ClientRequest }) {
  if (request.status === 'declined' && request.declineReason)
    return (
      <Alert color="red" variant="light">
        <Text style={{ overflowWrap: 'anywhere' }}>{t('requests.declined', { reason: request.declineReason })}</Text>
      </Alert>
    );
  const made = request.conversion;
  if (request.status !== 'converted' || !made) return null;
  return (
    <Alert color="teal" variant="light">
      <Stack gap={4}>
        <Text>{t('requests.conversion', { count: made.jobIds.length })}</Text>
        <Group gap="md">
          {made.jobIds.map((jobId, index) => (
            <AnchorLink key={jobId} to="/jobs/$jobId" params={{ jobId }} c="blue.8" td="underline">
              {t('requests.conversion.job', { index: index + 1 })}
            </AnchorLink>
          ))}
          {made.groupId && (
            <AnchorLink to="/groups/$groupId" params={{ groupId: made.groupId }} c="blue.8" td="underline">
              {t('requests.conversion.group')}
            </AnchorLink>
          )}
          {made.quoteId && (
            <AnchorLink to="/quotes/$quoteId" params={{ quoteId: made.quoteId }} c="blue.8" td="underline">
              {t('requests.conversion.quote')}
            </AnchorLink>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The terms the client accepted with the request: when, the text then in force, the PDF's hash. */
function Terms({ request }: { request: ClientRequest }) {
  const terms = request.terms;
  return (
    <Section id="request-terms" title={t('requests.terms')}>
      {!terms ? (
        <Text c="dimmed">{t('requests.terms.none')}</Text>
      ) : (
        <Stack gap="xs">
          <Text>{t('requests.terms.accepted', { date: formatDateTime(terms.acceptedAt) })}</Text>
          {terms.text && (
            <div>
              <Text size="sm" c="dimmed">
                {t('requests.terms.text')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {terms.text}
              </Text>
            </div>
          )}
          {terms.pdfSha256 && (
            <div>
              <Text size="sm" c="dimmed">
                {t('requests.terms.pdf')}
              </Text>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {terms.pdfSha256}
              </Text>
            </div>
          )}
        </Stack>
      )}
    </Section>
  );
}
