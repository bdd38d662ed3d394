import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { usePortalText } from './use-portal-text';
import { formatDue, formatMoney, isOverdue, pairText, STATE_COLOR, STATE_TEXT, type PortalWork, type WorkState } from './work';
import classes from './portal.module.css';

/** A state's short name as a badge (its text wraps rather than being cut in a long language). */
export function StateBadge({ state }: { state: WorkState }) {
  const { t } = usePortalText();
  return (
    <Badge color={STATE_COLOR[state]} variant="light" className={classes.badge}>
      {t(STATE_TEXT[state])}
    </Badge>
  );
}

/** "Overdue" beside a due date that has passed. */
export function OverdueBadge() {
  const { t } = usePortalText();
  return (
    <Badge color="red.9" variant="filled" className={classes.badge}>
      {t('work.overdue')}
    </Badge>
  );
}

/**
 * One piece of work in a list: its name (the link to its page), state, service and languages, due
 * date, weighted quantity and total. A card at every width: on a phone one a row, wider side by side.
 */
export function WorkCard({ work }: { work: PortalWork }) {
  const text = usePortalText();
  const { t, formatNumber } = text;
  const pair = pairText(work.languagePair);
  const overdue = isOverdue(work);
  return (
    <Paper withBorder p="md" radius="md" component="li" className={classes.card}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <AnchorLink to="/portal/work/$id" params={{ id: work.id }} fw={600} className={classes.value}>
            {work.name}
          </AnchorLink>
          <StateBadge state={work.state} />
        </Group>
        <Text size="sm" className={classes.value}>
          {pair ? `${work.service.name} · ${pair}` : work.service.name}
        </Text>
        <Group gap="xs">
          <Text size="sm" c={overdue ? 'red.8' : undefined} fw={overdue ? 600 : undefined}>
            {work.dueDate ? t('work.due', { date: formatDue(text, work.dueDate) }) : t('work.noDue')}
          </Text>
          {overdue && <OverdueBadge />}
        </Group>
        {work.state === 'offered' && work.expiresAt && (
          <Text size="sm" fw={600} c="orange.9">
            {t('work.answerBy', { date: formatDue(text, work.expiresAt) })}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {formatNumber(work.quantity.weighted)} {work.quantity.unit.name}
          </Text>
          <Text fw={600}>{formatMoney(text, work.total, work.currency)}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
