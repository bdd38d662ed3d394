import { describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { BASE, ISO, catConfigurationsFixture, catConfigurationsPerFile, type CatWorld } from './fixture.js';

/** PUT /v2/account/cat-configurations/:id (docs/cat-configurations.md). */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { create, events } = catConfigurationsFixture(() => ({ t, w }));

describe('PUT /v2/account/cat-configurations/:id', () => {
  it('updates each field, keeps the others and records the event', async () => {
    const config = await create({ name: 'Before' });
    const reply = await t.api.put(`${BASE}/${config.id}`, {
      name: ' After ',
      conversionFactor: 2.5,
      destinationQuantityType: w.unit.Characters,
      sourceQuantityType: 'characters',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...config,
      name: 'After',
      quantityTypes: { destination: { id: w.unit.Characters, name: 'Characters' }, conversionFactor: 2.5, source: 'characters' },
      updatedAt: expect.stringMatching(ISO),
    });
    expect((await t.api.put(`${BASE}/${config.id}`, {})).body.name).toBe('After');
    expect(await events('catConfiguration.updated')).toContainEqual(reply.body);
  });

  it('rejects invalid updates and catTool (not updatable)', async () => {
    const config = await create();
    expectError(await t.api.put(`${BASE}/${config.id}`, { catTool: 'memoq' }), 400, 'parameter_unknown');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sourceQuantityType: 'segments' }, 'sourceQuantityType'],
      [{ conversionFactor: 0 }, 'conversionFactor'],
      [{ destinationQuantityType: w.otherUnit }, 'destinationQuantityType'],
      [{ destinationQuantityType: MISSING_ID }, 'destinationQuantityType'],
      [{ name: '' }, 'name'],
    ];
    for (const [body, param] of cases) {
      const error = expectError(await t.api.put(`${BASE}/${config.id}`, body as never), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(config);
  });
});
