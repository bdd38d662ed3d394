import type { TSchema } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import type { FilesTable } from '../../core/db/schema.js';
import { ClientFile, SupplierFile, type ClientFileObject, type SupplierFileObject } from './schemas.js';

export type FileRow = FilesTable;

export type FlagColumn = 'share_on_jobs' | 'share_with_all' | 'share_with_client';

/** Tables that own files (existence checks and the lock taken when a file is added). */
export type OwnerTable = 'clients' | 'suppliers' | 'jobs' | 'groups' | 'requests';

/** A boolean column of the file that `PUT`/`DELETE {base}/:id/files/:fileId/{path}` sets and clears. */
export interface FileFlag {
  path: string;
  column: FlagColumn;
  summary: string;
}

/**
 * Files of one owner kind (docs/files.md): one implementation, configured here once per owner.
 * Job and group files are one more configuration each (job-files.ts, group-files.ts):
 * `ownerTable: 'jobs'` / `'groups'`, a `present` that adds `outsourcing { shareWithAll, sharedWith }`
 * (one query for all rows), `loadFor` (a page of owners in one query) and for jobs `inherited`
 * (the files of the job's group, listed with `groupFileId`).
 */
export interface FileKind<F extends object = object> {
  /** Stored in files.owner_type. */
  ownerType: string;
  /** The owner's table (account_id, id): existence checks and the lock taken when a file is added. */
  ownerTable: OwnerTable;
  /** For messages and OpenAPI: `client`. */
  noun: string;
  /** The file object's schema. */
  schema: TSchema;
  /** File objects of rows of this kind, in the same order; async so that a kind can load its extras in one query. */
  present(ctx: Ctx, rows: readonly FileRow[]): Promise<F[]>;
  flags: readonly FileFlag[];
  /** Files listed with an owner's own files although another owner holds them (group files on jobs). */
  inherited?(ctx: Ctx, ownerIds: readonly string[]): Promise<Map<string, FileRow[]>>;
  /** The full file lists of several owners in one query (own and inherited files with their extras), replacing the generic loading. */
  loadFor?(ctx: Ctx, ownerIds: readonly string[]): Promise<Map<string, F[]>>;
}

export const clientFiles: FileKind<ClientFileObject> = {
  ownerType: 'client',
  ownerTable: 'clients',
  noun: 'client',
  schema: ClientFile,
  present: async (_ctx, rows) =>
    rows.map((row) => ({ id: row.id, name: row.name, shareOnJobs: isTrue(row.share_on_jobs), size: Number(row.size), createdAt: row.created_at })),
  flags: [{ path: 'share/with-jobs', column: 'share_on_jobs', summary: 'shareable on jobs' }],
};

export const supplierFiles: FileKind<SupplierFileObject> = {
  ownerType: 'supplier',
  ownerTable: 'suppliers',
  noun: 'supplier',
  schema: SupplierFile,
  present: async (_ctx, rows) => rows.map((row) => ({ id: row.id, name: row.name, size: Number(row.size), createdAt: row.created_at })),
  flags: [],
};
