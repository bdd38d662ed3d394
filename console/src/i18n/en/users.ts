/** The console's text: users (docs/console.md#text). */
export const users = {};
