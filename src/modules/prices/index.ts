/**
 * What other modules may use of prices: the applicable prices of a job or an outsourcing
 * (docs/prices.md#which-price-applies, loaded and ordered), the pure resolution rules, and the match rate rules.
 */
export { applicablePrices, type ApplicablePrice, type PriceQuery, type SupplierPriceQuery } from './applicable.js';
export { resolveClientPrices, resolveSupplierPrices, type PriceCandidate, type PriceCriteria, type SupplierCriteria } from './resolution.js';
export { matchRate, matchView, type MatchesType } from './matches.js';
export { MatchEntry, type MatchEntryObject, type PriceRecord } from './schemas.js';
export { suppliersOfferingServices } from './offers.js';
// Writing prices and their match entries, for imports (modules/imports), with the API's schemas.
export { priceService } from './service.js';
export { matchService } from './match-service.js';
export { priceOwners } from './owners.js';
export { priceFamilies, clientDefaults, supplierDefaults, clientPrices, supplierServices, type PriceFamily } from './families.js';
export { createSchema, updateSchema, AddMatchBody, UpdateMatchBody } from './schemas.js';
