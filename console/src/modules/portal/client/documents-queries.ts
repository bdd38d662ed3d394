import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { data, type Answer } from '../../../shared/api/client';
import { portalApi } from '../session';

/** The client's quotes and invoices as the client portal's API answers them (docs/client-portal.md#quotes, #invoices). */
export type ClientQuote = Answer<'listClientPortalQuotes'>[number];
export type ClientQuoteDetail = Answer<'getClientPortalQuote'>;
export type ClientInvoice = Answer<'listClientPortalInvoices'>[number];

const QUOTES_KEY = ['portal', 'client', 'quotes'] as const;
const INVOICES_KEY = ['portal', 'client', 'invoices'] as const;

/** `GET /v2/portal/client/quotes`: the quotes sent to the client, newest first. */
export const clientQuotesQuery = queryOptions({
  queryKey: QUOTES_KEY,
  queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/quotes', { signal })),
});

/** `GET /v2/portal/client/quotes/:id`: one quote with its lines. */
export const clientQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...QUOTES_KEY, id] as const,
    queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/quotes/{id}', { params: { path: { id } }, signal })),
  });

/** `GET /v2/portal/client/invoices`: the client's invoices and credit notes, newest first. */
export const clientInvoicesQuery = queryOptions({
  queryKey: INVOICES_KEY,
  queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/invoices', { signal })),
});

/** Where a quote's or an invoice's file is downloaded (the portal session's cookie goes with the link). */
export const quotePdfUrl = (id: string) => `/v2/portal/client/quotes/${id}/pdf`;
export const invoicePdfUrl = (id: string) => `/v2/portal/client/invoices/${id}/pdf`;
export const invoiceUblUrl = (id: string) => `/v2/portal/client/invoices/${id}/ubl`;

export type QuoteAnswerInput = { kind: 'accept'; comment?: string } | { kind: 'refuse'; comment: string };

/** `POST /v2/portal/client/quotes/:id/accept|refuse`: the answer; the quote and the list are read again after. */
export function useQuoteAnswer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteAnswerInput) =>
      input.kind === 'accept'
        ? data(
            portalApi.POST('/v2/portal/client/quotes/{id}/accept', {
              params: { path: { id } },
              body: input.comment ? { comment: input.comment } : {},
            }),
          )
        : data(portalApi.POST('/v2/portal/client/quotes/{id}/refuse', { params: { path: { id } }, body: { comment: input.comment } })),
    onSuccess: (quote) => queryClient.setQueryData(clientQuoteQuery(id).queryKey, quote),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUOTES_KEY }),
  });
}
