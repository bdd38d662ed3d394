import { Badge, Group as Row, Progress, Stack, Text } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatMoney, formatNumber } from '../../shared/formatting/format';
import { statusColour, statusText } from './group-status';

/** A status as text on a coloured badge (the colour is never the only signal). */
export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge color={statusColour(status)} variant="dot" radius="sm" tt="none" size="md">
      {t(statusText(status))}
    </Badge>
  );
}

/** The API's progress (0–100, two decimals) written out: "18.33%". */
export function progressText(progress: number): string {
  return t('groups.progressValue', { value: formatNumber(progress, 2) });
}

/** The derived progress: a bar, and the number beside it (and, when known, the jobs delivered). */
export function ProgressMeter({ progress, delivered, name }: { progress: number; delivered?: string; name: string }) {
  return (
    <Stack gap={4} miw={120}>
      <Row gap="xs" wrap="nowrap">
        <Progress value={progress} aria-label={t('groups.progressOf', { name })} w={80} size="sm" />
        <Text size="sm">{progressText(progress)}</Text>
      </Row>
      {delivered && (
        <Text size="xs" c="dimmed">
          {delivered}
        </Text>
      )}
    </Stack>
  );
}

/** A budget `{ amount, currency }`, or "No budget". */
export function budgetText(budget: { amount: number | null; currency: { code: string } }): string {
  return budget.amount === null ? t('group.noBudget') : formatMoney(budget.amount, budget.currency.code);
}
