import { files, type FileKind } from '../files/index.js';
import { RequestFile, type RequestFileObject } from './schemas.js';

/**
 * The files of a request (docs/client-portal.md#requests): rows of the files module with owner
 * type `request`, so that their content lives, is swept, backed up and deleted as every file's.
 */
export const requestFiles: FileKind<RequestFileObject> = {
  ownerType: 'request',
  ownerTable: 'requests',
  noun: 'request',
  schema: RequestFile,
  present: async (_ctx, rows) =>
    rows.map((row) => ({ id: row.id, name: row.name, size: Number(row.size), contentType: row.content_type, createdAt: row.created_at })),
  flags: [],
};

export { files };
