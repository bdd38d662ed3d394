import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../shared/api/client';
import { PARTY_COLLECTION, partyQuery, type Party, type PartyKind, type PartyRef } from '../../shared/api/party';
import { partiesApiQuery, type PartiesSearch } from './parties-search';

/** A page of either list: the same paging, items of the kind asked for. */
export type PartiesPage = Omit<Answer<'listClients'>, 'items'> & { items: Party[] };
export type ClientBody = Body<'updateClient'>;
export type SupplierBody = Body<'updateSupplier'>;
export type PartyBody = ClientBody | SupplierBody;
export type PartyJobsPage = Answer<'listJobs'>;

/** Jobs of a client or a supplier shown at once on its page (the first view asks for one page only). */
export const PARTY_JOBS_PAGE_SIZE = 20;

/** A page of the clients or suppliers list for a view of the address. */
export const partiesListQuery = (kind: PartyKind, search: PartiesSearch) =>
  queryOptions<PartiesPage>({
    queryKey: [PARTY_COLLECTION[kind], 'list', search] as const,
    queryFn: ({ signal }): Promise<PartiesPage> => {
      const query = partiesApiQuery(kind, search);
      return kind === 'client' ? data(api.GET('/v2/clients', { params: { query }, signal })) : data(api.GET('/v2/suppliers', { params: { query }, signal }));
    },
    placeholderData: keepPreviousData,
  });

/** The jobs filter of a party: a client's jobs, or the jobs outsourced to a supplier. */
export const partyJobsFilter = (party: PartyRef): { client: string[] } | { supplier: string[] } =>
  party.kind === 'client' ? { client: [party.id] } : { supplier: [party.id] };

/** A page of a client's jobs or of the jobs outsourced to a supplier (GET /v2/jobs?client=… or ?supplier=…), newest first. */
export const partyJobsQuery = (party: PartyRef, page: number) =>
  queryOptions({
    queryKey: ['jobs', 'list', { ...partyJobsFilter(party), page, pageSize: PARTY_JOBS_PAGE_SIZE }] as const,
    queryFn: ({ signal }) =>
      data(
        api.GET('/v2/jobs', {
          params: { query: { ...partyJobsFilter(party), page, pageSize: PARTY_JOBS_PAGE_SIZE, sort: 'createdAt', direction: 'desc' } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Puts a party the API answered in place (the page and its sections share it) and marks the lists stale. */
export function setParty(queryClient: QueryClient, party: Party): void {
  const ref: PartyRef = { kind: party.object, id: party.id };
  queryClient.setQueryData(partyQuery(ref).queryKey, party);
  void queryClient.invalidateQueries({ queryKey: [PARTY_COLLECTION[ref.kind], 'list'] });
  // The header's search shows names and e-mails.
  void queryClient.invalidateQueries({ queryKey: ['search', ref.kind] });
}

const createParty = (kind: PartyKind, body: { name: string } & PartyBody): Promise<Party> =>
  kind === 'client' ? data(api.POST('/v2/clients', { body: body })) : data(api.POST('/v2/suppliers', { body: body }));

const updateParty = (ref: PartyRef, body: PartyBody): Promise<Party> => {
  const params = { path: { id: ref.id } };
  return ref.kind === 'client' ? data(api.PUT('/v2/clients/{id}', { params, body: body })) : data(api.PUT('/v2/suppliers/{id}', { params, body: body }));
};

export function useCreateParty(kind: PartyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string } & PartyBody) => createParty(kind, body),
    onSuccess: (party) => setParty(queryClient, party),
  });
}

export function useUpdateParty(ref: PartyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartyBody) => updateParty(ref, body),
    onSuccess: (party) => {
      setParty(queryClient, party);
      // Jobs show their client's name; a client's currency or minimum fee reprices its jobs.
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

export function useDeleteParty(ref: PartyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const params = { path: { id: ref.id } };
      await (ref.kind === 'client' ? data(api.DELETE('/v2/clients/{id}', { params })) : data(api.DELETE('/v2/suppliers/{id}', { params })));
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: partyQuery(ref).queryKey });
      void queryClient.invalidateQueries({ queryKey: [PARTY_COLLECTION[ref.kind], 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['search', ref.kind] });
    },
  });
}

/** Attaching or detaching a label (POST/DELETE …/labels/:labelId), which answers the whole party. */
export function usePartyLabel(ref: PartyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ labelId, attach }: { labelId: string; attach: boolean }): Promise<Party> => {
      const params = { path: { id: ref.id, labelId } };
      if (ref.kind === 'client')
        return attach ? data(api.POST('/v2/clients/{id}/labels/{labelId}', { params })) : data(api.DELETE('/v2/clients/{id}/labels/{labelId}', { params }));
      return attach ? data(api.POST('/v2/suppliers/{id}/labels/{labelId}', { params })) : data(api.DELETE('/v2/suppliers/{id}/labels/{labelId}', { params }));
    },
    onSuccess: (party) => setParty(queryClient, party),
  });
}

/** Adding or removing a supplier's language pair (POST/DELETE /v2/suppliers/:id/language-pairs/:languagePairId). */
export function useSupplierLanguagePair(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ languagePairId, add }: { languagePairId: string; add: boolean }): Promise<Party> => {
      const params = { path: { id: supplierId, languagePairId } };
      return add
        ? data(api.POST('/v2/suppliers/{id}/language-pairs/{languagePairId}', { params }))
        : data(api.DELETE('/v2/suppliers/{id}/language-pairs/{languagePairId}', { params }));
    },
    onSuccess: (party) => setParty(queryClient, party),
  });
}
