import fastJson from 'fast-json-stringify';
import type { Ctx } from '../../core/context.js';
import { BoundedCache } from '../../core/bounded-cache.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { loadJobs } from './assembly.js';
import { Job } from './schemas.js';

/**
 * Serialised job objects, kept per process and checked on every read (issue 9).
 *
 * Building a job's object takes about a dozen reads and most of a millisecond of JavaScript; its
 * JSON changes only when the job or something shown in it changes. Triggers (migration 0014) bump
 * `job_versions.version` on every write of the job or one of its parts, and the account's
 * `job_view_epochs.epoch` when a name shown inside jobs changes. A read asks the database for the
 * current (version, epoch) of its jobs, one indexed query, and serves the kept JSON only when
 * both match; anything else is built, serialised and kept. The versions are read before the job is
 * built: a write committed meanwhile makes the kept JSON older than the next version, never newer,
 * so it is rebuilt on the next read. Every process checks against the same database, so a write
 * made by another server process, the CLI, or plain SQL is seen at once.
 */
const serializeJob = fastJson(Job);

interface Kept {
  version: number;
  epoch: number;
  json: Buffer;
}

/**
 * Kept as UTF-8 bytes in a buffer of their own: sent without encoding again, joined into pages by
 * copying, and measured exactly (the serialiser's string may be a rope of many small pieces; a
 * small `Buffer.from` would hold on to a shared 8 kB pool slab). Keeping strings made a page of 20
 * kept jobs cost 3.7 ms of CPU (flattening and encoding them again); buffers, 1.9 ms.
 */
function bytesOf(json: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

/** 32 MB of JSON: some 8 000 jobs of a few kilobytes. */
export const DEFAULT_JOB_CACHE_BYTES = 32 * 1024 * 1024;

const caches = new WeakMap<object, BoundedCache<Kept>>();

const versionsOf = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db
    .selectFrom('job_versions as v')
    .leftJoin('job_view_epochs as e', 'e.account_id', 'v.account_id')
    .select(['v.job_id', 'v.version', 'e.epoch'])
    .where('v.account_id', '=', p.accountId)
    .where('v.job_id', 'in', p.ids),
);

export const jobViews = {
  /** Sets the cache of a database handle (its size from the configuration; 0 keeps nothing). */
  configure(db: object, maxBytes: number): void {
    caches.set(db, new BoundedCache<Kept>(maxBytes));
  },

  /** The cache of a database handle (tests clear it to measure the building of jobs). */
  cacheOf(db: object): BoundedCache<Kept> {
    let cache = caches.get(db);
    if (cache === undefined) {
      cache = new BoundedCache<Kept>(DEFAULT_JOB_CACHE_BYTES);
      caches.set(db, cache);
    }
    return cache;
  },

  /**
   * The JSON of some jobs of the caller's account (unknown ids are left out), by id. For reads
   * outside a transaction: inside one, the versions of the transaction's own writes are not
   * bumped yet on PostgreSQL (the triggers run at commit).
   */
  async json(ctx: Ctx, ids: readonly string[]): Promise<Map<string, Buffer>> {
    const result = new Map<string, Buffer>();
    if (ids.length === 0) return result;
    const cache = jobViews.cacheOf(ctx.db);
    if (cache.maxSize === 0) return build(ctx, ids, result);
    const current = new Map<string, { version: number; epoch: number }>();
    for (const row of await versionsOf(ctx.db, { accountId: ctx.accountId, ids })) {
      current.set(row.job_id, { version: Number(row.version), epoch: Number(row.epoch ?? 0) });
    }
    const missing: string[] = [];
    for (const id of ids) {
      const now = current.get(id);
      const kept = now === undefined ? undefined : cache.get(id);
      if (kept !== undefined && kept.version === now!.version && kept.epoch === now!.epoch) result.set(id, kept.json);
      else missing.push(id);
    }
    if (missing.length > 0) await build(ctx, missing, result, (id, json) => {
      const now = current.get(id);
      if (now !== undefined) cache.set(id, { ...now, json }, json.length);
    });
    return result;
  },
};

async function build(ctx: Ctx, ids: readonly string[], into: Map<string, Buffer>, keep?: (id: string, json: Buffer) => void): Promise<Map<string, Buffer>> {
  const loaded = await loadJobs(ctx, ids);
  for (const id of ids) {
    const job = loaded.get(id);
    if (job === undefined) continue;
    const json = bytesOf(serializeJob(job));
    keep?.(id, json);
    into.set(id, json);
  }
  return into;
}
