/** Exchange rates (docs/exchange-rates.md): an account's rates and converting amounts to its currency. */
export { RateBook, jobDay, type Converted, type RateEntry, type RateUsed } from './rate-book.js';
export { loadRateBook } from './rate-source.js';
export { exchangeRateRoutes } from './routes.js';
export { exchangeRates } from './service.js';
export { importForAllAccounts, startRateImports } from './schedule.js';
