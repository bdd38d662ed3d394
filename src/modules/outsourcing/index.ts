/**
 * What other modules may use of outsourcing: its writes, for the import of a CAT report into an
 * outsourcing (modules/cat-analysis), and the supplier's answers through the portal
 * (modules/supplier-portal). What the jobs show of it is outsourcing-view's.
 */
export { outsourcingService } from './service.js';
export { portalService } from './portal.js';
export { supplierAnswers, SUPPLIER_COMMENTS_MAX, type SupplierAnswer } from './supplier-answers.js';
export { offerRounds, sweepExpiredRounds, type OfferRoundInput } from './offer-rounds.js';
export { AwardOfferRound, CreateOfferRound, OfferRound, OfferRoundParams, type OfferRoundObject } from './offer-round-schemas.js';
export { startOfferExpiry } from './offer-expiry.js';
