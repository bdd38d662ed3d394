import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../src/core/context.js';
import { domains, labels, masterData, matchCategories, services, taxes, units } from '../../../src/modules/master-data/index.js';
import type { NamedKind } from '../../../src/modules/master-data/kinds.js';
import { createTestApp, expectError, type Reply, type TestContext } from '../../helper.js';
import { rejection } from './fixture.js';

/**
 * Rules of single master-data kinds (docs/reference.md#bare-arrays, docs/master-data.md): the order of each listing, exclusive flags,
 * tax values, label colours, references from other records, and concurrency. The CRUD contract
 * shared by every kind is in master-data/crud.test.ts.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Obj = Record<string, any> & { id: string; name: string };
const ID = expect.stringMatching(/^[0-9a-f]{24}$/);

async function post(path: string, params: Record<string, any>, api = t.api): Promise<Obj> {
  const reply = await api.post(path, params);
  if (reply.status !== 201) throw new Error(`POST ${path} answered ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

async function put(path: string, params: Record<string, any>, json = false): Promise<Obj> {
  const reply = await t.api.put(path, params, { json });
  if (reply.status !== 200) throw new Error(`PUT ${path} answered ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const names = async (path: string, api = t.api): Promise<string[]> => (await api.get(path)).body.map((r: Obj) => r.name);

async function eventsSince(before: Set<string>): Promise<Array<{ type: string; data: any }>> {
  const rows = await t.database.db.selectFrom('events').select(['id', 'type', 'data']).where('account_id', '=', t.account.accountId).orderBy('id').execute();
  return rows.filter((row) => !before.has(row.id)).map((row) => ({ type: row.type, data: JSON.parse(row.data) }));
}
async function eventIds(): Promise<Set<string>> {
  const rows = await t.database.db.selectFrom('events').select('id').execute();
  return new Set(rows.map((row) => row.id));
}

function expectCode(reply: Reply, status: number, code: string, param?: string) {
  const error = expectError(reply, status, code);
  if (param !== undefined) expect(error.details?.map((d) => d.param)).toContain(param);
  return error;
}

describe('listing orders (docs/reference.md#bare-arrays)', () => {
  it('services: pinned first, then by name (case-insensitive, numbers by value); disabled records stay in place', async () => {
    const path = '/v2/account/services';
    const zeta = await post(path, { name: 'zeta service' });
    await post(path, { name: 'Alpha service' });
    const beta = await post(path, { name: 'beta service' });
    await post(path, { name: '10 service' });
    await post(path, { name: '9 service' });
    await post(path, { name: 'Édition' });
    const translation = (await t.api.get(path)).body.find((s: Obj) => s.name === 'Translation');
    await put(`${path}/${zeta.id}`, { pinned: true });
    await put(`${path}/${translation.id}`, { pinned: true });
    await put(`${path}/${beta.id}`, { disabled: true });
    const expected = [
      'Translation',
      'zeta service',
      '9 service',
      '10 service',
      'Alpha service',
      'beta service',
      'Desktop publishing',
      'Édition',
      'Post-editing',
      'Proofreading',
      'Revision',
    ];
    expect(await names(path)).toEqual(expected);
    const listing = (await t.api.get(path)).body;
    expect(listing.map((s: Obj) => s.pinned)).toEqual([true, true, false, false, false, false, false, false, false, false, false]);

    await put(`${path}/${translation.id}`, { pinned: false });
    expect(await names(path)).toEqual([
      'zeta service',
      '9 service',
      '10 service',
      'Alpha service',
      'beta service',
      'Desktop publishing',
      'Édition',
      'Post-editing',
      'Proofreading',
      'Revision',
      'Translation',
    ]);
    await put(`${path}/${zeta.id}`, { name: 'Aardvark service' });
    expect((await names(path))[0]).toBe('Aardvark service');
  });

  it('units: pinned first, then by name', async () => {
    const path = '/v2/account/quantity-types';
    await post(path, { name: 'Minutes' });
    const segments = await post(path, { name: 'segments' });
    await put(`${path}/${segments.id}`, { pinned: true });
    expect(await names(path)).toEqual(['segments', 'Words', 'Characters', 'Hours', 'Lines', 'Minutes', 'Pages']);
    const words = (await t.api.get(path)).body.find((u: Obj) => u.name === 'Words');
    await put(`${path}/${words.id}`, { pinned: false });
    expect(await names(path)).toEqual(['segments', 'Characters', 'Hours', 'Lines', 'Minutes', 'Pages', 'Words']);
  });

  it('match categories: creation order, whatever the names, renames and disabled flags', async () => {
    const path = '/v2/account/matches';
    const defaults = ['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%', '50-74%', 'No match'];
    expect(await names(path)).toEqual(defaults);
    const first = await post(path, { name: 'ZZZ first added' });
    await post(path, { name: 'AAA second added' });
    const third = await post(path, { name: '101%' });
    expect(await names(path)).toEqual([...defaults, 'ZZZ first added', 'AAA second added', '101%']);
    await put(`${path}/${first.id}`, { name: 'aaa renamed', disabled: true });
    const repetitions = (await t.api.get(path)).body.find((m: Obj) => m.name === 'Repetitions');
    // Every default category is mapped by the account's ready CAT configurations (409 resource_in_use while they are).
    expectError(await t.api.delete(`${path}/${repetitions.id}`), 409, 'resource_in_use');
    for (const configuration of (await t.api.get('/v2/account/cat-configurations')).body as Obj[])
      expect((await t.api.delete(`/v2/account/cat-configurations/${configuration.id}`)).status).toBe(204);
    expect((await t.api.delete(`${path}/${repetitions.id}`)).status).toBe(204);
    expect((await t.api.delete(`${path}/${third.id}`)).status).toBe(204);
    await post(path, { name: '0 last added' });
    const expected = ['Context match', '100%', '95-99%', '85-94%', '75-84%', '50-74%', 'No match', 'aaa renamed', 'AAA second added', '0 last added'];
    expect(await names(path)).toEqual(expected);
    expect((await t.api.get(path)).body.find((m: Obj) => m.name === 'aaa renamed')).toEqual({ id: first.id, name: 'aaa renamed', disabled: true });
  });

  it('domains, labels and taxes: by name, case-insensitive, numbers by value', async () => {
    const domainPath = '/v2/account/domains';
    for (const name of ['Medical', 'legal', 'IT', 'automotive', 'Finance 10', 'Finance 9']) await post(domainPath, { name });
    expect(await names(domainPath)).toEqual(['automotive', 'Finance 9', 'Finance 10', 'IT', 'legal', 'Medical']);

    const labelPath = '/v2/account/labels';
    for (const name of ['urgent', 'VIP', 'Archive', 'b-side']) await post(labelPath, { name, color: '#000000' });
    expect(await names(labelPath)).toEqual(['Archive', 'b-side', 'urgent', 'VIP']);

    const taxPath = '/v2/account/taxes';
    const vat21 = await post(taxPath, { name: 'VAT 21', value: 0.21 });
    for (const [name, value] of [
      ['VAT 5', 0.05],
      ['exempt', 0],
      ['Reduced', 0.1],
    ] as const)
      await post(taxPath, { name, value });
    await put(`${taxPath}/${vat21.id}`, { disabled: true, isDefaultTax1: true });
    expect(await names(taxPath)).toEqual(['exempt', 'Reduced', 'VAT 5', 'VAT 21']);
    await put(`${taxPath}/${vat21.id}`, { name: 'a VAT 21' });
    expect(await names(taxPath)).toEqual(['a VAT 21', 'exempt', 'Reduced', 'VAT 5']);
  });

  it('are not changed by another account', async () => {
    await post('/v2/account/domains', { name: 'AAA other account' }, t.otherApi);
    expect(await names('/v2/account/domains')).toEqual(['automotive', 'Finance 9', 'Finance 10', 'IT', 'legal', 'Medical']);
  });
});

describe('taxes', () => {
  const path = '/v2/account/taxes';

  it('keeps values exact, in the answer and in storage (form and JSON)', async () => {
    const cases: Array<[string, number]> = [
      ['0.21', 0.21],
      ['0.055', 0.055],
      ['-0.1', -0.1],
      ['0', 0],
      ['0.3', 0.3],
      ['0.123456', 0.123456],
      ['0.0000001', 0.0000001],
      ['1', 1],
      ['-1', -1],
    ];
    for (const [text, value] of cases) {
      for (const json of [false, true]) {
        const reply = await t.api.post(path, { name: `Exact ${text} ${json}`, value: json ? value : text }, { json });
        expect(reply.status).toBe(201);
        expect(reply.body.value).toBe(value);
        expect((await t.api.get(`${path}/${reply.body.id}`)).body.value).toBe(value);
        const row = await t.database.db.selectFrom('taxes').select('value').where('id', '=', reply.body.id).executeTakeFirstOrThrow();
        expect(String(row.value)).toBe(text === '0.0000001' ? '0.0000001' : String(value));
      }
    }
    const tax = await post(path, { name: 'Exact update', value: 0.2 });
    expect((await put(`${path}/${tax.id}`, { value: '0.055' })).value).toBe(0.055);
    expect((await put(`${path}/${tax.id}`, { value: -0.1 }, true)).value).toBe(-0.1);
    const row = await t.database.db.selectFrom('taxes').select('value').where('id', '=', tax.id).executeTakeFirstOrThrow();
    expect(String(row.value)).toBe('-0.1');
  });

  it('accepts values from -1 to 1 inclusive and refuses anything outside, on create and update', async () => {
    for (const value of [1.0001, -1.0001, 2, -2, 21, 100]) {
      expectCode(await t.api.post(path, { name: `Out ${value}`, value }), 400, 'parameter_invalid', 'value');
      expectCode(await t.api.post(path, { name: `Out ${value}`, value }, { json: true }), 400, 'parameter_invalid', 'value');
    }
    const tax = await post(path, { name: 'Bounded', value: 1 });
    expect(tax.value).toBe(1);
    expectCode(await t.api.put(`${path}/${tax.id}`, { value: 1.01 }), 400, 'parameter_invalid', 'value');
    expectCode(await t.api.put(`${path}/${tax.id}`, { value: '1e-3' }), 400, 'parameter_invalid', 'value');
    expect((await put(`${path}/${tax.id}`, { value: -1 })).value).toBe(-1);
    expect((await t.api.get(`${path}/${tax.id}`)).body.value).toBe(-1);
  });

  it('keeps isDefaultTax1 and isDefaultTax2 each on one tax at most, independently, with an event per changed tax', async () => {
    for (const tax of (await t.api.get(path)).body as Obj[]) await put(`${path}/${tax.id}`, { isDefaultTax1: false, isDefaultTax2: false });
    const a = await post(path, { name: 'Default A', value: 0.1 });
    const b = await post(path, { name: 'Default B', value: 0.2 });
    const flags = async () => {
      const all = (await t.api.get(path)).body as Obj[];
      return {
        tax1: all.filter((x) => x.isDefaultTax1).map((x) => x.name),
        tax2: all.filter((x) => x.isDefaultTax2).map((x) => x.name),
      };
    };

    let before = await eventIds();
    expect(await put(`${path}/${a.id}`, { isDefaultTax1: true })).toEqual({ ...a, isDefaultTax1: true });
    expect(await eventsSince(before)).toEqual([{ type: 'tax.updated', data: { ...a, isDefaultTax1: true } }]);
    expect(await put(`${path}/${b.id}`, { isDefaultTax2: 'true' })).toEqual({ ...b, isDefaultTax2: true });
    expect(await flags()).toEqual({ tax1: ['Default A'], tax2: ['Default B'] });

    // B takes tax 1 from A; A keeps nothing, B keeps tax 2.
    before = await eventIds();
    expect(await put(`${path}/${b.id}`, { isDefaultTax1: true }, true)).toEqual({ ...b, isDefaultTax1: true, isDefaultTax2: true });
    expect(await flags()).toEqual({ tax1: ['Default B'], tax2: ['Default B'] });
    expect(await eventsSince(before)).toEqual([
      { type: 'tax.updated', data: { ...b, isDefaultTax1: true, isDefaultTax2: true } },
      { type: 'tax.updated', data: a },
    ]);

    // A takes tax 2 from B; B keeps tax 1.
    expect(await put(`${path}/${a.id}`, { isDefaultTax2: true })).toEqual({ ...a, isDefaultTax2: true });
    expect(await flags()).toEqual({ tax1: ['Default B'], tax2: ['Default A'] });

    // Setting a flag the tax already has changes nobody else; clearing one leaves none.
    before = await eventIds();
    await put(`${path}/${a.id}`, { isDefaultTax2: true });
    expect((await eventsSince(before)).map((e) => e.data.id)).toEqual([a.id]);
    await put(`${path}/${b.id}`, { isDefaultTax1: false });
    expect(await flags()).toEqual({ tax1: [], tax2: ['Default A'] });

    // Both flags at once on one tax.
    expect(await put(`${path}/${b.id}`, { isDefaultTax1: true, isDefaultTax2: true })).toEqual({ ...b, isDefaultTax1: true, isDefaultTax2: true });
    expect(await flags()).toEqual({ tax1: ['Default B'], tax2: ['Default B'] });

    // Another account's flags are its own.
    const theirs = await post(path, { name: 'Default A', value: 0.1 }, t.otherApi);
    expect((await t.otherApi.put(`${path}/${theirs.id}`, { isDefaultTax1: true, isDefaultTax2: true })).status).toBe(200);
    expect(await flags()).toEqual({ tax1: ['Default B'], tax2: ['Default B'] });
  });

  it('requires a value on create', async () => {
    expectCode(await t.api.post(path, { name: 'No value' }), 400, 'parameter_missing', 'value');
    expectCode(await t.api.post(path, { name: 'No value', value: '' }), 400, 'parameter_invalid', 'value');
  });
});

describe('units: isHours', () => {
  const path = '/v2/account/quantity-types';

  it('is on one unit at most: setting it on one clears it on the former, with an event for each', async () => {
    const all = async () => (await t.api.get(path)).body as Obj[];
    const hours = (await all()).find((u) => u.name === 'Hours')!;
    expect(hours.isHours).toBe(true);
    const minutes = await post(path, { name: 'Minutes flag' });

    const before = await eventIds();
    expect(await put(`${path}/${minutes.id}`, { isHours: true })).toEqual({ ...minutes, isHours: true });
    expect((await all()).filter((u) => u.isHours).map((u) => u.name)).toEqual(['Minutes flag']);
    expect(await eventsSince(before)).toEqual([
      { type: 'quantityType.updated', data: { ...minutes, isHours: true } },
      { type: 'quantityType.updated', data: { ...hours, isHours: false } },
    ]);

    expect(await put(`${path}/${hours.id}`, { isHours: 1 })).toEqual(hours);
    expect((await all()).filter((u) => u.isHours).map((u) => u.id)).toEqual([hours.id]);
    expect(await put(`${path}/${hours.id}`, { isHours: false }, true)).toEqual({ ...hours, isHours: false });
    expect((await all()).filter((u) => u.isHours)).toEqual([]);
    await put(`${path}/${hours.id}`, { isHours: true });
    expect((await t.otherApi.get(path)).body.filter((u: Obj) => u.isHours).map((u: Obj) => u.name)).toEqual(['Hours']);
  });
});

describe('labels: colour', () => {
  const path = '/v2/account/labels';

  it('requires #rrggbb and answers it in lowercase', async () => {
    expectCode(await t.api.post(path, { name: 'No colour' }), 400, 'parameter_missing', 'color');
    expect(await post(path, { name: 'Upper', color: '#A1B2C3' })).toEqual({ id: ID, name: 'Upper', color: '#a1b2c3' });
    const label = await post(path, { name: 'Lower', color: '#0f0f0f' });
    expect(label).toEqual({ id: ID, name: 'Lower', color: '#0f0f0f' });
    expect(await put(`${path}/${label.id}`, { color: '#FFFFFF' }, true)).toEqual({ ...label, color: '#ffffff' });
    for (const color of ['#fff', 'ffffff', '#ffffff ', ' #ffffff', 'rgb(0,0,0)', '#fffffg', '##fffff']) {
      expectCode(await t.api.post(path, { name: `Bad ${color}`, color }), 400, 'parameter_invalid', 'color');
    }
  });
});

describe('reference() from other records (docs/master-data.md#disabled-records)', () => {
  const ctx = (account = t.account): Ctx => ({ db: t.database.db, dialect: t.database.dialect, accountId: account.accountId, userId: account.userId });
  const cases: Array<{ kind: NamedKind; path: string; extra: Record<string, unknown> }> = [
    { kind: services, path: '/v2/account/services', extra: {} },
    { kind: matchCategories, path: '/v2/account/matches', extra: {} },
    { kind: units, path: '/v2/account/quantity-types', extra: {} },
    { kind: taxes, path: '/v2/account/taxes', extra: { value: 0.1 } },
    { kind: domains, path: '/v2/account/domains', extra: {} },
    { kind: labels, path: '/v2/account/labels', extra: { color: '#123456' } },
  ];

  it.each(cases)('$path: accepts an enabled id of the account and answers { id, name }', async ({ kind, path, extra }) => {
    const record = await post(path, { name: `Referenced ${kind.resource}`, ...extra });
    expect(await masterData.reference(ctx(), kind, record.id, 'param')).toEqual({ id: record.id, name: record.name });
    expect(await masterData.reference(ctx(), kind, record.id, 'param', null)).toEqual({ id: record.id, name: record.name });
  });

  it.each(cases)('$path: refuses unknown, malformed and foreign ids with 400 parameter_invalid naming the parameter', async ({ kind, path, extra }) => {
    const foreign = await post(path, { name: `Foreign ${kind.resource}`, ...extra }, t.otherApi);
    for (const id of ['ffffffffffffffffffffffff', 'nope', foreign.id]) {
      const error = await rejection(masterData.reference(ctx(), kind, id, 'myParam'));
      expect(error).toMatchObject({ code: 'parameter_invalid', statusCode: 400, details: [{ param: 'myParam' }] });
    }
    // The foreign id is valid in its own account; a foreign `current` does not make it valid here.
    expect(await masterData.reference(ctx(t.other), kind, foreign.id, 'myParam')).toEqual({ id: foreign.id, name: foreign.name });
    const error = await rejection(masterData.reference(ctx(), kind, foreign.id, 'myParam', foreign.id));
    expect(error.code).toBe('parameter_invalid');
  });

  it.each(cases.filter((c) => c.kind.disableable))('$path: refuses a disabled id unless it is the current one', async ({ kind, path, extra }) => {
    const record = await post(path, { name: `Disabled ${kind.resource}`, ...extra });
    const other = await post(path, { name: `Current ${kind.resource}`, ...extra });
    await put(`${path}/${record.id}`, { disabled: true });
    const error = await rejection(masterData.reference(ctx(), kind, record.id, 'service'));
    expect(error).toMatchObject({ code: 'parameter_invalid', statusCode: 400, details: [{ param: 'service' }] });
    expect(error.message).toContain('disabled');
    expect((await rejection(masterData.reference(ctx(), kind, record.id, 'service', other.id))).code).toBe('parameter_invalid');
    expect((await rejection(masterData.reference(ctx(), kind, record.id, 'service', null))).code).toBe('parameter_invalid');
    expect(await masterData.reference(ctx(), kind, record.id, 'service', record.id)).toEqual({ id: record.id, name: record.name });
    await put(`${path}/${record.id}`, { disabled: false });
    expect(await masterData.reference(ctx(), kind, record.id, 'service')).toEqual({ id: record.id, name: record.name });
  });

  it('domains and labels have no disabled flag', () => {
    expect(domains.disableable).toBe(false);
    expect(labels.disableable).toBe(false);
  });
});

describe('concurrent requests (docs/reliability.md)', () => {
  it('leave exactly one unit flagged isHours', async () => {
    const path = '/v2/account/quantity-types';
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => post(path, { name: `Concurrent unit ${i}` })));
    const replies = await Promise.all(created.map((unit) => t.api.put(`${path}/${unit.id}`, { isHours: true })));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const flagged = (await t.api.get(path)).body.filter((u: Obj) => u.isHours);
    expect(flagged).toHaveLength(1);
  });

  it('leave exactly one tax flagged isDefaultTax1', async () => {
    const path = '/v2/account/taxes';
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => post(path, { name: `Concurrent tax ${i}`, value: 0.01 * i })));
    await Promise.all(created.map((tax) => t.api.put(`${path}/${tax.id}`, { isDefaultTax1: true })));
    expect((await t.api.get(path)).body.filter((x: Obj) => x.isDefaultTax1)).toHaveLength(1);
  });

  it('create one record per name: the others get 409, never a 5xx', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => t.api.post('/v2/account/domains', { name: i % 2 ? 'Race' : 'RACE' })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 201)) expectCode(reply, 409, 'resource_exists');
    expect((await names('/v2/account/domains')).filter((n) => n.toLowerCase() === 'race')).toHaveLength(1);
  });

  it('give concurrently created match categories distinct places at the end of the order', async () => {
    const path = '/v2/account/matches';
    const before = await names(path);
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => post(path, { name: `Concurrent match ${i}` })));
    const after = await names(path);
    expect(after.slice(0, before.length)).toEqual(before);
    expect([...after.slice(before.length)].sort()).toEqual(created.map((m) => m.name).sort());
    const positions = await t.database.db.selectFrom('match_categories').select('position').where('account_id', '=', t.account.accountId).execute();
    expect(new Set(positions.map((p) => p.position)).size).toBe(positions.length);
  });
});
