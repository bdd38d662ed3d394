import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { AnchorLink } from '../../../shared/ui/anchor-link';
import { PortalNotFoundPage } from '../not-found-page';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { DAY, RequestStatusBadge, useMayRequest } from './request-status';
import { clientRequestsQuery, type ClientRequest } from './requests-queries';
import classes from '../portal.module.css';

/**
 * `/portal/client/requests` (docs/console.md#portal-pages, docs/client-portal.md#requests): the
 * client's requests, newest first, each with its status, and "Ask for work". Only for a client's
 * person with the `request` permission; anyone else: not found.
 */
export function ClientRequestsPage() {
  const person = usePortalPerson();
  const { t } = usePortalText();
  const mayRequest = useMayRequest();
  const search = useSearch({ from: '/portal/signed-in/client/requests' });
  if (!mayRequest) return <PortalNotFoundPage />;
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>{t('requests.title')}</Title>
        <Text>{t('requests.intro', { agency: person.agency.name })}</Text>
        <Text size="sm" c="teal.9" fw={500} role="status">
          {search.sent ? t('requests.form.sent') : ''}
        </Text>
        <Group>
          <Button component={Link} to="/portal/client/requests/new" className={`${classes.target} ${classes.wrapping}`} classNames={{ label: classes.label }}>
            {t('requests.new')}
          </Button>
        </Group>
      </Stack>
      <RequestList />
    </Stack>
  );
}

function RequestList() {
  const { t } = usePortalText();
  const list = useQuery(clientRequestsQuery);
  let body;
  if (list.isPending) body = <Loader size="sm" aria-label={t('requests.list.title')} />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('requests.list.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void list.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (list.data.length === 0) body = <Text c="dimmed">{t('requests.list.empty')}</Text>;
  else
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} className={classes.list}>
        {list.data.map((request) => (
          <RequestCard key={request.id} request={request} />
        ))}
      </Stack>
    );
  return (
    <Stack gap="sm" component="section" aria-labelledby="portal-requests-list">
      <Title order={2} size="h3" id="portal-requests-list">
        {t('requests.list.title')}
      </Title>
      {body}
    </Stack>
  );
}

/** One request: its number (a link to its page), status, service and languages, when it was sent, the client's reference. */
function RequestCard({ request }: { request: ClientRequest }) {
  const text = usePortalText();
  const { t, languageName } = text;
  const name = (language: { code: string; name: string }) => languageName(language.code, language.name);
  const languages = `${name(request.sourceLanguage)} → ${request.targetLanguages.map(name).join(', ')}`;
  return (
    <Paper withBorder p="sm" radius="md" component="li" className={classes.card}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <AnchorLink to="/portal/client/requests/$id" params={{ id: request.id }} fw={600} className={`${classes.value} ${classes.fileLink}`}>
            {t('requests.request', { number: request.number })}
          </AnchorLink>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text size="sm" className={classes.value}>
          {request.service.name} · {languages}
        </Text>
        <Text size="sm" c="dimmed" className={classes.value}>
          {t('requests.sentOn', { date: text.formatDate(request.createdAt) })}
          {request.dueDate ? ` · ${t('page.due')} ${text.formatDate(request.dueDate, DAY)}` : ''}
          {request.reference ? ` · ${request.reference}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
