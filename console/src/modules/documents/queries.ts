import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../shared/api/client';
import type { ActionName, AnyDocument, DocumentKind } from './kinds';

/**
 * The documents' data (GET/POST/PUT/DELETE /v2/<collection>…): one set of calls for the three
 * kinds, keyed under the API's collection (`['invoices', 'list', query]`, `['invoices', 'detail', id]`).
 * The kinds' paths are typed one by one in the generated client; this module calls them through one
 * loosely typed entry and answers the documents' common shape.
 */
type Loose = (path: string, init?: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const call = {
  GET: api.GET as unknown as Loose,
  POST: api.POST as unknown as Loose,
  PUT: api.PUT as unknown as Loose,
  DELETE: api.DELETE as unknown as Loose,
};

export interface DocumentsPage {
  items: AnyDocument[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

export interface DocumentsQuery {
  q?: string;
  status?: number[];
  client?: string[];
  supplier?: string[];
  issuedAfter?: string;
  issuedBefore?: string;
  /** invoices: the credit notes of this invoice */
  creditedInvoice?: string;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const base = (kind: DocumentKind) => `/v2/${kind.collection}`;

export const documentsListQuery = (kind: DocumentKind, query: DocumentsQuery) =>
  queryOptions({
    queryKey: [kind.collection, 'list', query] as const,
    queryFn: ({ signal }) => data(call.GET(base(kind), { params: { query }, signal })) as Promise<DocumentsPage>,
    placeholderData: keepPreviousData,
  });

export const documentQuery = (kind: DocumentKind, id: string) =>
  queryOptions({
    queryKey: [kind.collection, 'detail', id] as const,
    queryFn: ({ signal }) => data(call.GET(`${base(kind)}/${id}`, { signal })) as Promise<AnyDocument>,
  });

/** The URL of a document's PDF (same origin: the session cookie reaches it). */
/** The account's taxes, which a draft's details offer (GET /v2/account/taxes). */
export const accountTaxesQuery = queryOptions({
  queryKey: ['account', 'taxes'] as const,
  queryFn: () => data(api.GET('/v2/account/taxes')),
  staleTime: 60_000,
});

export const pdfUrl = (kind: DocumentKind, id: string) => `${base(kind)}/${id}/pdf`;

/** What a write changed: the document, its lists, and — for documents of jobs — the jobs (status and estimation move with invoices and accepted quotes). */
function invalidate(client: QueryClient, kind: DocumentKind, document?: AnyDocument) {
  if (document) client.setQueryData(documentQuery(kind, document.id).queryKey, document);
  void client.invalidateQueries({ queryKey: [kind.collection] });
  void client.invalidateQueries({ queryKey: ['jobs'] });
  if (kind.source === 'outsourcing') void client.invalidateQueries({ queryKey: ['outsourcing'] });
}

export interface CreateInput {
  party: string;
  sources: string[];
}

export function useCreateDocument(kind: DocumentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInput) =>
      data(call.POST(base(kind), { body: { [kind.party]: input.party, [kind.source]: input.sources } })) as Promise<AnyDocument>,
    onSuccess: (document) => invalidate(client, kind, document),
  });
}

export function useUpdateDocument(kind: DocumentKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => data(call.PUT(`${base(kind)}/${id}`, { body })) as Promise<AnyDocument>,
    onSuccess: (document) => invalidate(client, kind, document),
  });
}

/** A status move (send, accept, refuse, cancel), a credit (answers the credit note) or deleting a draft (answers nothing). */
export function useDocumentAction(kind: DocumentKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: ActionName): Promise<AnyDocument | null> => {
      if (name === 'delete') {
        await data(call.DELETE(`${base(kind)}/${id}`));
        return null;
      }
      return data(call.POST(`${base(kind)}/${id}/${name}`)) as Promise<AnyDocument>;
    },
    onSuccess: (document, name) => {
      if (name === 'delete') client.removeQueries({ queryKey: documentQuery(kind, id).queryKey });
      // A credit answers the credit note; the invoice itself changed too.
      invalidate(client, kind, name === 'credit' || document === null ? undefined : document);
    },
  });
}

/** Credits an invoice, whole (no body) or in part (docs/documents.md#credit-notes); answers the credit note and whether it was e-mailed. */
export function useCreditInvoice(kind: DocumentKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object | null) =>
      data(call.POST(`${base(kind)}/${id}/credit`, body === null ? undefined : { body })) as Promise<
        AnyDocument & { emailed?: boolean; notEmailedReason?: string | null }
      >,
    // The credit note is new and the invoice changed: every list and page of the kind is stale.
    onSuccess: () => invalidate(client, kind, undefined),
  });
}

