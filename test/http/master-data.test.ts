import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('default master data of a new account (§7.8)', () => {
  it('has the five services, five units with Words pinned and Hours isHours, and eight match categories in order', async () => {
    const services = await t.api.get('/v2/account/services');
    expect(services.status).toBe(200);
    expect(services.body.map((s: { name: string }) => s.name).sort()).toEqual(
      ['Desktop publishing', 'Post-editing', 'Proofreading', 'Revision', 'Translation'],
    );
    const units = (await t.api.get('/v2/account/quantity-types')).body;
    expect(units[0]).toMatchObject({ name: 'Words', pinned: true, isHours: false, disabled: false });
    expect(units.filter((u: { isHours: boolean }) => u.isHours).map((u: { name: string }) => u.name)).toEqual(['Hours']);
    const matches = (await t.api.get('/v2/account/matches')).body;
    expect(matches.map((m: { name: string }) => m.name)).toEqual(['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%', '50-74%', 'No match']);
    expect((await t.api.get('/v2/account/taxes')).body).toEqual([]);
    expect((await t.api.get('/v2/account/domains')).body).toEqual([]);
  });
});

describe('taxes', () => {
  it('creates with defaults, answers 201, and keeps the value exact', async () => {
    const reply = await t.api.post('/v2/account/taxes', { name: 'VAT 21', value: '0.21' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'VAT 21', value: 0.21, disabled: false, isDefaultTax1: false, isDefaultTax2: false });
  });

  it('rejects a missing name, a value out of range and an unknown parameter', async () => {
    expectError(await t.api.post('/v2/account/taxes', { value: 0.1 }), 400, 'parameter_missing');
    const range = expectError(await t.api.post('/v2/account/taxes', { name: 'Big', value: 1.5 }), 400, 'parameter_invalid');
    expect(range.details?.[0]?.param).toBe('value');
    expectError(await t.api.post('/v2/account/taxes', { name: 'X', value: 0.1, isHours: true }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/account/taxes', { name: 'X', value: 'abc' }), 400, 'parameter_invalid');
  });

  it('keeps names unique case-insensitively (409)', async () => {
    await t.api.post('/v2/account/taxes', { name: 'Reduced', value: 0.06 });
    expectError(await t.api.post('/v2/account/taxes', { name: 'REDUCED', value: 0.09 }), 409, 'resource_exists');
  });

  it('keeps isDefaultTax1 exclusive', async () => {
    const a = (await t.api.post('/v2/account/taxes', { name: 'A', value: 0.1 })).body;
    const b = (await t.api.post('/v2/account/taxes', { name: 'B', value: 0.2 })).body;
    expect((await t.api.put(`/v2/account/taxes/${a.id}`, { isDefaultTax1: true })).body.isDefaultTax1).toBe(true);
    expect((await t.api.put(`/v2/account/taxes/${b.id}`, { isDefaultTax1: 'true' })).body.isDefaultTax1).toBe(true);
    expect((await t.api.get(`/v2/account/taxes/${a.id}`)).body.isDefaultTax1).toBe(false);
  });

  it('answers 404 for a missing, malformed or foreign id, and 204 on delete', async () => {
    expectError(await t.api.put(`/v2/account/taxes/${MISSING_ID}`, { name: 'Z' }), 404, 'resource_missing');
    expectError(await t.api.get('/v2/account/taxes/not-an-id'), 404, 'resource_missing');
    const mine = (await t.api.post('/v2/account/taxes', { name: 'Mine', value: 0 })).body;
    expectError(await t.otherApi.get(`/v2/account/taxes/${mine.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/account/taxes/${mine.id}`), 404, 'resource_missing');
    const deleted = await t.api.delete(`/v2/account/taxes/${mine.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.raw.body).toBe('');
  });

  it('accepts JSON bodies with native types and rejects strings for numbers there', async () => {
    const reply = await t.api.post('/v2/account/taxes', { name: 'JSON tax', value: 0.05 }, { json: true });
    expect(reply.status).toBe(201);
    expectError(await t.api.post('/v2/account/taxes', { name: 'JSON tax 2', value: '0.05' }, { json: true }), 400, 'parameter_invalid');
  });
});

describe('units', () => {
  it('keeps isHours on one unit only', async () => {
    const unit = (await t.api.post('/v2/account/quantity-types', { name: 'Minutes' })).body;
    expect(unit).toMatchObject({ name: 'Minutes', isHours: false, pinned: false, disabled: false });
    await t.api.put(`/v2/account/quantity-types/${unit.id}`, { isHours: true });
    const hours = (await t.api.get('/v2/account/quantity-types')).body.filter((u: { isHours: boolean }) => u.isHours);
    expect(hours.map((u: { name: string }) => u.name)).toEqual(['Minutes']);
  });
});
