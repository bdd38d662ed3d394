import { Badge } from '@mantine/core';
import { t } from '../../shared/i18n';
import type { RequestStatus } from './queries';

const STATUS_COLOR: Readonly<Record<RequestStatus, string>> = { new: 'blue', quoted: 'orange', converted: 'teal', declined: 'red', withdrawn: 'gray' };

/** A request's status, in the colours of the console's other badges (dark text on a light ground). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const color = STATUS_COLOR[status];
  return (
    <Badge color={color} c={`${color}.9`} bg={`${color}.0`} variant="light" radius="sm" tt="none" fw={600} miw="max-content">
      {t(`requests.status.${status}`)}
    </Badge>
  );
}
