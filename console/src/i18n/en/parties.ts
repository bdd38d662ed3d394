/** The console's text: parties (docs/console.md#text). */
export const parties = {};
