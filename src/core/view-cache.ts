import type { Ctx } from './context.js';
import { BoundedCache } from './bounded-cache.js';
import { withoutFinancials } from './financials.js';

/**
 * Serialised objects kept per process and checked on every read (docs/performance.md#the-view-cache-jobs-and-groups): jobs and groups.
 *
 * Building an object takes a dozen reads and most of a millisecond of JavaScript; its JSON changes
 * only when the object or something shown in it changes. Triggers (migrations 0014, 0016) bump a
 * version of the object on every write of it or of one of its parts, and the account's epoch
 * (`view_epochs`) when a name shown inside many objects changes. A read asks the database for the
 * current (version, epoch) of its objects, one indexed query, and serves the kept JSON only when
 * both match; anything else is built, serialised and kept. The versions are read before the object
 * is built: a write committed meanwhile makes the kept JSON older than the next version, never
 * newer, so it is rebuilt on the next read. Every process checks against the same database, so a
 * write made by another server process, the CLI, or plain SQL is seen at once.
 *
 * For reads outside a transaction: inside one, the versions of the transaction's own writes are
 * not bumped yet on PostgreSQL (the triggers run at commit).
 */
export interface ViewSource<T> {
  /** The versions table and its key column (the freshness manifest's `versions` and `key`). */
  table: { versions: string; key: string };
  /** The current version and epoch of some ids of the caller's account (unknown ids are left out). */
  versions(ctx: Ctx, ids: readonly string[]): Promise<Array<{ id: string; version: number | string; epoch: number | string | null }>>;
  /** The objects of some ids of the caller's account, built from the database (unknown ids are left out). */
  build(ctx: Ctx, ids: readonly string[]): Promise<Map<string, T>>;
  /** The JSON of an object, as its route's response schema writes it. */
  serialize(object: T): string;
  /** That response schema: its financial fields are left out of the JSON for a caller they are hidden from (core/financials.ts). */
  schema: object;
}

interface Kept {
  version: number;
  epoch: number;
  json: Buffer;
  /** SQLite: the change stamp at (or after) which this version and epoch were read as current. */
  stamp?: string;
  /** Whose object it is: the stamp alone says nothing of the caller. */
  accountId: string;
}

/** 32 MB of JSON per kind of object: some 8 000 jobs of a few kilobytes. */
export const DEFAULT_VIEW_CACHE_BYTES = 32 * 1024 * 1024;

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

/**
 * PostgreSQL: a read route's one object whose version and epoch are read in the statement that
 * finds the caller's key or session (core/auth.ts), so that serving it kept costs one round trip,
 * not two (docs/performance.md#one-round-trip-for-a-kept-object-postgresql). Set in a route's config
 * as `prereadVersions` (core/http/types.ts).
 */
export interface PrereadVersions {
  versions: string;
  key: string;
  /** The route's parameter holding the object's id. */
  param: string;
}

export interface ViewCache {
  /** The route config that reads the version of the object named by `param` with the caller (PostgreSQL). */
  prereadBy(param: string): PrereadVersions;
  /** Sets the cache of a database handle (its size from the configuration; 0 keeps nothing). */
  configure(db: object, maxBytes: number): void;
  /** The cache of a database handle (tests clear it to measure the building of objects). */
  cacheOf(db: object): BoundedCache<Kept>;
  /** The JSON of some ids of the caller's account (unknown ids are left out), by id, in no particular order. */
  json(ctx: Ctx, ids: readonly string[]): Promise<Map<string, Buffer>>;
}

