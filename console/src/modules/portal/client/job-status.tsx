import { Badge } from '@mantine/core';
import type { PortalKey } from '../i18n';
import { usePortalText } from '../use-portal-text';
import type { ClientJob } from './jobs-queries';
import classes from '../portal.module.css';

type Status = ClientJob['status'];

const STATUS_TEXT: Record<Status, PortalKey> = {
  notStarted: 'clientJobs.status.notStarted',
  inProgress: 'clientJobs.status.inProgress',
  onHold: 'clientJobs.status.onHold',
  finished: 'clientJobs.status.finished',
  invoiced: 'clientJobs.status.invoiced',
  cancelled: 'clientJobs.status.cancelled',
};

/** The colours of the supplier's work states (work.ts), for the same meanings. */
const STATUS_COLOR: Record<Status, string> = {
  notStarted: 'gray',
  inProgress: 'blue',
  onHold: 'orange',
  finished: 'green',
  invoiced: 'green',
  cancelled: 'gray',
};

/** A job's status as a badge (its text wraps rather than being cut in a long language). */
export function JobStatusBadge({ status }: { status: Status }) {
  const { t } = usePortalText();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" className={classes.badge}>
      {t(STATUS_TEXT[status])}
    </Badge>
  );
}

/** `en → fr` (or just the target). */
export const languagesText = (languages: ClientJob['languages']): string =>
  languages === null
    ? '—'
    : languages.source === null
      ? languages.target.toUpperCase()
      : `${languages.source.toUpperCase()} → ${languages.target.toUpperCase()}`;
