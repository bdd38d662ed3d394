import { Badge, Group as Row, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { useDashboardPortal, type DashboardPortalWork } from './queries';

/**
 * The supplier portal at a glance (docs/console.md#dashboard, docs/dashboard.md#the-supplier-portal):
 * the offers the suppliers have not answered and the work they marked done that waits for review,
 * each a link to its job. Read on its own (GET /v2/dashboard/portal): the other figures do not
 * wait for it, and a failure here leaves them shown.
 */
export function PortalSection() {
  const { data: portal, error } = useDashboardPortal();
  if (!portal && !error) return null;
  return (
    <section aria-labelledby="dashboard-portal">
      <Title order={2} id="dashboard-portal" mb="sm">
        {t('dashboard.portal.title')}
      </Title>
      {!portal ? (
        <Text c="red.9" role="alert">
          {t('dashboard.portal.error')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <WorkCard
            id="dashboard-portal-offers"
            title={t('dashboard.portal.offers')}
            hint={t('dashboard.portal.offersHint')}
            list={portal.offersWaiting}
            empty={t('dashboard.portal.offersEmpty')}
            when={(work) => (work.sentDate ? t('dashboard.portal.sent', { date: formatDateTime(work.sentDate) }) : t('dashboard.portal.notSent'))}
          />
          <WorkCard
            id="dashboard-portal-deliveries"
            title={t('dashboard.portal.deliveries')}
            hint={t('dashboard.portal.deliveriesHint')}
            list={portal.deliveriesToCheck}
            empty={t('dashboard.portal.deliveriesEmpty')}
            when={(work) => t('dashboard.portal.done', { date: work.doneDate ? formatDateTime(work.doneDate) : '—' })}
          />
        </SimpleGrid>
      )}
    </section>
  );
}

interface WorkCardProps {
  id: string;
  title: string;
  hint: string;
  list: { count: number; first: DashboardPortalWork[] };
  empty: string;
  when: (work: DashboardPortalWork) => string;
}

function WorkCard({ id, title, hint, list, empty, when }: WorkCardProps) {
  const more = list.count - list.first.length;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={id}>
      <Row justify="space-between" mb={4} wrap="nowrap">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        <Badge size="lg" variant={list.count > 0 ? 'filled' : 'light'} color={list.count === 0 ? 'gray' : 'blue.8'} aria-hidden>
          {list.count}
        </Badge>
      </Row>
      <Text size="sm" c="dimmed" mb="xs">
        {hint}
      </Text>
      {list.count === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <List spacing={6} listStyleType="none" aria-label={`${title}: ${list.count}`}>
            {list.first.map((work) => (
              <List.Item key={work.id}>
                <AnchorLink to="/jobs/$jobId" params={{ jobId: work.job.id }} fw={500}>
                  {work.job.name}
                </AnchorLink>
                <Text size="sm" c="dimmed">
                  {work.supplier.name}
                  {work.name !== work.job.name ? ` (${work.name})` : ''} · {when(work)}
                </Text>
              </List.Item>
            ))}
          </List>
          {more > 0 && (
            <Text size="sm" mt="xs">
              {t('dashboard.portal.more', { count: more })}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
