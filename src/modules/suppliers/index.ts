/** What other modules may use of suppliers: full objects and references. */
export { suppliers } from './service.js';
export { supplierParent } from './parent.js';
export type { SupplierObject } from './schemas.js';
// The request schemas, for imports (modules/imports) to validate rows exactly as the API does.
export { CreateSupplier, UpdateSupplier } from './schemas.js';
export { supplierCandidates, type CandidateRow as SupplierCandidateRow } from './candidates.js';
