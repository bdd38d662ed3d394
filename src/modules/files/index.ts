/**
 * What other modules may use of files: the owner kinds, batch loading and cleanup for the owners'
 * full objects and deletes, and the route family. The owner configurations with their routes are in
 * owners.ts (imported by the app only: owners import their owner modules, which import this file).
 */
export { clientFiles, supplierFiles, type FileKind, type FileFlag, type FileRow } from './kinds.js';
export { files, type StoredContent } from './service.js';
export { ClientFile, SupplierFile, type ClientFileObject, type SupplierFileObject } from './schemas.js';
export { fileRoutes, type FileOwner } from './routes.js';
export { multipartOptions } from './upload.js';
export { sanitizeFileName } from './names.js';
export { jobFiles } from './job-kind.js';
