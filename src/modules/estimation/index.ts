/**
 * The estimation engine (docs/estimation.md): pure functions, no database, no HTTP. The jobs module calls
 * `buildJobEstimation` (or the parts) whenever an input changes and stores the result; groups call
 * `buildGroupEstimation` over their jobs' stored estimations. See docs/estimation.md.
 */
export { estimateJobPrice, estimateOutsourcingPrice, matchRate } from './engine.js';
export { summarizeOutsourcing, mergeOutsourcing } from './outsourcing.js';
export { jobProfitability, jobPerformance, profitabilityOf, MARGIN_RATE_DECIMALS } from './profitability.js';
export { buildJobEstimation } from './job.js';
export { buildGroupEstimation } from './group.js';
export * from './types.js';
