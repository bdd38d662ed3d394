import type { PartyRef } from '../parties/party';

/** A party's notes. (Being built: renders nothing yet.) */
export function PartyNotesSection(_: { party: PartyRef }) {
  return null;
}
