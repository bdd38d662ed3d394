/**
 * The estimation engine (docs/estimation.md): pure functions, no database, no HTTP. The jobs module calls
 * `buildJobEstimation` (or the parts) whenever an input changes and stores the result; groups call
 * `buildGroupEstimation` over their jobs' stored estimations. Views show the profitability of now
 * (`shownProfitability`: the account's target margin and exchange rates). See docs/estimation.md.
 */
export { estimateJobPrice, estimateOutsourcingPrice, matchRate } from './engine.js';
export { summarizeOutsourcing, mergeOutsourcing } from './outsourcing.js';
export { jobProfitability, jobPerformance, profitabilityOf, MARGIN_RATE_DECIMALS } from './profitability.js';
export { convertedProfitability, needsRates, noRates } from './conversion.js';
export { basisNeedsRates, groupBasis, jobBasis, shownProfitability } from './shown.js';
export { buildJobEstimation } from './job.js';
export { buildGroupEstimation } from './group.js';
export * from './types.js';
