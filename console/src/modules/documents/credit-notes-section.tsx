import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { t } from '../../shared/i18n';
import { formatDate, formatMoney } from '../../shared/formatting/format';
import { Loading } from '../../shared/ui/loading';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { DocumentStatusBadge } from './documents-table';
import type { AnyDocument, DocumentKind } from './kinds';
import { documentsListQuery } from './queries';

/** More credit notes than one invoice ever gets in practice: the section reads them in one page. */
const CREDIT_NOTES_PAGE = 100;

/**
 * The credit notes issued against an invoice (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders):
 * number (a link to it), issue date, amount and status, oldest first, read with
 * `GET /v2/invoices?creditedInvoice=<id>`. Crediting the invoice refreshes it (the invoices' queries).
 */
export function CreditNotesSection({ kind, document }: { kind: DocumentKind; document: AnyDocument }) {
  const headingId = `document-credit-notes-${document.id}`;
  const notes = useQuery(documentsListQuery(kind, { creditedInvoice: document.id, sort: 'createdAt', direction: 'asc', page: 1, pageSize: CREDIT_NOTES_PAGE }));
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('documents.creditNotes.title')}
        </Title>
        {notes.isPending && <Loading size="sm" label={t('state.loading')} />}
        {notes.isError && (
          <Alert color="red" role="alert">
            {notes.error.message}
          </Alert>
        )}
        {notes.data && notes.data.items.length === 0 && <Text c="dimmed">{t('documents.creditNotes.empty')}</Text>}
        {notes.data && notes.data.items.length > 0 && (
          <ScrollTable label={t('documents.creditNotes.title')} minWidth={480}>
            <Table striped withTableBorder captionSide="top">
              <Table.Caption>{t('documents.creditNotes.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('documents.column.number')}</Table.Th>
                  <Table.Th scope="col">{t('documents.column.issueDate')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('documents.creditNotes.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('documents.column.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {notes.data.items.map((note) => (
                  <Table.Tr key={note.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/invoices/${note.id}` as never}>
                        {note.number ?? '—'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(note.issueDate)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(note.total.total, note.currency.code)}</Table.Td>
                    <Table.Td>
                      <DocumentStatusBadge kind={kind} document={note} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </section>
  );
}
