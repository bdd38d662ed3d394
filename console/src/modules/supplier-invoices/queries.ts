import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Query } from '../../shared/api/client';

/** The suppliers' invoices as the agency's API answers them (docs/supplier-invoices.md). */
export type SupplierInvoice = Answer<'getSupplierInvoice'>;
export type SupplierInvoicesQuery = Query<'listSupplierInvoices'>;

const KEY = ['supplier-invoices'] as const;

/** `GET /v2/supplier-invoices`: one page of a view. */
export const supplierInvoicesQuery = (query: SupplierInvoicesQuery) =>
  queryOptions({
    queryKey: [...KEY, 'list', query] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/supplier-invoices', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

/** The PDF the supplier sent (same origin: the session's cookie reaches it), as an attachment. */
export const supplierInvoicePdfUrl = (id: string) => `/v2/supplier-invoices/${encodeURIComponent(id)}/pdf`;

/** `POST /v2/supplier-invoices/:id/approve`: the lists are read again after (it leaves "submitted"). */
export function useApproveSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.POST('/v2/supplier-invoices/{id}/approve', { params: { path: { id } }, body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** `POST /v2/supplier-invoices/:id/reject` `{ reason }`: the lists are read again after. */
export function useRejectSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      data(api.POST('/v2/supplier-invoices/{id}/reject', { params: { path: { id } }, body: { reason } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Suppliers whose name holds `search`, by name; the first 50 (the list's supplier filter). */
export function useSupplierChoices(search: string) {
  return useQuery({
    queryKey: ['choices', 'suppliers', search] as const,
    queryFn: ({ signal }) =>
      data(api.GET('/v2/suppliers', { params: { query: { q: search || undefined, pageSize: 50, sort: 'name', direction: 'asc' } }, signal })),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
