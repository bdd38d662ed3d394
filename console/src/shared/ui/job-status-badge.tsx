import { Badge } from '@mantine/core';
import { t } from '../i18n';
import { jobStatus } from '../formatting/job-status';

/**
 * A job's status: its name on the lightest tint of its colour, the text in the colour's darkest
 * shade (the light variant's own colours are under WCAG AA's 4.5:1 for some colours).
 */
export function JobStatusBadge({ code }: { code: number }) {
  const status = jobStatus(code);
  const name = status ? t(status.key) : t('jobStatus.unknown', { code });
  const color = status?.color ?? 'gray';
  return (
    <Badge variant="light" color={color} c={`${color}.9`} bg={`${color}.0`} tt="none" fw={600} radius="sm" miw="max-content">
      {name}
    </Badge>
  );
}

/** The overdue marker: text on red (never the colour alone). */
export function OverdueBadge({ label }: { label: string }) {
  return (
    <Badge variant="filled" color="red.9" tt="none" radius="sm" size="sm" miw="max-content">
      {label}
    </Badge>
  );
}
