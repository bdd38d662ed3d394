/** The console's text: party-records (docs/console.md#text). */
export const partyRecords = {};
