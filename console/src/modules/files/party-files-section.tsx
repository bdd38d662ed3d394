import type { PartyRef } from '../parties/party';

/** A party's files. (Being built: renders nothing yet.) */
export function PartyFilesSection(_: { party: PartyRef }) {
  return null;
}
