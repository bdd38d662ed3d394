/**
 * What jobs and their outsourcing share of priced match lines: the pure line arithmetic
 * (lines.ts), the storage of lines (line-store.ts), the response shapes (shapes.ts) and the stored
 * CAT file ids. A module of its own so that jobs and outsourcing both use it without importing
 * each other's internals.
 */
export * from './lines.js';
export { lineStore, jobLines, outsourcingLines } from './line-store.js';
export { PriceReference, QuantityMatch, MatchesType, CatFile, quantityProps, ExtraCharge, FixedPrice, TotalDetails, NoteObject } from './shapes.js';
export { catFileIds } from './cat-file.js';
