/** The web console's serving (docs/console.md): its page, its assets, and which requests get the page. */
export { consoleRoutes, sendConsolePage } from './routes.js';
export { loadConsolePage, consolePolicy, NONCE_PLACEHOLDER, type ConsolePage } from './page.js';
