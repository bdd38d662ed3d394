import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { signedInSupplierPerson } from './fixture.js';

/** A supplier's periods away, declared from the portal (docs/supplier-portal.md#unavailability). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('/v2/portal/unavailabilities', () => {
  it('adds, changes and removes a period away that the agency sees on the supplier, recorded as the person’s', async () => {
    const { browser, supplierId, personId } = await signedInSupplierPerson(t.app, t.api, 'Away Supplier');
    const created = await browser.request('POST', '/v2/portal/unavailabilities', { from: '2031-07-01', to: '2031-07-15', reason: ' Summer ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ from: '2031-07-01T00:00:00.000Z', to: '2031-07-15T00:00:00.000Z', reason: 'Summer' });
    const agency = await t.api.get(`/v2/suppliers/${supplierId}/unavailabilities`);
    expect(agency.body.currents).toEqual([created.body]);
    expect((await browser.get('/v2/portal/unavailabilities')).body).toEqual(agency.body);
    const event = (await t.api.get('/v2/events', { type: 'supplier.updated' })).body.items[0];
    expect(event).toMatchObject({ data: { id: supplierId }, actor: { type: 'portal', portalPersonId: personId } });

    const changed = await browser.request('PUT', `/v2/portal/unavailabilities/${created.body.id}`, { to: '2031-07-20' });
    expect(changed.body.to).toBe('2031-07-20T00:00:00.000Z');
    expect((await browser.request('DELETE', `/v2/portal/unavailabilities/${created.body.id}`)).status).toBe(204);
    expect((await t.api.get(`/v2/suppliers/${supplierId}/unavailabilities`)).body.currents).toEqual([]);
  });

  it('validates as the agency’s routes do, and 404 for a period that is not the supplier’s', async () => {
    const { browser } = await signedInSupplierPerson(t.app, t.api, 'Away Errors Supplier');
    const order = expectError(await browser.request('POST', '/v2/portal/unavailabilities', { from: '2031-07-15', to: '2031-07-01' }), 400, 'parameter_invalid');
    expect(order.details?.[0]?.param).toBe('to');
    expectError(await browser.request('POST', '/v2/portal/unavailabilities', { from: '2031-07-15' }), 400, 'parameter_missing');
    expectError(await browser.request('POST', '/v2/portal/unavailabilities', { from: 'soon', to: '2031-07-01' }), 400, 'parameter_invalid');
    expectError(await browser.request('PUT', `/v2/portal/unavailabilities/${MISSING_ID}`, { reason: 'x' }), 404, 'resource_missing');
    expectError(await browser.request('DELETE', `/v2/portal/unavailabilities/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await browser.get('/v2/portal/unavailabilities?from=2031'), 400, 'parameter_unknown');
  });
});
