import { expect } from 'vitest';
import type { Api } from '../../helper.js';
import { buildWorld, jobParams, newJob, type World } from '../jobs/fixture.js';
import type { FileTestContext } from './helper.js';

/** Shared set-up of the job and group file tests: a world of master data and small builders. */
export { buildWorld, type World };

export const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
export const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** A new job of the first account (Acme, Translation, Words); answers its id. */
export async function newJobId(api: Api, w: World, name = 'A job'): Promise<string> {
  return (await newJob(api, jobParams(w, w.service.Translation!, { name }))).id as string;
}

/** Adds an outsourcing to a job (supplier Anna); answers its id. */
export async function newOutsourcing(api: Api, w: World, jobId: string): Promise<string> {
  const reply = await api.post(`/v2/jobs/${jobId}/outsourcing`, { supplier: w.supplier.anna });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const list = reply.body.outsourcing as Array<{ id: string }>;
  return list[list.length - 1]!.id;
}

/** The expected job (or group) file object of an upload. */
export const fileObject = (name: string, size: number, shareWithAll = false, sharedWith: string[] = [], extra: Record<string, unknown> = {}) => ({
  id: ID,
  name,
  ...extra,
  outsourcing: { shareWithAll, sharedWith },
  shareWithClient: false,
  ...extra,
  size,
  createdAt: DATE,
});

/** Rows of file_outsourcing_shares (all accounts) referring to some files or outsourcing. */
export async function shareRows(t: FileTestContext, where: { fileId?: string; outsourcingId?: string }): Promise<number> {
  let query = t.database.db.selectFrom('file_outsourcing_shares').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.fileId) query = query.where('file_id', '=', where.fileId);
  if (where.outsourcingId) query = query.where('outsourcing_id', '=', where.outsourcingId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Rows of the files table of one owner. */
export async function fileRows(t: FileTestContext, ownerId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
