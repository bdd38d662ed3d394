import type { PartyRef } from '../parties/party';

/** A party's contacts and the documents each receives. (Being built: renders nothing yet.) */
export function ContactsSection(_: { party: PartyRef }) {
  return null;
}
