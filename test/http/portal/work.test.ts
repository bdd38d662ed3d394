import { describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext, type Value } from '../../helper.js';
import { jobParams, newJob, newPrice, newService, worldPerFile, type World } from '../jobs/fixture.js';
import { expectNothingForeign, grantAccess, PortalBrowser, supplierWithContact, tokenOf } from './fixture.js';

/** The supplier's work on the portal (docs/supplier-portal.md#what-a-supplier-sees, #what-a-supplier-does). */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

/** A supplier whose person is signed in, and a job outsourced to them with match lines, put on the portal as the agency chooses. */
async function scene(name: string, portal: Record<string, Value> = { enabled: true, confirm: true }) {
  const made = await supplierWithContact(t.api, name);
  const granted = await grantAccess(t.api, made.supplierId, made.contactId);
  const browser = new PortalBrowser(t.app);
  expect((await browser.signIn(tokenOf(granted.body.link.url))).status).toBe(200);
  const service = await newService(t.api, `Translation for ${name}`);
  await newPrice(t.api, `/v2/suppliers/${made.supplierId}/services`, { service, quantityType: w.unit.Words, unitCost: 0.08 }, [[w.match['100%']!, 0.02]]);
  const job = await newJob(t.api, jobParams(w, service, { name: `Brochure for ${name}`, dueDate: '2030-03-01T12:00:00Z' }));
  await t.api.put(`/v2/jobs/${job.id}/price`, {
    matches: [
      { id: w.match['100%'], value: 600 },
      { id: w.match['No match'], value: 400 },
    ],
  });
  const created = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: made.supplierId });
  const outsourcing = created.body.outsourcing.at(-1) as { id: string };
  const put = await t.api.put(`/v2/jobs/${job.id}/outsourcing/${outsourcing.id}/portal`, portal, { json: true });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { ...made, browser, job, outsourcingId: outsourcing.id, personId: granted.body.person.id as string };
}

const agencyPortalOf = async (jobId: string, id: string) =>
  ((await t.api.get(`/v2/jobs/${jobId}`)).body.outsourcing as Array<{ id: string; status: number; portal: any }>).find((item) => item.id === id)!;

