import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { png } from '../account/logo-images.js';
import { putAccountLogo, signedInSupplierPerson } from './fixture.js';

/** The agency's name and logo head the portal's pages (docs/client-portal.md#what-the-portal-shows). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /v2/portal/agency/logo', () => {
  it("answers the person's own agency's logo once it has one; the session says whether there is one", async () => {
    const own = await signedInSupplierPerson(t.app, t.api, 'Heading Own');
    const foreign = await signedInSupplierPerson(t.app, t.otherApi, 'Heading Foreign');
    expect((await own.browser.get('/v2/portal/session')).body.person.agency).toEqual({ name: 'Agency One', hasLogo: false });
    expectError(await own.browser.get('/v2/portal/agency/logo'), 404, 'resource_missing');

    const image = png(90, 30);
    await putAccountLogo(t.app, t.account.apiKey, image);
    expect((await own.browser.get('/v2/portal/session')).body.person.agency).toEqual({ name: 'Agency One', hasLogo: true });
    const raw = await t.app.inject({ method: 'GET', url: '/v2/portal/agency/logo', headers: { cookie: `td_portal=${own.browser.cookie}` } });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('image/png');
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(raw.rawPayload, image)).toBe(0);

    // Another account's person reaches their own agency's (none yet), never this one.
    expect((await foreign.browser.get('/v2/portal/session')).body.person.agency.hasLogo).toBe(false);
    expectError(await foreign.browser.get('/v2/portal/agency/logo'), 404, 'resource_missing');
  });

  it('401 without a portal session, also with an API key; 400 with a query parameter', async () => {
    expectError(await t.api.get('/v2/portal/agency/logo'), 401, 'unauthorized');
    const own = await signedInSupplierPerson(t.app, t.api, 'Heading Query');
    expectError(await own.browser.get('/v2/portal/agency/logo?size=big'), 400, 'parameter_unknown');
  });
});
