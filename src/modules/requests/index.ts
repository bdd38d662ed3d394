/**
 * Requests (docs/client-portal.md#requests): what a client's person asks the agency for from the
 * client portal, and how the agency answers. The composition registers the agency's routes, the
 * terms PDF's, and the portal's branch (in `clientPortal([...])`).
 *
 * For the conversion into jobs (`POST /v2/requests/:id/convert`, built on this door):
 * 1. before the transaction: `agencyRequests.forConversion(readCtx, id)` for the files, then
 *    `copyRequestFiles(app.storage, files)` (new blobs, each to become a job's or group's file);
 * 2. in the transaction: `agencyRequests.forConversion(ctx, id)` again (locks the request; 404;
 *    409 unless new or quoted), the jobs, `files.create(ctx, jobFiles, jobId, copy)` per copy, then
 *    `agencyRequests.markConverted(ctx, id, { jobIds, groupId, quoteId })` (records `request.converted`);
 * 3. when the transaction fails: `app.storage.remove(copies.map((c) => c.blobId))`.
 */
export { requestRoutes } from './routes.js';
export { requestPortalRoutes } from './portal-routes.js';
export { requestTermsRoutes } from './terms-routes.js';
export { agencyRequests, copyRequestFiles, type RequestFileContent } from './agency.js';
export { requests } from './service.js';
export { Request, type RequestObject } from './schemas.js';
export { requestThreadSubject } from './thread-subject.js';