describe('GET /v2/portal/work', () => {
  it('lists the supplier’s work on the portal with their own price and the weighted quantity, nothing of the client', async () => {
    const s = await scene('Weighted Supplier', {
      enabled: true,
      confirm: true,
      instructions: '<p>Use the <strong>glossary</strong></p><script>x()</script>',
      checklist: [{ name: 'Read the brief' }],
    });
    const list = await s.browser.get('/v2/portal/work');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const work = list.body[0];
    expect(work).toEqual({
      id: s.outsourcingId,
      reference: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: 'Brochure for Weighted Supplier',
      state: 'offered',
      status: 1,
      service: { id: expect.any(String), name: expect.stringContaining('Translation for Weighted Supplier') },
      languagePair: null,
      startDate: null,
      dueDate: expect.any(String),
      quantity: {
        value: 1000,
        unit: { id: w.unit.Words, name: 'Words' },
        // 600 at 0.02/0.08 of the rate + 400 at the full rate.
        weighted: 550,
        matches: [
          { name: '100%', value: 600, rate: 0.25 },
          { name: 'No match', value: 400, rate: 1 },
        ],
      },
      currency: { code: 'EUR', symbol: '€' },
      unitCost: 0.08,
      fixedPrice: null,
      total: 44,
      instructions: '<p>Use the <strong>glossary</strong></p>',
      checklist: [{ id: expect.any(String), name: 'Read the brief', done: false }],
      confirm: { required: true, status: 1, answeredAt: null, comment: null },
      sentDate: null,
      expiresAt: null,
      doneDate: null,
      comments: null,
      uploadFileOnGroup: false,
      purchaseOrder: null,
      clientName: null,
    });
    expectNothingForeign(list.body, [w.client.acme, 'Acme'], 'GET /v2/portal/work');
    expect((await s.browser.get(`/v2/portal/work/${s.outsourcingId}`)).body).toEqual(work);
  });

  it('shows the client’s name (and nothing else of the client) only while the account’s suppliersSeeClientName is on', async () => {
    const s = await scene('Client Name Supplier', { enabled: true });
    const clientName = ((await t.api.get(`/v2/clients/${w.client.acme}`)).body as { name: string }).name;
    expect((await t.api.get('/v2/account')).body.suppliersSeeClientName).toBe(false);
    const shown = await t.api.put('/v2/account', { suppliersSeeClientName: true });
    expect(shown.status).toBe(200);
    expect(shown.body.suppliersSeeClientName).toBe(true);
    try {
      const work = (await s.browser.get(`/v2/portal/work/${s.outsourcingId}`)).body;
      expect(work.clientName).toBe(clientName);
      expect((await s.browser.get('/v2/portal/work')).body[0].clientName).toBe(clientName);
      // Only the name: not the client's id, nor its prices.
      expectNothingForeign(work, [w.client.acme], 'GET /v2/portal/work/:id with the client shown');
      expectError(await t.api.put('/v2/account', { suppliersSeeClientName: 'sometimes' }), 400, 'parameter_invalid');
    } finally {
      expect((await t.api.put('/v2/account', { suppliersSeeClientName: false })).status).toBe(200);
    }
    expect((await s.browser.get(`/v2/portal/work/${s.outsourcingId}`)).body.clientName).toBeNull();
  });

  it('shows only work on the portal, of the person’s supplier; the state filter; 404 for the rest', async () => {
    const s = await scene('Filter Supplier');
    const other = await scene('Filter Other Supplier');
    // The same job outsourced to the other supplier too: not the first one's.
    const second = await t.api.post(`/v2/jobs/${s.job.id}/outsourcing`, { supplier: other.supplierId });
    const secondId = second.body.outsourcing.at(-1).id as string;
    await t.api.put(`/v2/jobs/${s.job.id}/outsourcing/${secondId}/portal`, { enabled: true }, { json: true });
    // Off the portal: not shown.
    const hidden = await t.api.post(`/v2/jobs/${s.job.id}/outsourcing`, { supplier: s.supplierId });
    const hiddenId = hidden.body.outsourcing.at(-1).id as string;

    expect((await s.browser.get('/v2/portal/work')).body.map((item: { id: string }) => item.id)).toEqual([s.outsourcingId]);
    expect((await other.browser.get('/v2/portal/work')).body.map((item: { id: string }) => item.id).sort()).toEqual([other.outsourcingId, secondId].sort());
    for (const id of [secondId, hiddenId, other.outsourcingId, MISSING_ID]) expectError(await s.browser.get(`/v2/portal/work/${id}`), 404, 'resource_missing');
    expect((await s.browser.get('/v2/portal/work?state=offered')).body).toHaveLength(1);
    expect((await s.browser.get('/v2/portal/work?state=done&state=refused')).body).toEqual([]);
    expectError(await s.browser.get('/v2/portal/work?state=lost'), 400, 'parameter_invalid');
    // A malformed id is no record either, as on the agency's routes.
    expectError(await s.browser.get('/v2/portal/work/bad-id'), 404, 'resource_missing');
  });
});

