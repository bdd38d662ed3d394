/** What other modules may use of master data: references and the defaults of a new account. */
export { namedService as masterData, type Ref } from './service.js';
export { services, matchCategories, units, domains, labels, taxes } from './kinds.js';
