import type { QueryClient } from '@tanstack/react-query';
import { api, data } from '../../shared/api/client';
import { PARTY_COLLECTION, partyQuery, type Party, type PartyRef } from '../../shared/api/party';
import type { NoteWriter } from './notes-queries';

/** Puts a client or supplier the API answered in place, and marks its lists stale (its `updatedAt` moved). */
export function setParty(queryClient: QueryClient, party: PartyRef, answer: Party): void {
  queryClient.setQueryData(partyQuery(party).queryKey, answer);
  void queryClient.invalidateQueries({ queryKey: [PARTY_COLLECTION[party.kind], 'list'] });
}

/** A client's or supplier's notes (POST/PUT/DELETE /v2/{clients,suppliers}/:id/notes…): each write answers the party. */
export function partyNoteWriter(party: PartyRef): NoteWriter<Party> {
  const path = { id: party.id };
  const settle = (queryClient: QueryClient, answer: Party) => setParty(queryClient, party, answer);
  if (party.kind === 'client')
    return {
      create: (content) => data(api.POST('/v2/clients/{id}/notes', { params: { path }, body: { content } })),
      update: (noteId, content) => data(api.PUT('/v2/clients/{id}/notes/{noteId}', { params: { path: { ...path, noteId } }, body: { content } })),
      remove: (noteId) => data(api.DELETE('/v2/clients/{id}/notes/{noteId}', { params: { path: { ...path, noteId } } })),
      settle,
    };
  return {
    create: (content) => data(api.POST('/v2/suppliers/{id}/notes', { params: { path }, body: { content } })),
    update: (noteId, content) => data(api.PUT('/v2/suppliers/{id}/notes/{noteId}', { params: { path: { ...path, noteId } }, body: { content } })),
    remove: (noteId) => data(api.DELETE('/v2/suppliers/{id}/notes/{noteId}', { params: { path: { ...path, noteId } } })),
    settle,
  };
}