describe('the supplier’s answers', () => {
  it('accepts with a comment: the agency sees it, the status moves to in progress, an event names the portal person', async () => {
    const s = await scene('Accepting Supplier');
    const accepted = await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/accept`, { comment: 'Happy to, by Friday' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      state: 'open',
      status: 2,
      confirm: { required: true, status: 2, answeredAt: expect.any(String), comment: 'Happy to, by Friday' },
    });
    const agency = await agencyPortalOf(s.job.id, s.outsourcingId);
    expect(agency.status).toBe(2);
    expect(agency.portal.confirm).toMatchObject({ status: 2, acceptedDate: accepted.body.confirm.answeredAt, comment: 'Happy to, by Friday' });
    const events = await t.api.get('/v2/events', { type: 'job.outsourcing.accepted' });
    expect(events.body.items[0]).toMatchObject({
      data: { id: s.outsourcingId, jobId: s.job.id },
      actor: { type: 'portal', user: null, apiKeyId: null, portalPersonId: s.personId },
    });
    expect(accepted.body.startDate).toBe(accepted.body.confirm.answeredAt);
    const moved = await t.api.get('/v2/events', { type: 'job.outsourcing.status_changed' });
    expect(moved.body.items[0]).toMatchObject({
      data: { id: s.outsourcingId, status: 2, previousStatus: 1 },
      actor: { type: 'portal', portalPersonId: s.personId },
    });
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/accept`), 409, 'state_conflict');
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/refuse`, { reason: 'changed my mind' }), 409, 'state_conflict');
  });

  it('refuses only with a reason; refused work can be neither accepted nor done', async () => {
    const s = await scene('Refusing Supplier');
    const missing = expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/refuse`, { reason: '  ' }), 400, 'parameter_invalid');
    expect(missing.details?.[0]?.param).toBe('reason');
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/refuse`, {}), 400, 'parameter_missing');
    const refused = await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/refuse`, { reason: 'On holiday that week' });
    expect(refused.body).toMatchObject({ state: 'refused', confirm: { status: 3, comment: 'On holiday that week', answeredAt: expect.any(String) } });
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/accept`), 409, 'state_conflict');
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/done`), 409, 'state_conflict');
    expect((await t.api.get('/v2/events', { type: 'job.outsourcing.refused' })).body.items[0].actor.type).toBe('portal');
  });

  it('ticks the checklist, writes comments, and marks the work done once (to be reviewed by the agency)', async () => {
    const s = await scene('Working Supplier', { enabled: true, checklist: [{ name: 'Glossary' }, { name: 'QA' }] });
    const before = (await s.browser.get(`/v2/portal/work/${s.outsourcingId}`)).body;
    expect(before.state).toBe('open');
    const [glossary] = before.checklist as Array<{ id: string }>;
    const ticked = await s.browser.request('PUT', `/v2/portal/work/${s.outsourcingId}/checklist/${glossary!.id}`, { done: true });
    expect(ticked.body.checklist.map((item: { done: boolean }) => item.done)).toEqual([true, false]);
    expectError(await s.browser.request('PUT', `/v2/portal/work/${s.outsourcingId}/checklist/${MISSING_ID}`, { done: true }), 404, 'resource_missing');
    expectError(await s.browser.request('PUT', `/v2/portal/work/${s.outsourcingId}/checklist/${glossary!.id}`, { done: 'maybe' }), 400, 'parameter_invalid');

    const commented = await s.browser.request('PUT', `/v2/portal/work/${s.outsourcingId}/comments`, { comments: ' Term base attached ' });
    expect(commented.body.comments).toBe('Term base attached');
    expectError(await s.browser.request('PUT', `/v2/portal/work/${s.outsourcingId}/comments`, { comments: 'x'.repeat(10_001) }), 400, 'parameter_invalid');

    const done = await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/done`);
    expect(done.body).toMatchObject({ state: 'done', status: 3, doneDate: expect.any(String) });
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/done`), 409, 'state_conflict');
    const agency = await agencyPortalOf(s.job.id, s.outsourcingId);
    expect(agency.status).toBe(3);
    expect(agency.portal).toMatchObject({ doneDate: done.body.doneDate, supplierComments: 'Term base attached', checklist: [{ done: true }, { done: false }] });
  });

  it('offered work must be accepted before it is done; cancelled work takes no answer', async () => {
    const s = await scene('Pending Supplier');
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/done`), 409, 'state_conflict');
    await t.api.put(`/v2/jobs/${s.job.id}/outsourcing/${s.outsourcingId}`, { status: 5 });
    expect((await s.browser.get(`/v2/portal/work/${s.outsourcingId}`)).body.state).toBe('cancelled');
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/accept`), 409, 'state_conflict');
  });

  it('two answers at once are judged one after the other: one wins, the other is a 409, one event', async () => {
    const s = await scene('Racing Supplier');
    const count = (await t.api.get('/v2/events', { type: 'job.outsourcing.accepted', pageSize: 100 })).body.items.length;
    const replies = await Promise.all([
      s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/accept`, { comment: 'first' }),
      s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/refuse`, { reason: 'second' }),
      s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/accept`, { comment: 'third' }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    const won = replies.find((reply) => reply.status === 200)!.body;
    expect((await agencyPortalOf(s.job.id, s.outsourcingId)).portal.confirm).toMatchObject({ status: won.confirm.status, comment: won.confirm.comment });
    const accepted = (await t.api.get('/v2/events', { type: 'job.outsourcing.accepted', pageSize: 100 })).body.items.length;
    const refused = (await t.api.get('/v2/events', { type: 'job.outsourcing.refused', pageSize: 100 })).body.items.filter(
      (event: { data: { id: string } }) => event.data.id === s.outsourcingId,
    ).length;
    expect(accepted - count + refused).toBe(1);
  });

  it('needs the CSRF token of the session for every answer', async () => {
    const s = await scene('Csrf Supplier');
    expectError(await s.browser.request('POST', `/v2/portal/work/${s.outsourcingId}/accept`, {}, { csrf: false }), 403, 'forbidden');
    expect((await s.browser.get(`/v2/portal/work/${s.outsourcingId}`)).body.confirm.status).toBe(1);
  });
});
