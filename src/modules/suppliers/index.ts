/** What other modules may use of suppliers: full objects and references. */
export { suppliers } from './service.js';
export type { SupplierObject } from './schemas.js';