export function useSourceChange(kind: DocumentKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceId, add }: { sourceId: string; add: boolean }) =>
      data((add ? call.POST : call.DELETE)(`${base(kind)}/${id}/${kind.source}/${sourceId}`)) as Promise<AnyDocument>,
    onSuccess: (document) => invalidate(client, kind, document),
  });
}

export interface PaymentInput {
  amount: number;
  date: string;
  description?: string | null;
  isFullyPaid?: boolean;
}

export function usePayments(kind: DocumentKind, id: string) {
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: (body: PaymentInput) => data(call.POST(`${base(kind)}/${id}/payments`, { body })) as Promise<AnyDocument>,
    onSuccess: (document) => invalidate(client, kind, document),
  });
  const remove = useMutation({
    mutationFn: (paymentId: string) => data(call.DELETE(`${base(kind)}/${id}/payments/${paymentId}`)) as Promise<AnyDocument>,
    onSuccess: (document) => invalidate(client, kind, document),
  });
  return { add, remove };
}

/** Parties to choose from (a client for quotes and invoices, a supplier for purchase orders). */
export const partyOptionsQuery = (kind: DocumentKind, q: string) =>
  queryOptions({
    queryKey: [kind.party === 'client' ? 'clients' : 'suppliers', 'options', q] as const,
    queryFn: ({ signal }) =>
      data(
        call.GET(kind.party === 'client' ? '/v2/clients' : '/v2/suppliers', {
          params: { query: { q: q || undefined, pageSize: 20, sort: 'name', direction: 'asc' } },
          signal,
        }),
      ) as Promise<{ items: Array<{ id: string; name: string }> }>,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const partyNameQuery = (kind: DocumentKind, id: string) =>
  queryOptions({
    queryKey: [kind.party === 'client' ? 'clients' : 'suppliers', 'detail', id] as const,
    queryFn: ({ signal }) =>
      data(call.GET(`/v2/${kind.party === 'client' ? 'clients' : 'suppliers'}/${id}`, { signal })) as Promise<{ id: string; name: string }>,
    staleTime: 60_000,
  });

export interface JobChoice {
  id: string;
  name: string;
  status: number;
  nonBillable?: boolean;
  currency?: { code: string };
  estimation?: { total: number | null };
  outsourcing: Array<{ id: string; name: string; status: number; total: number; supplier: { id: string; name: string }; currency: { code: string } }>;
}

/** How many jobs the job picker shows at once (the newest of those found; the search narrows them). */
export const JOB_PICKER_PAGE = 20;

/**
 * A client's jobs that may go on a quote or an invoice, found on the server: billable, not
 * invoiced (`invoiced=false`), not cancelled; only the finished ones with `finishedOnly`; newest first.
 */
export const clientJobsQuery = (clientId: string, q: string, finishedOnly: boolean) =>
  queryOptions({
    queryKey: ['jobs', 'list', { client: [clientId], q, finishedOnly, for: 'documents' }] as const,
    queryFn: ({ signal }) =>
      data(
        call.GET('/v2/jobs', {
          params: {
            query: {
              client: [clientId],
              invoiced: false,
              status: finishedOnly ? [3] : [1, 2, 3, 6],
              nonBillable: false,
              q: q || undefined,
              pageSize: JOB_PICKER_PAGE,
              sort: 'createdAt',
              direction: 'desc',
            },
          },
          signal,
        }),
      ) as Promise<{ items: JobChoice[]; totalItems: number }>,
    placeholderData: keepPreviousData,
  });

/** Jobs found by name (to pick an outsourcing of a supplier for a purchase order). */
export const jobSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['jobs', 'list', { q, for: 'purchase-orders' }] as const,
    queryFn: ({ signal }) =>
      data(call.GET('/v2/jobs', { params: { query: { q: q || undefined, pageSize: 20, sort: 'updatedAt', direction: 'desc' } }, signal })) as Promise<{
        items: JobChoice[];
      }>,
    placeholderData: keepPreviousData,
  });

/** `GET /v2/quotes/:id/portal-answer`: the client's answer on the client portal, or null (docs/client-portal.md#quotes). */
export const quotePortalAnswerQuery = (id: string) =>
  queryOptions({
    queryKey: ['quotes', 'detail', id, 'portal-answer'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/quotes/{id}/portal-answer', { params: { path: { id } }, signal })),
  });
