import { useParams, useSearch } from '@tanstack/react-router';
import { DocumentPage } from './document-page';
import { DocumentsListPage } from './documents-list-page';
import { invoiceKind, purchaseOrderKind, quoteKind } from './kinds';

/** The routes' pages: the one list and the one document page, each with its kind. */
export function QuotesPage() {
  return <DocumentsListPage kind={quoteKind} search={useSearch({ from: '/signed-in/quotes' })} />;
}
export function InvoicesPage() {
  return <DocumentsListPage kind={invoiceKind} search={useSearch({ from: '/signed-in/invoices' })} />;
}
export function PurchaseOrdersPage() {
  return <DocumentsListPage kind={purchaseOrderKind} search={useSearch({ from: '/signed-in/purchase-orders' })} />;
}
export function QuotePage() {
  const { quoteId } = useParams({ from: '/signed-in/quotes/$quoteId' });
  return <DocumentPage key={quoteId} kind={quoteKind} id={quoteId} />;
}
export function InvoicePage() {
  const { invoiceId } = useParams({ from: '/signed-in/invoices/$invoiceId' });
  return <DocumentPage key={invoiceId} kind={invoiceKind} id={invoiceId} />;
}
export function PurchaseOrderPage() {
  const { purchaseOrderId } = useParams({ from: '/signed-in/purchase-orders/$purchaseOrderId' });
  return <DocumentPage key={purchaseOrderId} kind={purchaseOrderKind} id={purchaseOrderId} />;
}