export function viewCache<T>(source: ViewSource<T>): ViewCache {
  const caches = new WeakMap<object, BoundedCache<Kept>>();
  // The JSON without revenue and margins (core/financials.ts), kept apart: a kept full object is
  // never answered to a caller they are hidden from, whatever the setting was when it was kept.
  const hiddenCaches = new WeakMap<object, BoundedCache<Kept>>();

  async function build(ctx: Ctx, ids: readonly string[], into: Map<string, Buffer>, keep?: (id: string, json: Buffer) => void): Promise<Map<string, Buffer>> {
    const built = await source.build(ctx, ids);
    const hidden = ctx.financialsHidden === true;
    for (const id of ids) {
      const object = built.get(id);
      if (object === undefined) continue;
      const json = bytesOf(source.serialize(hidden ? withoutFinancials(source.schema, object) : object));
      keep?.(id, json);
      into.set(id, json);
    }
    return into;
  }

  /**
   * The current versions of `ids`: those read with the caller for the route's object (PostgreSQL,
   * `PrereadVersions`), once — read at the start of this request, outside any transaction, as
   * current as a query now — else asked of the database.
   */
  function versionsOf(ctx: Ctx, ids: readonly string[]): ReturnType<ViewSource<T>['versions']> {
    const read = ctx.versionsRead;
    if (read === undefined || read.versions !== source.table.versions || ids.length !== 1 || ids[0] !== read.id) return source.versions(ctx, ids);
    ctx.versionsRead = undefined;
    return Promise.resolve(read.row === undefined ? [] : [{ id: read.id, ...read.row }]);
  }

  /**
   * Puts into `result` the kept JSON of those of `ids` that is current; answers the others (to
   * build) and the versions read. A hit counts as a use (moved to the recent end) and notes the
   * stamp it was checked at.
   */
  async function currentKept(
    ctx: Ctx,
    kept: BoundedCache<Kept>,
    ids: readonly string[],
    result: Map<string, Buffer>,
  ): Promise<{ missing: readonly string[]; current: Map<string, { version: number; epoch: number }> }> {
    const current = new Map<string, { version: number; epoch: number }>();
    const lookUp = (id: string) => kept.get(id);
    const stamp = ctx.changeStamp;
    // Kept at this very stamp: nothing was written since they were checked (core/db/change-stamp.ts).
    let unchecked: readonly string[] = ids;
    if (stamp !== undefined) {
      unchecked = ids.filter((id) => {
        const entry = lookUp(id);
        if (entry === undefined || entry.stamp !== stamp || entry.accountId !== ctx.accountId) return true;
        result.set(id, entry.json);
        return false;
      });
      if (unchecked.length === 0) return { missing: [], current };
    }
    for (const row of await versionsOf(ctx, unchecked)) current.set(row.id, { version: Number(row.version), epoch: Number(row.epoch ?? 0) });
    const missing: string[] = [];
    for (const id of unchecked) {
      const now = current.get(id);
      const entry = now === undefined ? undefined : lookUp(id);
      if (entry !== undefined && entry.version === now!.version && entry.epoch === now!.epoch) {
        // The stamp was read before these versions: they were current at it or later.
        entry.stamp = stamp;
        result.set(id, entry.json);
      } else missing.push(id);
    }
    return { missing, current };
  }

  function hiddenCacheOf(db: object): BoundedCache<Kept> {
    let kept = hiddenCaches.get(db);
    if (kept === undefined) {
      kept = new BoundedCache<Kept>(cache.cacheOf(db).maxSize);
      hiddenCaches.set(db, kept);
    }
    return kept;
  }

  const cache: ViewCache = {
    prereadBy(param) {
      return { ...source.table, param };
    },

    configure(db, maxBytes) {
      caches.set(db, new BoundedCache<Kept>(maxBytes));
      hiddenCaches.set(db, new BoundedCache<Kept>(maxBytes));
    },

    cacheOf(db) {
      let kept = caches.get(db);
      if (kept === undefined) {
        kept = new BoundedCache<Kept>(DEFAULT_VIEW_CACHE_BYTES);
        caches.set(db, kept);
      }
      return kept;
    },

    async json(ctx, ids) {
      const result = new Map<string, Buffer>();
      if (ids.length === 0) return result;
      const kept = ctx.financialsHidden === true ? hiddenCacheOf(ctx.db) : cache.cacheOf(ctx.db);
      if (kept.maxSize === 0) return build(ctx, ids, result);
      const { missing, current } = await currentKept(ctx, kept, ids, result);
      if (missing.length === 0) return result;
      // An export reads what is kept but keeps nothing new: its rows must not push out the objects people are reading.
      if (ctx.keepViews === false) return build(ctx, missing, result);
      const stamp = ctx.changeStamp;
      return build(ctx, missing, result, (id, json) => {
        const now = current.get(id);
        if (now !== undefined) kept.set(id, { ...now, json, stamp, accountId: ctx.accountId }, json.length);
      });
    },
  };
  return cache;
}
