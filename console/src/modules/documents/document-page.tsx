import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../shared/session/session';
import { ApiProblem } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { formatDate } from '../../shared/formatting/format';
import { CreditNotesSection } from './credit-notes-section';
import { DocumentActions } from './document-actions';
import { DocumentDetails } from './document-details';
import { DocumentLines } from './document-lines';
import { isCreditNote, isOverdue, todayIso } from './document-logic';
import { DocumentStatusBadge, documentTitle } from './documents-table';
import { EmailStatus } from './email-status';
import type { AnyDocument, DocumentKind } from './kinds';
import { MailLogSection } from './mail-log';
import { PaymentsSection } from './payments-section';
import { PdfSection } from './pdf-section';
import { QuoteInvoicing } from './quote-invoicing';
import { QuotePortalAnswer } from './quote-portal-answer';
import { documentQuery } from './queries';

/**
 * A quote, an invoice (or credit note) or a purchase order (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders):
 * its number, status and party; the actions its state allows; its parameters (editable while
 * draft), lines and totals as the API computed them; payments and credit notes (invoices); the PDF.
 */
export function DocumentPage({ kind, id }: { kind: DocumentKind; id: string }) {
  const query = useQuery(documentQuery(kind, id));
  if (query.isPending) return <Text c="dimmed">{t('state.loading')}</Text>;
  if (query.isError) {
    const missing = query.error instanceof ApiProblem && query.error.status === 404;
    return (
      <Stack gap="sm" maw={640}>
        <Title order={1}>{missing ? t('documents.notFound.title', { noun: t(kind.noun) }) : t('documents.error.title')}</Title>
        <Alert color={missing ? 'gray' : 'red'} role="alert">
          {missing ? t('documents.notFound.text') : query.error.message}
        </Alert>
        <Anchor component={Link} to={kind.path}>
          {t('documents.backTo', { title: t(kind.title) })}
        </Anchor>
        {!missing && (
          <Button variant="light" onClick={() => void query.refetch()} w="fit-content">
            {t('state.retry')}
          </Button>
        )}
      </Stack>
    );
  }
  return <DocumentView kind={kind} document={query.data} />;
}

function DocumentView({ kind, document }: { kind: DocumentKind; document: AnyDocument }) {
  const canWrite = useCan(kind.area);
  const party = document.client ?? document.supplier;
  const overdue = isOverdue(kind, document, todayIso());
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={kind.path} size="sm">
          {t('documents.backTo', { title: t(kind.title) })}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={1}>{documentTitle(kind, document)}</Title>
              <DocumentStatusBadge kind={kind} document={document} />
              {overdue && (
                <Text c="red.9" fw={700}>
                  {t('documents.overdueSince', { date: formatDate(document.dueDate) })}
                </Text>
              )}
            </Group>
            <Text>
              {t(kind.party === 'client' ? 'documents.column.client' : 'documents.column.supplier')}:{' '}
              {party && (
                <Anchor component={Link} to={`/${kind.party === 'client' ? 'clients' : 'suppliers'}/${party.id}` as never}>
                  {party.name}
                </Anchor>
              )}
            </Text>
            <EmailStatus document={document} />
            {isCreditNote(document) && document.creditedInvoice && (
              <Text>
                {t('documents.creditNoteOf')}{' '}
                <Anchor component={Link} to={`/invoices/${document.creditedInvoice.id}` as never}>
                  {document.creditedInvoice.number ?? '—'}
                </Anchor>
              </Text>
            )}
          </Stack>
          {canWrite && <DocumentActions kind={kind} document={document} />}
        </Group>
        {!canWrite && <Text c="dimmed">{t('documents.readOnly')}</Text>}
      </Stack>
      {kind.key === 'quote' && <QuotePortalAnswer id={document.id} />}
      {kind.key === 'quote' && <QuoteInvoicing document={document} />}
      <DocumentLines kind={kind} document={document} canWrite={canWrite} />
      {kind.hasPayments && !isCreditNote(document) && <PaymentsSection kind={kind} document={document} canWrite={canWrite} />}
      {kind.hasPayments && !isCreditNote(document) && document.status !== 1 && <CreditNotesSection kind={kind} document={document} />}
      <DocumentDetails kind={kind} document={document} canWrite={canWrite} />
      <MailLogSection kind={kind} document={document} canWrite={canWrite} />
      <PdfSection kind={kind} document={document} />
    </Stack>
  );
}
