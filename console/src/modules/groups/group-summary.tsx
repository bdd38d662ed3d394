import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { t, tCount } from '../../shared/i18n';
import { formatDate, formatMoney } from '../../shared/formatting/format';
import { budgetText, ProgressMeter, StatusBadge } from './group-parts';
import { groupDeliveryQuery, type Group } from './queries';

function Fact({ label, children, note }: { label: string; children: ReactNode; note?: string }) {
  return (
    <Paper withBorder p="sm" component="div">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Stack component="dd" gap={2} m={0}>
        <Text component="div" fw={500}>
          {children}
        </Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * What the group derives from its jobs (docs/groups.md#derived-values): status, progress, due
 * date, the jobs' total against the budget. Shown as the API answers them.
 */
export function GroupSummary({ group }: { group: Group }) {
  const { data: delivery } = useQuery(groupDeliveryQuery(group.id));
  const currency = group.estimation.currency?.code ?? group.currency.code;
  const total = group.estimation.total;
  const budget = group.budget.amount;
  return (
    <section aria-labelledby="group-overview">
      <Title order={2} id="group-overview" mb="sm">
        {t('group.section.overview')}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, md: 3, lg: 5 }} spacing="sm" m={0}>
        <Fact label={t('group.field.status')} note={t('group.status.derived')}>
          <StatusBadge status={group.status} />
        </Fact>
        <Fact label={t('group.field.progress')}>
          <ProgressMeter
            progress={group.progress}
            name={group.name}
            delivered={delivery ? tCount('group.delivered', delivery.live, { delivered: delivery.delivered }) : undefined}
          />
        </Fact>
        <Fact label={t('group.field.dueDate')} note={group.dueDateAuto ? t('group.dueDate.auto') : t('group.dueDate.own')}>
          {formatDate(group.dueDate)}
        </Fact>
        <Fact
          label={t('group.field.budget')}
          note={budget !== null && total > budget ? t('group.overBudget', { amount: formatMoney(total - budget, currency) }) : undefined}
        >
          {budgetText(group.budget)}
        </Fact>
        <Fact label={t('group.field.total')} note={t('group.totalInvoiced', { amount: formatMoney(group.estimation.totalInvoiced, currency) })}>
          {formatMoney(total, currency)}
        </Fact>
      </SimpleGrid>
    </section>
  );
}
