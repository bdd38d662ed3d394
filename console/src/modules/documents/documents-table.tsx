import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t, type MessageKey } from '../../shared/i18n';
import { formatDate, formatMoney } from '../../shared/formatting/format';
import { isCreditNote, isOverdue, paymentSummary, statusOf } from './document-logic';
import type { DocumentSort, DocumentsSearch } from './documents-search';
import type { AnyDocument, DocumentKind } from './kinds';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The number (or "Draft"), linking to the document's page. */
export function documentTitle(kind: DocumentKind, document: Pick<AnyDocument, 'number' | 'type'>): string {
  const noun = isCreditNote(document) ? t('documents.noun.creditNote') : t(kind.noun);
  return document.number ? `${noun} ${document.number}` : t('documents.draftTitle', { noun: noun.toLowerCase() });
}

export function DocumentStatusBadge({ kind, document }: { kind: DocumentKind; document: Pick<AnyDocument, 'status' | 'type'> }) {
  const status = statusOf(kind, document.status);
  const color = status?.color ?? 'gray';
  // The colour's darkest shade on its lightest tint: the light variant's own is under 4.5:1 for some colours.
  return (
    <Badge color={color} c={`${color}.9`} bg={`${color}.0`} variant="light" radius="sm" tt="none" fw={600} miw="max-content">
      {status ? t(status.label) : String(document.status)}
    </Badge>
  );
}

function SortableHeading({
  sort,
  label,
  search,
  onSort,
}: {
  sort: DocumentSort;
  label: MessageKey;
  search: DocumentsSearch;
  onSort: (sort: DocumentSort) => void;
}) {
  const active = (search.sort ?? 'createdAt') === sort;
  const direction = search.direction ?? 'desc';
  return (
    <Table.Th aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(sort)} fw={700} fz="sm" style={NOWRAP}>
        {t(label)}
        <span aria-hidden="true">{active ? (direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** One page of documents as the API answers it; overdue invoices say so in words and in red. */
export function DocumentsTable({
  kind,
  items,
  search,
  onSort,
  today,
}: {
  kind: DocumentKind;
  items: AnyDocument[];
  search: DocumentsSearch;
  onSort: (sort: DocumentSort) => void;
  today: string;
}) {
  return (
    <Table.ScrollContainer minWidth={kind.hasPayments ? 960 : 760} tabIndex={0} role="region" aria-label={t('documents.list.scroll', { title: t(kind.title) })}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('documents.list.caption', { title: t(kind.title) })}>
        <Table.Thead>
          <Table.Tr>
            <SortableHeading sort="number" label="documents.column.number" search={search} onSort={onSort} />
            <Table.Th>{t(kind.party === 'client' ? 'documents.column.client' : 'documents.column.supplier')}</Table.Th>
            <SortableHeading sort="issueDate" label="documents.column.issueDate" search={search} onSort={onSort} />
            {kind.hasValidityDate ? (
              <Table.Th>{t('documents.column.validUntil')}</Table.Th>
            ) : (
              <SortableHeading sort="dueDate" label="documents.column.dueDate" search={search} onSort={onSort} />
            )}
            <SortableHeading sort="status" label="documents.column.status" search={search} onSort={onSort} />
            <Table.Th ta="right">{t('documents.column.total')}</Table.Th>
            {kind.hasPayments && <Table.Th ta="right">{t('documents.column.paid')}</Table.Th>}
            {kind.hasPayments && <Table.Th ta="right">{t('documents.column.outstanding')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((document) => {
            const overdue = isOverdue(kind, document, today);
            const party = document.client ?? document.supplier;
            const money = kind.hasPayments ? paymentSummary(document) : undefined;
            const credit = isCreditNote(document);
            return (
              <Table.Tr key={document.id}>
                <Table.Td style={NOWRAP}>
                  <Text component={Link} to={`${kind.path}/${document.id}`} c="blue.8" fw={500} td="underline">
                    {documentTitle(kind, document)}
                  </Text>
                  {credit && document.creditedInvoice && (
                    <Text size="xs" c="dimmed">
                      {t('documents.creditOf', { number: document.creditedInvoice.number ?? '—' })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{party?.name ?? '—'}</Table.Td>
                <Table.Td style={NOWRAP}>{formatDate(document.issueDate)}</Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 700 : undefined}>
                    {formatDate(kind.hasValidityDate ? document.validityDate : document.dueDate)}
                  </Text>
                  {overdue && (
                    <Badge color="red.9" variant="filled" radius="sm" tt="none" size="sm">
                      {t('documents.overdue')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <DocumentStatusBadge kind={kind} document={document} />
                  {document.isPartiallyPaid && document.status === 2 && (
                    <Text size="xs" c="dimmed">
                      {t('documents.partiallyPaid')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatMoney(document.total.total, document.currency.code)}
                </Table.Td>
                {money && (
                  <Table.Td ta="right" style={NOWRAP}>
                    {credit ? '—' : formatMoney(money.paid, document.currency.code)}
                  </Table.Td>
                )}
                {money && (
                  <Table.Td ta="right" style={NOWRAP} fw={overdue ? 700 : undefined}>
                    {credit || document.status === 1 || document.status === 4 ? '—' : formatMoney(money.outstanding, document.currency.code)}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
