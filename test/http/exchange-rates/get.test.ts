import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { PATH, newRate, roleApis } from './fixture.js';

/** GET /v2/account/exchange-rates/:id (docs/exchange-rates.md#the-api). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /v2/account/exchange-rates/:id', () => {
  it('answers the rate; a viewer reads it too', async () => {
    const rate = await newRate(t.api);
    expect((await t.api.get(`${PATH}/${rate.id}`)).body).toEqual(rate);
    const roles = await roleApis(t);
    expect((await roles.viewer.get(`${PATH}/${rate.id}`)).body).toEqual(rate);
  });

  it('answers 404 for a missing id, a malformed one and another account’s', async () => {
    expectError(await t.api.get(`${PATH}/${MISSING_ID}`), 404, 'resource_missing');
    expect((await t.api.get(`${PATH}/nope`)).status).toBe(404);
    const theirs = await newRate(t.otherApi);
    expectError(await t.api.get(`${PATH}/${theirs.id}`), 404, 'resource_missing');
  });
});
