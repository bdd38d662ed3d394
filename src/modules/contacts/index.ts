/** What other modules may use of contacts: the kinds, batch loading, cleanup and the route family. */
export { clientContacts, supplierContacts, type ContactKind } from './kinds.js';
export { contacts } from './service.js';
export { contactSchemas, OptionalEmail, type ContactObject } from './schemas.js';
export { contactRoutes } from './routes.js';
