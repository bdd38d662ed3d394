/**
 * What other modules may use of files: the owner kinds, batch loading and cleanup for the owners'
 * full objects and deletes (the jobs' and groups' extensions), and the routes of every owner, which
 * the composition registers with the owners' descriptors (owners.ts).
 */
export { clientFiles, supplierFiles, type FileKind, type FileFlag, type FileRow } from './kinds.js';
export { files, type StoredContent } from './service.js';
export { ClientFile, FileDeliverable, SupplierFile, type ClientFileObject, type SupplierFileObject } from './schemas.js';
export { fileModuleRoutes, type FileParents } from './owners.js';
export { multipartOptions } from './upload.js';
export { sanitizeFileName, contentDisposition } from './names.js';
export { jobFiles } from './job-kind.js';
export { groupFiles } from './group-files.js';
/** The supplier portal's side of job and group files: what one outsourcing sees and delivers. */
export { outsourcingFiles, type OutsourcingPlace, type PlaceOwner } from './outsourcing-files.js';
export { receiveUpload, storeFilePart, StorageFailure } from './upload.js';
export { downloadRoute, sendFile, type DownloadRoute } from './download.js';
/** The client portal's side of job and group files: those shared with the client. */
export { clientSharedFiles, type ClientJobPlace } from './client-files.js';
