import { describe, expect, it } from 'vitest';
import { expectError, type TestContext } from '../../helper.js';
import { eventsOf, FAMILIES, ownerOf, worldPerFile, type FamilyCase, type World } from './fixture.js';

/** `matches` on create (docs/prices.md#match-entries): a price with all its match rates in one request. */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

describe.each(FAMILIES)('$name: create with matches', (family: FamilyCase) => {
  const base = () => family.base(ownerOf(family, w));
  let units = 0;
  const body = async (extra: Record<string, unknown>) => ({
    currency: 'EUR',
    quantityType: (await t.api.post('/v2/account/quantity-types', { name: `CM ${family.key} ${units++}` })).body.id,
    service: w.service.Translation,
    ...extra,
  });

  it('creates the price with its entries in the order given (percentage mode)', async () => {
    const reply = await t.api.post(
      base(),
      await body({
        matchesType: 'percentage',
        unitCost: 0.12,
        matches: [
          { match: w.match['Context match'], percentage: 0 },
          { match: w.match.Repetitions, percentage: 0.1 },
          { match: w.match['100%'], percentage: 0.3 },
        ],
      }),
      { json: true },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.matches).toEqual([
      { id: w.match['Context match'], name: 'Context match', percentage: 0, unitCost: 0 },
      { id: w.match.Repetitions, name: 'Repetitions', percentage: 0.1, unitCost: 0.012 },
      { id: w.match['100%'], name: '100%', percentage: 0.3, unitCost: 0.036 },
    ]);
    expect(await eventsOf(t, 'price.created')).toContainEqual(reply.body);
    expect((await t.api.get(`${base()}/${reply.body.id}`)).body).toEqual(reply.body);
  });

  it('creates fixed entries; the percentage shown is of the unit cost', async () => {
    const reply = await t.api.post(base(), await body({ matchesType: 'fixed', unitCost: 0.12, matches: [{ match: w.match['95-99%'], unitCost: 0.05 }] }), {
      json: true,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.matches).toEqual([{ id: w.match['95-99%'], name: '95-99%', percentage: 0.4167, unitCost: 0.05 }]);
  });

  it('refuses a bad entry, naming its place, and writes nothing', async () => {
    const before = (await t.api.get(base())).body;
    const count = (list: { totalItems?: number; length?: number }) => list.totalItems ?? list.length;
    const cases: Array<[Record<string, unknown>[], number, string, string]> = [
      [[{ match: w.match['100%'] }], 400, 'parameter_missing', 'matches[0][unitCost]'],
      [
        [
          { match: w.match['100%'], unitCost: 0.1 },
          { match: w.match['100%'], unitCost: 0.2 },
        ],
        400,
        'parameter_invalid',
        'matches[1][match]',
      ],
      [[{ match: w.match['100%'], percentage: 0.5 }], 400, 'parameter_invalid', 'matches[0][percentage]'],
      [[{ match: w.other.match, unitCost: 0.1 }], 400, 'parameter_invalid', 'matches[0][match]'],
    ];
    for (const [matches, status, code, param] of cases) {
      const error = expectError(await t.api.post(base(), await body({ matchesType: 'fixed', unitCost: 0.12, matches }), { json: true }), status, code);
      expect(error.details?.[0]?.param).toBe(param);
    }
    expectError(
      await t.api.post(base(), await body({ matchesType: 'fixed', unitCost: 0.12, matches: [{ unitCost: 0.1 }] }), { json: true }),
      400,
      'parameter_missing',
    );
    expectError(
      await t.api.post(base(), await body({ matchesType: 'fixed', unitCost: 0.12, matches: [{ match: w.match['100%'], x: 1 }] }), { json: true }),
      400,
      'parameter_unknown',
    );
    expect(count((await t.api.get(base())).body)).toBe(count(before));
  });

  it('refuses a disabled category', async () => {
    const category = (await t.api.post('/v2/account/matches', { name: `Off ${family.key}` })).body.id;
    await t.api.put(`/v2/account/matches/${category}`, { disabled: true });
    const error = expectError(
      await t.api.post(base(), await body({ matchesType: 'fixed', unitCost: 0.1, matches: [{ match: category, unitCost: 0 }] }), { json: true }),
      400,
      'parameter_invalid',
    );
    expect(error.details?.[0]?.param).toBe('matches[0][match]');
  });
});
