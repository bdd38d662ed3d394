/** The console's text: dashboard (docs/console.md#text). */
export const dashboard = {};
