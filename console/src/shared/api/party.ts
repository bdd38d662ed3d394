import { queryOptions } from '@tanstack/react-query';
import { api, data } from './client';

/**
 * Clients and suppliers are "parties": the same kind of record (name, addresses, contacts, files,
 * notes, labels, prices), kept apart by the API. A section that serves both takes a PartyRef.
 */
export type PartyKind = 'client' | 'supplier';

export interface PartyRef {
  kind: PartyKind;
  id: string;
}

const fetchClient = (id: string, signal?: AbortSignal) => data(api.GET('/v2/clients/{id}', { params: { path: { id } }, signal }));
const fetchSupplier = (id: string, signal?: AbortSignal) => data(api.GET('/v2/suppliers/{id}', { params: { path: { id } }, signal }));

export type Client = Awaited<ReturnType<typeof fetchClient>>;
export type Supplier = Awaited<ReturnType<typeof fetchSupplier>>;
export type Party = Client | Supplier;

/** The API's collection of a kind of party, as its paths and the query keys name it. */
export const PARTY_COLLECTION = { client: 'clients', supplier: 'suppliers' } as const satisfies Record<PartyKind, string>;

/** One party (GET /v2/clients/:id or /v2/suppliers/:id); its key is `['clients' | 'suppliers', 'detail', id]`. */
export const partyQuery = (party: PartyRef) =>
  queryOptions<Party>({
    queryKey: [PARTY_COLLECTION[party.kind], 'detail', party.id] as const,
    queryFn: ({ signal }): Promise<Party> => (party.kind === 'client' ? fetchClient(party.id, signal) : fetchSupplier(party.id, signal)),
  });
