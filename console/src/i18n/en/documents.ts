/** The console's text: documents (docs/console.md#text). */
export const documents = {};
