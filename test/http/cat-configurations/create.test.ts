import { describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { BASE, ID, ISO, catConfigurationsFixture, catConfigurationsPerFile, type CatWorld } from './fixture.js';

/** POST /v2/account/cat-configurations (docs/cat-configurations.md): creating a configuration, its validation. */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { valid, create, events } = catConfigurationsFixture(() => ({ t, w }));

describe('POST /v2/account/cat-configurations', () => {
  it('creates (201) with mappings empty, records the event, and answers it on GET', async () => {
    const reply = await t.api.post(BASE, valid());
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(ID),
      name: 'Trados words',
      catTool: { id: 'trados', name: 'Trados Studio' },
      quantityTypes: { destination: { id: w.unit.Words, name: 'Words' }, conversionFactor: 1, source: 'words' },
      mappings: [],
      createdAt: expect.stringMatching(ISO),
      updatedAt: reply.body.createdAt,
    });
    expect((await t.api.get(`${BASE}/${reply.body.id}`)).body).toEqual(reply.body);
    expect(await events('catConfiguration.created')).toContainEqual(reply.body);
  });

  it('accepts JSON bodies and a decimal conversion factor', async () => {
    const reply = await t.api.post(
      BASE,
      valid({ name: 'memoQ chars', catTool: 'memoq', conversionFactor: 0.1667, destinationQuantityType: w.unit.Lines, sourceQuantityType: 'characters' }),
      { json: true },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.catTool).toEqual({ id: 'memoq', name: 'memoQ' });
    expect(reply.body.quantityTypes).toEqual({ destination: { id: w.unit.Lines, name: 'Lines' }, conversionFactor: 0.1667, source: 'characters' });
    expectError(await t.api.post(BASE, valid({ conversionFactor: '1' }), { json: true }), 400, 'parameter_invalid');
    expectError(await t.api.post(BASE, valid({ name: 5 }), { json: true }), 400, 'parameter_invalid');
  });

  it('rejects each missing required parameter', async () => {
    for (const param of ['name', 'catTool', 'conversionFactor', 'destinationQuantityType', 'sourceQuantityType']) {
      const body = valid() as Record<string, unknown>;
      delete body[param];
      const error = expectError(await t.api.post(BASE, body as never), 400, 'parameter_missing');
      expect(error.details).toEqual([{ param, message: 'is required' }]);
    }
  });

  it('rejects invalid values, naming the parameter', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ catTool: 'wordfast' }, 'catTool'],
      [{ sourceQuantityType: 'segments' }, 'sourceQuantityType'],
      [{ catTool: 'phrase', sourceQuantityType: 'Words' }, 'sourceQuantityType'],
      [{ conversionFactor: 0 }, 'conversionFactor'],
      [{ conversionFactor: -1 }, 'conversionFactor'],
      [{ conversionFactor: 'abc' }, 'conversionFactor'],
      [{ destinationQuantityType: MISSING_ID }, 'destinationQuantityType'],
      [{ destinationQuantityType: 'not-an-id' }, 'destinationQuantityType'],
      [{ destinationQuantityType: w.otherUnit }, 'destinationQuantityType'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
    ];
    for (const [overrides, param] of cases) {
      const error = expectError(await t.api.post(BASE, valid(overrides)), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param, JSON.stringify(overrides)).toBe(param);
    }
    expectError(await t.api.post(BASE, valid({ mappings: 'x' })), 400, 'parameter_unknown');
  });

  it('rejects a disabled unit as destination, but keeps one already referenced', async () => {
    const segments = (await t.api.post('/v2/account/quantity-types', { name: 'Segments' })).body.id;
    const config = await create({ destinationQuantityType: segments });
    await t.api.put(`/v2/account/quantity-types/${segments}`, { disabled: true });
    const error = expectError(await t.api.post(BASE, valid({ destinationQuantityType: segments })), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('destinationQuantityType');
    const kept = await t.api.put(`${BASE}/${config.id}`, { destinationQuantityType: segments, name: 'Still segments' });
    expect(kept.status).toBe(200);
    expect(kept.body.quantityTypes.destination).toEqual({ id: segments, name: 'Segments' });
  });
});
