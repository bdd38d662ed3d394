import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { data, type Answer } from '../../shared/api/client';
import { portalApi } from './session';

/** The supplier's invoices and purchase orders as the portal's API answers them (docs/supplier-portal.md#invoices). */
export type PortalInvoice = Answer<'listPortalInvoices'>[number];
export type PortalPurchaseOrder = Answer<'listPortalPurchaseOrders'>[number];

const INVOICES_KEY = ['portal', 'invoices'] as const;
const ORDERS_KEY = ['portal', 'purchase-orders', 'invoiceable'] as const;

/** `GET /v2/portal/invoices`: their invoices, newest first. */
export const portalInvoicesQuery = queryOptions({
  queryKey: INVOICES_KEY,
  queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/invoices', { signal })),
});

/** `GET /v2/portal/purchase-orders?invoiceable=true`: the orders that may go on a new invoice. */
export const invoiceableOrdersQuery = queryOptions({
  queryKey: ORDERS_KEY,
  queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/purchase-orders', { params: { query: { invoiceable: true } }, signal })),
});

/** What the form sends: the API's field names; `total` as decimal text with a dot. */
export interface InvoiceSubmission {
  number: string;
  date: string;
  currency: string;
  total: string;
  purchaseOrderIds: string[];
  explanation?: string;
  file: File;
}

/** The multipart body of a submission: the API's field names, `purchaseOrderIds` once per order, the PDF last. */
function formOf(submission: InvoiceSubmission): FormData {
  const form = new FormData();
  form.append('number', submission.number);
  form.append('date', submission.date);
  form.append('currency', submission.currency);
  form.append('total', submission.total);
  for (const id of submission.purchaseOrderIds) form.append('purchaseOrderIds', id);
  if (submission.explanation) form.append('explanation', submission.explanation);
  form.append('file', submission.file, submission.file.name);
  return form;
}

/**
 * `POST /v2/portal/invoices`: multipart/form-data through the portal's client, which gives it the
 * portal session's CSRF token as every portal write (the browser writes the boundary). Both lists
 * are read again after, whatever the answer (a 409 means the orders changed meanwhile).
 */
export function useSubmitInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: InvoiceSubmission) =>
      data(
        portalApi.POST('/v2/portal/invoices', {
          // The generated type writes the binary part as a string; the body sent is the form below.
          body: { ...submission, file: submission.file as unknown as string },
          bodySerializer: () => formOf(submission),
        }),
      ),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: INVOICES_KEY }), queryClient.invalidateQueries({ queryKey: ORDERS_KEY })]),
  });
}
