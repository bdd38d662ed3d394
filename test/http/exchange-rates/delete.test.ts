import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { allEvents } from '../events/fixture.js';
import { PATH, newRate, roleApis } from './fixture.js';

/** DELETE /v2/account/exchange-rates/:id (docs/exchange-rates.md#the-api). */
let t: TestContext;
let roles: Awaited<ReturnType<typeof roleApis>>;
beforeAll(async () => {
  t = await createTestApp();
  roles = await roleApis(t);
});
afterAll(async () => {
  await t.close();
});

describe('DELETE /v2/account/exchange-rates/:id', () => {
  it('deletes it (204), records exchangeRate.deleted; the day is free again', async () => {
    const rate = await newRate(t.api);
    const reply = await t.api.delete(`${PATH}/${rate.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`${PATH}/${rate.id}`), 404, 'resource_missing');
    const events = await allEvents(t.api, { objectType: 'exchangeRate', objectId: rate.id });
    expect(events.find((event) => event.type === 'exchangeRate.deleted')).toMatchObject({ data: rate });
    await newRate(t.api);
  });

  it('answers 404 for a missing id and another account’s; manager 403, finance 204', async () => {
    expectError(await t.api.delete(`${PATH}/${MISSING_ID}`), 404, 'resource_missing');
    const theirs = await newRate(t.otherApi);
    expectError(await t.api.delete(`${PATH}/${theirs.id}`), 404, 'resource_missing');
    expect((await t.otherApi.get(`${PATH}/${theirs.id}`)).status).toBe(200);
    const rate = await newRate(t.api, { date: '2026-05-05' });
    expectError(await roles.manager.delete(`${PATH}/${rate.id}`), 403, 'forbidden');
    expect((await roles.finance.delete(`${PATH}/${rate.id}`)).status).toBe(204);
  });
});
