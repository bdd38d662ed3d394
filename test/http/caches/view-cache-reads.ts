import { expect } from 'vitest';
import type { Ctx } from '../../../src/core/context.js';
import { expectError, type Api, type TestAccount, type TestContext } from '../../helper.js';

/**
 * The reads of the view cache tests, for one kind of object (jobs, groups): a fresh build from the
 * database without any cache, the object's item in a listing page, putting it in the cache, and
 * reading it after a change through both paths.
 */
export interface ViewCacheReads {
  fresh(t: TestContext, account: TestAccount, id: string): Promise<unknown>;
  listed(api: Api, id: string): Promise<any>;
  cache(t: TestContext, id: string, api?: Api, account?: TestAccount): Promise<any>;
  current(t: TestContext, id: string, api?: Api, account?: TestAccount): Promise<any>;
  hiddenFromOtherAccount(t: TestContext, id: string): Promise<any>;
}

export function viewCacheReads(kind: {
  noun: string;
  basePath: string;
  build: (ctx: Ctx, ids: readonly string[]) => Promise<Map<string, unknown>>;
}): ViewCacheReads {
  const path = (id: string) => `${kind.basePath}/${id}`;
  let readCount = 0;

  const reads: ViewCacheReads = {
    /** The object as built from the database now, without the view cache, as JSON. */
    async fresh(t, account, id) {
      const ctx = { db: t.database.db, dialect: t.database.dialect, accountId: account.accountId, userId: account.userId };
      const object = (await kind.build(ctx, [id])).get(id);
      return object === undefined ? undefined : JSON.parse(JSON.stringify(object));
    },

    /** The object's item in a listing page (the newest first: those of the running test are on it). */
    async listed(api, id) {
      const page = await api.get(kind.basePath, { pageSize: 25 });
      expect(page.status, JSON.stringify(page.body).slice(0, 300)).toBe(200);
      return (page.body.items as Array<{ id: string }>).find((item) => item.id === id);
    },

    /** Puts the object in the cache of the app behind `api`: GET twice and a listing page, all equal to a fresh build. */
    async cache(t, id, api = t.api, account = t.account) {
      const first = await api.get(path(id));
      expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
      expect((await api.get(path(id))).body).toEqual(first.body);
      const item = await reads.listed(api, id);
      expect(item, `the ${kind.noun} is on the listing page`).toBeDefined();
      expect(item).toEqual(first.body);
      expect(first.body).toEqual(await reads.fresh(t, account, id));
      return first.body;
    },

    /**
     * The object after a change, read by id and in the listing, both equal to a fresh build. The
     * order of the two reads alternates, so that neither path only ever sees an entry the other
     * one has just rebuilt.
     */
    async current(t, id, api = t.api, account = t.account) {
      const built = await reads.fresh(t, account, id);
      expect(built, `the ${kind.noun} exists`).toBeDefined();
      const readSingle = async () => {
        const reply = await api.get(path(id));
        expect(reply.status).toBe(200);
        expect(reply.body, `GET ${kind.basePath}/:id`).toEqual(built);
        return reply.body;
      };
      const readListed = async () => expect(await reads.listed(api, id), `GET ${kind.basePath} item`).toEqual(built);
      readCount += 1;
      if (readCount % 2 === 0) {
        await readListed();
        return readSingle();
      }
      const single = await readSingle();
      await readListed();
      return single;
    },

    /**
     * Caches the object for its account, then checks that the other account gets 404 on GET and
     * PUT and does not see it listed; answers the owner's object after that, equal to a fresh build.
     */
    async hiddenFromOtherAccount(t, id) {
      await reads.cache(t, id);
      expectError(await t.otherApi.get(path(id)), 404, 'resource_missing');
      expectError(await t.otherApi.put(path(id), { name: 'Taken over' }), 404, 'resource_missing');
      const page = await t.otherApi.get(kind.basePath, { pageSize: 100 });
      expect(page.status).toBe(200);
      expect(page.body.items.map((item: { id: string }) => item.id)).not.toContain(id);
      return reads.current(t, id);
    },
  };
  return reads;
}
