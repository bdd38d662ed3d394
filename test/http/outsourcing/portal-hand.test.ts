import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { apiWithRole, grantAccess, PortalBrowser, supplierWithContact, tokenOf } from '../portal/fixture.js';

/** The agency's hand on an offer (docs/supplier-portal.md#the-agencys-hand): accept or refuse for the supplier, withdraw. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function offer(name: string) {
  const { supplierId, contactId } = await supplierWithContact(t.api, name);
  const service = (await t.api.post('/v2/account/services', { name: `Hand ${name}` })).body.id as string;
  const unit = ((await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
  const client = (await t.api.post('/v2/clients', { name: `Hand client ${name}`, currency: 'EUR' })).body.id as string;
  const job = await t.api.post('/v2/jobs', { name: `Hand job ${name}`, client, service, quantity: 10, quantityType: unit });
  const id = (await t.api.post(`/v2/jobs/${job.body.id}/outsourcing`, { supplier: supplierId })).body.outsourcing.at(-1).id as string;
  await t.api.put(`/v2/jobs/${job.body.id}/outsourcing/${id}/portal`, { enabled: true, confirm: true }, { json: true });
  const base = `/v2/jobs/${job.body.id}/outsourcing/${id}/portal`;
  return { supplierId, contactId, jobId: job.body.id as string, id, base };
}

const portalIn = (job: { outsourcing: Array<{ id: string; status: number; portal: any }> }, id: string) => job.outsourcing.find((item) => item.id === id)!;

describe('POST …/outsourcing/:outsourcingId/portal/accept and /refuse', () => {
  it('accepts for the supplier: the same answer, the user as actor, onBehalfOfSupplier in the event', async () => {
    const o = await offer('Behalf Supplier');
    const accepted = await t.api.post(`${o.base}/accept`, { comment: 'Agreed by phone' }, { json: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const item = portalIn(accepted.body, o.id);
    expect(item.status).toBe(2);
    expect(item.portal.confirm).toMatchObject({ status: 2, comment: 'Agreed by phone', acceptedDate: expect.any(String) });
    const event = (await t.api.get('/v2/events', { type: 'job.outsourcing.accepted' })).body.items[0];
    expect(event).toMatchObject({ data: { id: o.id, onBehalfOfSupplier: true }, actor: { type: 'key', portalPersonId: null } });
    expectError(await t.api.post(`${o.base}/accept`, {}, { json: true }), 409, 'state_conflict');
  });

  it('refuses for the supplier with a reason only', async () => {
    const o = await offer('Behalf Refuse Supplier');
    expectError(await t.api.post(`${o.base}/refuse`, {}, { json: true }), 400, 'parameter_missing');
    const blank = expectError(await t.api.post(`${o.base}/refuse`, { reason: ' ' }, { json: true }), 400, 'parameter_invalid');
    expect(blank.details?.[0]?.param).toBe('reason');
    const refused = await t.api.post(`${o.base}/refuse`, { reason: 'Said no by phone' }, { json: true });
    expect(portalIn(refused.body, o.id).portal.confirm).toMatchObject({ status: 3, comment: 'Said no by phone' });
  });

  it('404 for an unknown or another account’s outsourcing; 403 for a viewer; 409 when no answer is asked', async () => {
    const o = await offer('Behalf Errors Supplier');
    expectError(await t.api.post(`/v2/jobs/${o.jobId}/outsourcing/${MISSING_ID}/portal/accept`, {}, { json: true }), 404, 'resource_missing');
    expectError(await t.otherApi.post(`${o.base}/accept`, {}, { json: true }), 404, 'resource_missing');
    const viewer = await apiWithRole(t, 'viewer');
    for (const action of ['accept', 'withdraw']) expectError(await viewer.post(`${o.base}/${action}`, {}, { json: true }), 403, 'forbidden');
    expectError(await viewer.post(`${o.base}/refuse`, { reason: 'x' }, { json: true }), 403, 'forbidden');
    await t.api.put(o.base, { confirm: false }, { json: true });
    expectError(await t.api.post(`${o.base}/accept`, {}, { json: true }), 409, 'state_conflict');
  });
});

describe('POST …/outsourcing/:outsourcingId/portal/withdraw', () => {
  it('takes back an offer not answered: it leaves the supplier’s portal; an accepted one is refused (409)', async () => {
    const o = await offer('Withdrawn Supplier');
    const granted = await grantAccess(t.api, o.supplierId, o.contactId);
    const browser = new PortalBrowser(t.app);
    await browser.signIn(tokenOf(granted.body.link.url));
    expect((await browser.get('/v2/portal/work')).body).toHaveLength(1);
    const withdrawn = await t.api.post(`${o.base}/withdraw`, {}, { json: true });
    expect(withdrawn.status).toBe(200);
    expect(portalIn(withdrawn.body, o.id).portal).toMatchObject({ enabled: false, confirm: { enabled: false, status: null } });
    expect((await browser.get('/v2/portal/work')).body).toEqual([]);
    expectError(await browser.request('POST', `/v2/portal/work/${o.id}/accept`), 404, 'resource_missing');
    expect((await t.api.get('/v2/events', { type: 'job.outsourcing.withdrawn' })).body.items[0].data.id).toBe(o.id);
    expectError(await t.api.post(`${o.base}/withdraw`, {}, { json: true }), 409, 'state_conflict');

    const accepted = await offer('Accepted Then Withdrawn');
    await t.api.post(`${accepted.base}/accept`, {}, { json: true });
    const refusal = expectError(await t.api.post(`${accepted.base}/withdraw`, {}, { json: true }), 409, 'state_conflict');
    expect(refusal.message).toContain('cancel the outsourcing');
  });
});
