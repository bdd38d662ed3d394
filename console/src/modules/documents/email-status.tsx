import { Text } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import type { AnyDocument } from './kinds';

/**
 * Whether a sent document went out by e-mail (docs/documents.md#e-mailing-documents): queued,
 * taken by the mail server, failed after every retry, or sent without an e-mail.
 */
export function EmailStatus({ document }: { document: AnyDocument }) {
  const sent = (document as { sentDate?: string | null }).sentDate;
  const status = (document as { sentDateStatus?: { status: 'processed' | 'delivered' | 'failed'; updatedAt: string } | null }).sentDateStatus;
  if (!sent) return null;
  if (!status) return <Text size="sm">{t('documents.email.notEmailed', { date: formatDateTime(sent) })}</Text>;
  return (
    <Text size="sm" c={status.status === 'failed' ? 'red.9' : undefined} fw={status.status === 'failed' ? 700 : undefined}>
      {t(`documents.email.${status.status}`, { date: formatDateTime(status.updatedAt) })}
    </Text>
  );
}

/** Why a send e-mailed nothing, as the API answers it (`notEmailedReason`). */
export function notEmailedText(reason: string | null | undefined): string {
  return t(reason === 'no_recipients' ? 'documents.email.noRecipients' : 'documents.email.noSmtp');
}
