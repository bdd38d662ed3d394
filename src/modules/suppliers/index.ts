/** What other modules may use of suppliers: full objects and references. */
export { suppliers } from './service.js';
export { supplierParent } from './parent.js';
/** A supplier's unavailabilities, for the supplier's own people on the portal (modules/supplier-portal). */
export { unavailabilities } from './unavailabilities.js';
export { CreateUnavailability, Unavailabilities, Unavailability, UpdateUnavailability } from './schemas.js';
export type { SupplierObject } from './schemas.js';
// The request schemas, for imports (modules/imports) to validate rows exactly as the API does.
export { CreateSupplier, UpdateSupplier } from './schemas.js';
export { supplierCandidates, type CandidateRow as SupplierCandidateRow } from './candidates.js';
