/** What other modules may use of language pairs: references and their schema. */
export { languagePairs, type LanguagePairReference } from './service.js';
export { LanguagePairRef } from './schemas.js';
