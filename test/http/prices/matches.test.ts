import { describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { eventsOf, FAMILIES, ownerOf, worldPerFile, type FamilyCase, type World } from './fixture.js';

let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

type Entry = { id: string; name: string; percentage: number; unitCost: number };

describe.each(FAMILIES)('$name: match entries', (family: FamilyCase) => {
  const base = () => family.base(ownerOf(family, w));
  let units = 0;
  /** A fresh price (its own unit, so that uniqueness never interferes). */
  const price = async (matchesType: 'fixed' | 'percentage', unitCost: number) => {
    const unit = (await t.api.post('/v2/account/quantity-types', { name: `U ${family.key} ${units++}` })).body.id;
    const reply = await t.api.post(base(), { currency: 'EUR', matchesType, quantityType: unit, service: w.service.Translation, unitCost });
    expect(reply.status).toBe(201);
    return reply.body as { id: string; matches: Entry[] };
  };
  const entry = (name: string, percentage: number, unitCost: number): Entry => ({ id: w.match[name]!, name, percentage, unitCost });

  it('adds fixed entries (200, the price record) and shows their percentage of the price unit cost', async () => {
    const p = await price('fixed', 0.12);
    const reply = await t.api.post(`${base()}/${p.id}/match`, { match: w.match['100%'], unitCost: 0.06 });
    expect(reply.status).toBe(200);
    expect(reply.body.matches).toEqual([entry('100%', 0.5, 0.06)]);
    expect(reply.body.updatedAt >= reply.body.createdAt).toBe(true);
    const second = await t.api.post(`${base()}/${p.id}/match`, { match: w.match['95-99%'], unitCost: 0.05 });
    expect(second.body.matches).toEqual([entry('100%', 0.5, 0.06), entry('95-99%', 0.4167, 0.05)]);
    expect(await eventsOf(t, 'price.updated')).toContainEqual(second.body);
    expect((await t.api.get(`${base()}/${p.id}`)).body).toEqual(second.body);
  });

  it('validates the entry parameters against the price mode', async () => {
    const fixed = await price('fixed', 0.12);
    const url = `${base()}/${fixed.id}/match`;
    expect(expectError(await t.api.post(url, { unitCost: 0.1 }), 400, 'parameter_missing').details).toEqual([{ param: 'match', message: 'is required' }]);
    expect(expectError(await t.api.post(url, { match: w.match['100%'] }), 400, 'parameter_missing').details?.[0]?.param).toBe('unitCost');
    expect(expectError(await t.api.post(url, { match: w.match['100%'], percentage: 0.5 }), 400, 'parameter_invalid').details?.[0]?.param).toBe('percentage');
    for (const match of [MISSING_ID, w.other.match, 'zz']) {
      expect(expectError(await t.api.post(url, { match, unitCost: 0.1 }), 400, 'parameter_invalid').details?.[0]?.param).toBe('match');
    }
    expectError(await t.api.post(url, { match: w.match['100%'], unitCost: -0.1 }), 400, 'parameter_invalid');
    expectError(await t.api.post(url, { match: w.match['100%'], unitCost: 0.1, position: 1 }), 400, 'parameter_unknown');
    await t.api.post(url, { match: w.match['100%'], unitCost: 0.1 });
    expectError(await t.api.post(url, { match: w.match['100%'], unitCost: 0.2 }), 409, 'resource_exists');

    const percent = await price('percentage', 0.12);
    const purl = `${base()}/${percent.id}/match`;
    expect(expectError(await t.api.post(purl, { match: w.match['100%'] }), 400, 'parameter_missing').details?.[0]?.param).toBe('percentage');
    expect(expectError(await t.api.post(purl, { match: w.match['100%'], unitCost: 0.1 }), 400, 'parameter_invalid').details?.[0]?.param).toBe('unitCost');
    for (const percentage of [-0.01, 10.01, 'x']) expectError(await t.api.post(purl, { match: w.match['100%'], percentage }), 400, 'parameter_invalid');
    expect((await t.api.post(purl, { match: w.match['100%'], percentage: 10 })).body.matches).toEqual([entry('100%', 10, 1.2)]);
  });

  it('refuses a disabled match category for a new entry', async () => {
    const category = (await t.api.post('/v2/account/matches', { name: `Disabled ${family.key}` })).body.id;
    await t.api.put(`/v2/account/matches/${category}`, { disabled: true });
    const p = await price('fixed', 1);
    expectError(await t.api.post(`${base()}/${p.id}/match`, { match: category, unitCost: 1 }), 400, 'parameter_invalid');
  });

  it('computes percentage entries, follows the unit cost, and keeps rates across mode changes', async () => {
    const p = await price('percentage', 0.12);
    const url = `${base()}/${p.id}`;
    expect((await t.api.post(`${url}/match`, { match: w.match['100%'], percentage: 0.3 })).body.matches).toEqual([entry('100%', 0.3, 0.036)]);
    const cheaper = await t.api.put(url, { unitCost: 0.1 });
    expect(cheaper.body.matches).toEqual([entry('100%', 0.3, 0.03)]);
    const fixed = await t.api.put(url, { unitCost: 0.1, matchesType: 'fixed' });
    expect(fixed.body.matchesType).toBe('fixed');
    expect(fixed.body.matches).toEqual([entry('100%', 0.3, 0.03)]);
    // in fixed mode a new unit cost keeps the rate and changes the percentage shown
    expect((await t.api.put(url, { unitCost: 0.2 })).body.matches).toEqual([entry('100%', 0.15, 0.03)]);
    const back = await t.api.put(url, { unitCost: 0.2, matchesType: 'percentage' });
    expect(back.body.matches).toEqual([entry('100%', 0.15, 0.03)]);
    // a unit cost change in the same update applies first, under the old mode
    expect((await t.api.put(url, { unitCost: 0.4, matchesType: 'fixed' })).body.matches).toEqual([entry('100%', 0.15, 0.06)]);
  });

  it('keeps a rate exactly when its percentage does not terminate, and shows 1 over a zero unit cost', async () => {
    const p = await price('fixed', 0.12);
    const url = `${base()}/${p.id}`;
    expect((await t.api.post(`${url}/match`, { match: w.match['No match'], unitCost: 0.05 })).body.matches).toEqual([entry('No match', 0.4167, 0.05)]);
    const converted = await t.api.put(url, { unitCost: 0.12, matchesType: 'percentage' });
    expect(converted.body.matches).toEqual([entry('No match', 0.4166666666666667, 0.05)]);
    expect((await t.api.put(url, { unitCost: 0.12, matchesType: 'fixed' })).body.matches).toEqual([entry('No match', 0.4167, 0.05)]);
    expect((await t.api.put(url, { unitCost: 0 })).body.matches).toEqual([entry('No match', 1, 0.05)]);
    // a non-zero fixed rate cannot become a percentage of 0
    expect(expectError(await t.api.put(url, { unitCost: 0, matchesType: 'percentage' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('matchesType');
  });

  it('updates an entry with PUT or POST', async () => {
    const p = await price('fixed', 0.1);
    const url = `${base()}/${p.id}`;
    await t.api.post(`${url}/match`, { match: w.match['100%'], unitCost: 0.05 });
    const put = await t.api.put(`${url}/match/${w.match['100%']}`, { unitCost: 0.025 });
    expect(put.status).toBe(200);
    expect(put.body.matches).toEqual([entry('100%', 0.25, 0.025)]);
    const post = await t.api.post(`${url}/match/${w.match['100%']}`, { unitCost: '0.08' });
    expect(post.status).toBe(200);
    expect(post.body.matches).toEqual([entry('100%', 0.8, 0.08)]);
    expectError(await t.api.put(`${url}/match/${w.match['100%']}`, { percentage: 0.5 }), 400, 'parameter_invalid');
    expectError(await t.api.put(`${url}/match/${w.match['100%']}`, {}), 400, 'parameter_missing');
    expectError(await t.api.put(`${url}/match/${w.match['100%']}`, { unitCost: 1, match: w.match['100%'] }), 400, 'parameter_unknown');
    for (const matchId of [w.match['95-99%'], MISSING_ID, 'bad', w.other.match]) {
      expectError(await t.api.put(`${url}/match/${matchId}`, { unitCost: 1 }), 404, 'resource_missing');
    }
  });

  it('moves entries to a 0-based position (PUT or POST), refusing positions out of range', async () => {
    const p = await price('fixed', 1);
    const url = `${base()}/${p.id}`;
    for (const name of ['100%', '95-99%', '85-94%']) await t.api.post(`${url}/match`, { match: w.match[name], unitCost: 0.5 });
    const names = (body: { matches: Entry[] }) => body.matches.map((m) => m.name);
    const moved = await t.api.put(`${url}/matches/${w.match['100%']}/move/2`, {});
    expect(moved.status).toBe(200);
    expect(names(moved.body)).toEqual(['95-99%', '85-94%', '100%']);
    expect(names((await t.api.post(`${url}/matches/${w.match['85-94%']}/move/0`, {})).body)).toEqual(['85-94%', '95-99%', '100%']);
    expect(names((await t.api.put(`${url}/matches/${w.match['95-99%']}/move/1`, {})).body)).toEqual(['85-94%', '95-99%', '100%']);
    for (const position of ['3', '-1', 'x', '1.5']) {
      expect(expectError(await t.api.put(`${url}/matches/${w.match['100%']}/move/${position}`, {}), 400, 'parameter_invalid').details?.[0]?.param).toBe(
        'position',
      );
    }
    expectError(await t.api.put(`${url}/matches/${w.match['No match']}/move/0`, {}), 404, 'resource_missing');
    expect(names((await t.api.get(url)).body)).toEqual(['85-94%', '95-99%', '100%']);
  });

  it('removes entries (200, the price record) and keeps the order of the others', async () => {
    const p = await price('fixed', 1);
    const url = `${base()}/${p.id}`;
    for (const name of ['100%', '95-99%', '85-94%']) await t.api.post(`${url}/match`, { match: w.match[name], unitCost: 0.5 });
    const removed = await t.api.delete(`${url}/matches/${w.match['95-99%']}`);
    expect(removed.status).toBe(200);
    expect(removed.body.matches.map((m: Entry) => m.name)).toEqual(['100%', '85-94%']);
    expectError(await t.api.delete(`${url}/matches/${w.match['95-99%']}`), 404, 'resource_missing');
    // positions were renumbered: the last index is 1
    expect((await t.api.put(`${url}/matches/${w.match['100%']}/move/1`, {})).body.matches.map((m: Entry) => m.name)).toEqual(['85-94%', '100%']);
    expectError(await t.api.put(`${url}/matches/${w.match['100%']}/move/2`, {}), 400, 'parameter_invalid');
    const rows = await t.database.db.selectFrom('price_matches').select(['position']).where('price_id', '=', p.id).orderBy('position').execute();
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
  });
});

describe('concurrent match operations', () => {
  it('never loses or duplicates an entry or a position', async () => {
    const family = FAMILIES[0]!;
    const base = family.base();
    const p = (await t.api.post(base, { currency: 'EUR', matchesType: 'fixed', quantityType: w.unit.Hours, service: w.service.Revision, unitCost: 1 })).body;
    const names = Object.keys(w.match);
    await Promise.all(names.map((name) => t.api.post(`${base}/${p.id}/match`, { match: w.match[name], unitCost: 0.5 })));
    await Promise.all(names.map((name, i) => t.api.put(`${base}/${p.id}/matches/${w.match[name]}/move/${(i * 3) % names.length}`, {})));
    const rows = await t.database.db.selectFrom('price_matches').select(['match_category_id', 'position']).where('price_id', '=', p.id).execute();
    expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(names.map((_, i) => i));
    expect(new Set(rows.map((r) => r.match_category_id)).size).toBe(names.length);
  });
});
