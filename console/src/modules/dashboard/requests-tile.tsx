import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { t, tCount } from '../../shared/i18n';
import { AnchorLink } from '../../shared/ui/anchor-link';
import type { Dashboard } from './queries';

/**
 * The clients' requests waiting for an answer (docs/console.md#dashboard,
 * docs/client-portal.md#requests): how many new requests came from the client portal, and a link
 * to the requests list (which opens on them).
 */
export function RequestsTile({ dashboard }: { dashboard: Dashboard }) {
  const count = dashboard.requests.new;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="dashboard-requests">
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Title order={2} size="h4" id="dashboard-requests">
          {t('dashboard.requests')}
        </Title>
        <Badge size="lg" variant={count > 0 ? 'filled' : 'light'} color={count === 0 ? 'gray' : 'blue.8'} aria-hidden>
          {count}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('dashboard.requests.hint')}
      </Text>
      <Group gap="md" justify="space-between">
        <Text fw={count > 0 ? 600 : undefined} c={count > 0 ? undefined : 'dimmed'}>
          {count > 0 ? tCount('dashboard.requests.count', count) : t('dashboard.requests.none')}
        </Text>
        <AnchorLink to="/requests" c="blue.8" td="underline">
          {t('dashboard.requests.link')}
        </AnchorLink>
      </Group>
    </Paper>
  );
}
