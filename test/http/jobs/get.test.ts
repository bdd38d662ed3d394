import { describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, jobParams, newJob, newPrice, newService, worldPerFile, type World } from './fixture.js';

/** GET /v2/jobs/:id (docs/jobs.md). */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

describe('GET /v2/jobs/:id', () => {
  it("answers 404 for a missing, malformed or another account's job", async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    expectError(await t.api.get(`/v2/jobs/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.get('/v2/jobs/not-an-id'), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/jobs/${job.id}`), 404, 'resource_missing');
    expect((await t.api.withKey(t.account.readKey).get(`/v2/jobs/${job.id}`)).body).toEqual(job);
  });

  it('keeps its rates when the price changes later (frozen), and shows renamed references', async () => {
    const service = await newService(t.api, 'Frozen');
    const price = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match['100%']!, 0.02]]);
    const job = await newJob(t.api, jobParams(w, service));
    expect((await t.api.put(`${ACCOUNT_CLIENT_PRICES}/${price}`, { unitCost: 0.5 })).status).toBe(200);
    expect((await t.api.put(`${ACCOUNT_CLIENT_PRICES}/${price}/match/${w.match['100%']}`, { unitCost: 0.3 })).status).toBe(200);
    await t.api.put(`/v2/account/services/${service}`, { name: 'Renamed frozen service' });
    const after = (await t.api.get(`/v2/jobs/${job.id}`)).body;
    expect(after.quantity.unitCost).toBe(0.1);
    expect(after.quantity.matches).toEqual([{ id: w.match['100%'], name: '100%', percentage: 0.2, unitCost: 0.02, value: 0 }]);
    expect(after.estimation.total).toBe(100);
    expect(after.service.name).toBe('Renamed frozen service');
    expect(after.estimation.details.service.name).toBe('Renamed frozen service');
  });
});
