import { Badge } from '@mantine/core';
import type { PortalKey } from '../i18n';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import type { ClientRequestStatus } from './requests-queries';
import classes from '../portal.module.css';

const STATUS_TEXT: Readonly<Record<ClientRequestStatus, PortalKey>> = {
  new: 'requests.status.new',
  quoted: 'requests.status.quoted',
  converted: 'requests.status.converted',
  declined: 'requests.status.declined',
  withdrawn: 'requests.status.withdrawn',
};
const STATUS_COLOR: Readonly<Record<ClientRequestStatus, string>> = { new: 'blue', quoted: 'orange', converted: 'green', declined: 'red', withdrawn: 'gray' };

/** A request's status as a badge, in the reader's language. */
export function RequestStatusBadge({ status }: { status: ClientRequestStatus }) {
  const { t } = usePortalText();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" className={classes.badge}>
      {t(STATUS_TEXT[status])}
    </Badge>
  );
}

/** May the signed-in person ask for work: a client's person with the `request` permission (the API says 403 to anyone else). */
export function useMayRequest(): boolean {
  const person = usePortalPerson();
  return person.party.kind === 'client' && person.permissions.includes('request');
}

/** A day of the API (midnight UTC) written as that day wherever the reader is. */
export const DAY = { dateStyle: 'medium', timeZone: 'UTC' } as const;
