/** Imports of clients, suppliers, contacts and prices from CSV files (docs/imports.md). */
export { importRoutes } from './routes.js';
export { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './csv.js';
