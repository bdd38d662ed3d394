import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type Api, type TestContext } from '../../helper.js';

/**
 * Shared set-up of the CAT configuration tests (cat-configurations/*.test.ts): each file has an app
 * of its own and the ids of its account's default master data (`catConfigurationsPerFile`), and
 * binds the helpers to them: `catConfigurationsFixture(() => ({ t, w }))`.
 */
export const BASE = '/v2/account/cat-configurations';
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const ID = /^[0-9a-f]{24}$/;

/** Ids by name, of the first account's default units and match categories (docs/master-data.md#default-master-data-of-a-new-account). */
export interface CatWorld {
  unit: Record<string, string>;
  match: Record<string, string>;
  otherUnit: string;
  otherMatch: string;
}

const byName = (records: Array<{ id: string; name: string }>) => Object.fromEntries(records.map((r) => [r.name, r.id]));

/** The app and its world are built before the file's first test and closed after its last; `use` receives them. */
export function catConfigurationsPerFile(use: (t: TestContext, w: CatWorld) => void): void {
  let app: TestContext | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app, {
      unit: byName((await app.api.get('/v2/account/quantity-types')).body),
      match: byName((await app.api.get('/v2/account/matches')).body),
      otherUnit: (await app.otherApi.get('/v2/account/quantity-types')).body[0].id,
      otherMatch: (await app.otherApi.get('/v2/account/matches')).body[0].id,
    });
  });
  afterAll(async () => {
    await app?.close();
  });
}

export function catConfigurationsFixture(current: () => { t: TestContext; w: CatWorld }) {
  const context = () => current().t;
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Trados words',
    catTool: 'trados',
    conversionFactor: 1,
    destinationQuantityType: current().w.unit.Words,
    sourceQuantityType: 'words',
    ...overrides,
  });
  async function create(overrides: Record<string, unknown> = {}) {
    const reply = await context().api.post(BASE, valid(overrides));
    expect(reply.status).toBe(201);
    return reply.body;
  }
  const add = (id: string, matchId: string, toolMatch: string, api: Api = context().api) =>
    api.post(`${BASE}/${id}/match/${matchId}/cat-tool-match/${toolMatch}`);
  const removeMatch = (id: string, matchId: string, toolMatch: string, api: Api = context().api) =>
    api.delete(`${BASE}/${id}/match/${matchId}/cat-tool-match/${toolMatch}`);
  const move = (id: string, matchId: string, position: number | string, api: Api = context().api) => api.put(`${BASE}/${id}/match/${matchId}/move/${position}`);
  async function events(type: string): Promise<unknown[]> {
    const t = context();
    const rows = await t.database.db.selectFrom('events').select('data').where('account_id', '=', t.account.accountId).where('type', '=', type).execute();
    return rows.map((row) => JSON.parse(row.data));
  }
  return { valid, create, add, removeMatch, move, events };
}

/** A configuration's mappings as [category name, tool matches]. */
export const summary = (body: { mappings: Array<{ match: { name: string }; toolMatches: string[] }> }) =>
  body.mappings.map((m) => [m.match.name, m.toolMatches]);
