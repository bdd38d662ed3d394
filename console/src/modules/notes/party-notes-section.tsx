import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t } from '../../shared/i18n';
import { partyQuery, type PartyRef } from '../../shared/api/party';
import { PartySectionState } from '../../shared/ui/party-section-state';
import { NotesSection } from './notes-section';
import { partyNoteWriter } from './party-notes';

/**
 * A client's or supplier's "Notes" (docs/console.md#clients-and-suppliers): the notes of
 * modules/notes configured for the party, read from the party's record (partyQuery).
 */
export function PartyNotesSection({ party }: { party: PartyRef }) {
  const query = useQuery(partyQuery(party));
  const { kind, id } = party;
  const writer = useMemo(() => partyNoteWriter({ kind, id }), [kind, id]);
  const headingId = `${party.kind}-notes-${party.id}`;
  if (!query.data) return <PartySectionState headingId={headingId} title={t('partyRecords.notes')} query={query} />;
  return <NotesSection headingId={headingId} title={t('partyRecords.notes')} notes={query.data.notes} writer={writer} />;
}
