/** The console's text: prices (docs/console.md#text). */
export const prices = {};
