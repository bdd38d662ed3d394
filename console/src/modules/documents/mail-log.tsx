import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { EmailDialog } from './email-dialog';
import type { AnyDocument, DocumentKind } from './kinds';
import { mailLogQuery, type MailLogEntry, type Recipient } from './mail-queries';
import { problemText } from './problem-text';
import { documentQuery } from './queries';

const POLL_MS = 3_000;
const STATUS_COLORS: Record<MailLogEntry['status'], string> = { queued: 'blue', sent: 'teal', failed: 'red' };

const written = (recipients: readonly Recipient[]) => recipients.map((recipient) => recipient.address).join(', ');

/**
 * The mail log of a sent document (docs/console.md#e-mailing-documents): who each e-mail went to,
 * when, by whom, and what the mail server made of it; "E-mail again" for who may send the kind.
 */
export function MailLogSection({ kind, document, canWrite }: { kind: DocumentKind; document: AnyDocument; canWrite: boolean }) {
  const headingId = `document-emails-${document.id}`;
  const log = useQuery({
    ...mailLogQuery(kind, document.id),
    enabled: document.status !== 1,
    // While an e-mail waits for the mail server, the log (and the document's e-mail status) is read again.
    refetchInterval: (query) => (query.state.data?.items.some((entry) => entry.status === 'queued') ? POLL_MS : false),
  });
  const client = useQueryClient();
  const queued = log.data?.items.filter((entry) => entry.status === 'queued').length ?? 0;
  // Once the last queued e-mail is settled, the document's own e-mail status changed too.
  const waited = useRef(false);
  useEffect(() => {
    if (queued > 0) waited.current = true;
    else if (waited.current) {
      waited.current = false;
      void client.invalidateQueries({ queryKey: documentQuery(kind, document.id).queryKey, exact: true });
    }
  }, [queued, client, kind, document.id]);
  const [again, setAgain] = useState(false);
  if (document.status === 1) return null;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId}>
            {t('documentMail.log.title')}
          </Title>
          {canWrite && (
            <Button variant="light" onClick={() => setAgain(true)}>
              {t('documentMail.againButton')}
            </Button>
          )}
        </Group>
        {log.isError && (
          <Alert color="red" role="alert">
            {problemText(log.error)}
          </Alert>
        )}
        {log.data && log.data.items.length === 0 && <Text c="dimmed">{t('documentMail.log.empty')}</Text>}
        {log.data && log.data.items.length > 0 && (
          <ScrollTable label={t('documentMail.log.title')} minWidth={640}>
            <Table>
              <Table.Caption>{t('documentMail.log.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('documentMail.log.when')}</Table.Th>
                  <Table.Th scope="col">{t('documentMail.log.recipients')}</Table.Th>
                  <Table.Th scope="col">{t('documentMail.log.subject')}</Table.Th>
                  <Table.Th scope="col">{t('documentMail.log.by')}</Table.Th>
                  <Table.Th scope="col">{t('documentMail.log.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatDateTime(entry.queuedAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm">{written(entry.to)}</Text>
                      {entry.cc.length > 0 && (
                        <Text size="sm" c="dimmed">
                          {t('documentMail.log.cc', { addresses: written(entry.cc) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.subject}</Table.Td>
                    <Table.Td>{entry.queuedBy.name ?? t('documentMail.log.system')}</Table.Td>
                    <Table.Td>
                      {/* The colour's darkest shade on its lightest tint, as the status badges (documents-table.tsx): readable (4.5:1). */}
                      <Badge
                        color={STATUS_COLORS[entry.status]}
                        c={`${STATUS_COLORS[entry.status]}.9`}
                        bg={`${STATUS_COLORS[entry.status]}.0`}
                        variant="light"
                        radius="sm"
                        tt="none"
                        fw={600}
                      >
                        {t(`documentMail.status.${entry.status}`)}
                      </Badge>
                      {entry.error !== null && (
                        <Text size="xs" c={entry.status === 'failed' ? 'red.9' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                          {entry.status === 'queued' ? t('documentMail.status.retrying', { error: entry.error }) : entry.error}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
      {canWrite && <EmailDialog kind={kind} document={document} mode="again" opened={again} onClose={() => setAgain(false)} />}
    </section>
  );
}
