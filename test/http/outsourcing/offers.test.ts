import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredRounds } from '../../../src/modules/outsourcing/index.js';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { deliveriesOf, testWorker } from '../outbox/fixture.js';
import { apiWithRole, grantAccess, PortalBrowser, supplierWithContact, tokenOf } from '../portal/fixture.js';

/**
 * Offer rounds (docs/supplier-portal.md#offer-rounds): a job's work offered to several suppliers
 * at once; the first to accept gets it, or the project manager chooses; the others are closed
 * and told; offers expire.
 */
let t: TestContext;
let mail: MailServer;
let service: string;
let unit: string;
let client: string;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>', OUTBOX_WORKER: 'false' });
  await t.api.put('/v2/account', { name: 'Round Agency' });
  service = (await t.api.post('/v2/account/services', { name: 'Round translation' })).body.id;
  unit = ((await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
  client = (await t.api.post('/v2/clients', { name: 'Secret Round Client', currency: 'EUR' })).body.id;
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const later = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString();
let counter = 0;

/** Suppliers with a contact given portal access (signed in) and their own price; a job of 1000 words. */
async function scene(prices: number[], language: string | null = null) {
  counter += 1;
  const people = [];
  for (const [i, price] of prices.entries()) {
    const made = await supplierWithContact(t.api, `Round Supplier ${counter} ${String.fromCharCode(65 + i)}`);
    const granted = await grantAccess(t.api, made.supplierId, made.contactId, language === null ? {} : { language });
    expect(granted.status).toBe(200);
    const browser = new PortalBrowser(t.app);
    expect((await browser.signIn(tokenOf(granted.body.link.url))).status).toBe(200);
    const priced = await t.api.post(`/v2/suppliers/${made.supplierId}/services`, {
      service,
      quantityType: unit,
      unitCost: price,
      currency: 'EUR',
      matchesType: 'fixed',
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(201);
    people.push({ ...made, browser });
  }
  const job = await t.api.post('/v2/jobs', {
    name: `Round job ${counter}`,
    client,
    service,
    quantity: 1000,
    quantityType: unit,
    dueDate: '2030-05-02T15:00:00Z',
  });
  expect(job.status).toBe(201);
  return { jobId: job.body.id as string, people, path: `/v2/jobs/${job.body.id}/outsourcing/offers` };
}

async function newRound(s: Awaited<ReturnType<typeof scene>>, award: 'first' | 'choose', extra: Record<string, unknown> = {}) {
  const reply = await t.api.post(s.path, { suppliers: s.people.map((p) => p.supplierId), expiresAt: later(), award, ...extra }, { json: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

const offerOf = (round: any, supplierId: string) => round.offers.find((offer: any) => offer.supplier.id === supplierId);
const eventsOf = async (type: string) => (await t.api.get('/v2/events', { type, pageSize: 100 })).body.items as Array<{ data: any }>;
const portalMails = async () =>
  (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.kind === 'portal_mail').map((row) => JSON.parse(row.payload));

describe('POST /v2/jobs/:id/outsourcing/offers', () => {
  it('creates one outsourcing per supplier at its own price, on the portal asking an answer, and e-mails each', async () => {
    const s = await scene([0.05, 0.08]);
    const before = (await portalMails()).length;
    const round = await newRound(s, 'first', { name: 'Offered brochure' });
    expect(round).toMatchObject({ object: 'offer_round', jobId: s.jobId, award: 'first', state: 'open', awardedOutsourcingId: null });
    expect(round.offers).toHaveLength(2);
    const job = (await t.api.get(`/v2/jobs/${s.jobId}`)).body;
    for (const [i, person] of s.people.entries()) {
      const offer = offerOf(round, person.supplierId);
      expect(offer).toMatchObject({ supplier: { id: person.supplierId, name: expect.stringContaining('Round Supplier') }, confirmStatus: 1, status: 1 });
      const outsourcing = job.outsourcing.find((item: any) => item.id === offer.outsourcingId);
      expect(outsourcing.name).toBe('Offered brochure');
      expect(outsourcing.quantity.unitCost).toBe([0.05, 0.08][i]);
      expect(outsourcing.portal).toMatchObject({ enabled: true, confirm: { enabled: true, status: 1 } });
      expect(outsourcing.portal.sentDate).not.toBeNull();
      const work = await person.browser.get(`/v2/portal/work/${offer.outsourcingId}`);
      expect(work.body).toMatchObject({ state: 'offered', expiresAt: round.expiresAt, total: [50, 80][i] });
    }
    const mails = (await portalMails()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(s.people.map((p) => p.email).sort());
    expect(mails[0].text).toContain('Round Agency offers you new work');
    expect(mails[0].text).toContain('Answer before');
    const offered = (await eventsOf('job.outsourcing.offered')).filter((event) => event.data.offerRoundId === round.id);
    expect(offered).toHaveLength(2);
    expect((await t.api.get(`${s.path}/${round.id}`)).body).toEqual(round);
    expect((await t.api.get(s.path)).body).toEqual([round]);
  });

  it('409 when a supplier has nobody with portal access, and nothing is written', async () => {
    const s = await scene([0.05]);
    const { supplierId } = await supplierWithContact(t.api, `Round Nobody ${counter}`);
    const refused = expectError(
      await t.api.post(s.path, { suppliers: [s.people[0]!.supplierId, supplierId], expiresAt: later(), award: 'first' }, { json: true }),
      409,
      'state_conflict',
    );
    expect(refused.message).toContain('portal access');
    expect(refused.message).toContain(`Round Nobody ${counter}`);
    expect((await t.api.get(`/v2/jobs/${s.jobId}`)).body.outsourcing).toEqual([]);
    expect((await t.api.get(s.path)).body).toEqual([]);
  });

  it('400 for each bad field, 404 for an unknown job or another account’s, 403 for a viewer', async () => {
    const s = await scene([0.05]);
    const good = { suppliers: [s.people[0]!.supplierId], expiresAt: later(), award: 'first' };
    const bad = async (body: Record<string, any>, param: string) => {
      const reply = await t.api.post(s.path, body, { json: true });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toMatch(/^parameter_/);
      expect(JSON.stringify(reply.body.details), JSON.stringify(body)).toContain(param);
    };
    await bad({ ...good, suppliers: [] }, 'suppliers');
    await bad({ ...good, suppliers: [s.people[0]!.supplierId, s.people[0]!.supplierId] }, 'suppliers');
    await bad({ ...good, suppliers: Array.from({ length: 21 }, (_, i) => i.toString(16).padStart(24, '0')) }, 'suppliers');
    await bad({ ...good, suppliers: ['nope'] }, 'suppliers');
    await bad({ ...good, suppliers: [MISSING_ID] }, 'suppliers');
    await bad({ ...good, expiresAt: 'tomorrow' }, 'expiresAt');
    await bad({ ...good, expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt');
    await bad({ ...good, award: 'last' }, 'award');
    await bad({ ...good, unitCost: 3 }, 'unitCost');
    await bad({ ...good, service: MISSING_ID }, 'service');
    await bad({ ...good, name: '' }, 'name');
    await bad({ ...good, urgent: true }, 'urgent');
    const { award: _award, ...noAward } = good;
    await bad(noAward, 'award');
    expectError(await t.api.post(`/v2/jobs/${MISSING_ID}/outsourcing/offers`, good, { json: true }), 404, 'resource_missing');
    expectError(await t.otherApi.post(s.path, good, { json: true }), 404, 'resource_missing');
    const viewer = await apiWithRole(t, 'viewer');
    expectError(await viewer.post(s.path, good, { json: true }), 403, 'forbidden');
    const manager = await apiWithRole(t, 'manager');
    expect((await manager.post(s.path, good, { json: true })).status).toBe(201);
    expect((await viewer.get(s.path)).status).toBe(200);
  });
});

describe('GET /v2/jobs/:id/outsourcing/offers[/:roundId]', () => {
  it('404 for an unknown job, round, another job’s round or another account’s; 400 for a query parameter', async () => {
    const s = await scene([0.05]);
    const round = await newRound(s, 'first');
    const other = await scene([0.05]);
    expectError(await t.api.get(`/v2/jobs/${MISSING_ID}/outsourcing/offers`), 404, 'resource_missing');
    expectError(await t.api.get(`${s.path}/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.get(`${other.path}/${round.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`${s.path}/${round.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(s.path), 404, 'resource_missing');
    expectError(await t.api.get(s.path, { extra: 1 }), 400, 'parameter_unknown');
    expectError(await t.api.get(`${s.path}/${round.id}`, { extra: 1 }), 400, 'parameter_unknown');
  });
});

describe('award first', () => {
  it('the first acceptance wins: the others are withdrawn off the portal, cancelled, and told by e-mail in their language', async () => {
    const s = await scene([0.05, 0.06, 0.07], 'fr');
    const round = await newRound(s, 'first');
    const [a, b, c] = s.people as [any, any, any];
    const refusedC = await c.browser.request('POST', `/v2/portal/work/${offerOf(round, c.supplierId).outsourcingId}/refuse`, { reason: 'busy' });
    expect(refusedC.status).toBe(200);
    const before = (await portalMails()).length;
    const accepted = await b.browser.request('POST', `/v2/portal/work/${offerOf(round, b.supplierId).outsourcingId}/accept`, { comment: 'gladly' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.state).toBe('open');
    const after = (await t.api.get(`${s.path}/${round.id}`)).body;
    expect(after).toMatchObject({ state: 'awarded', awardedOutsourcingId: offerOf(round, b.supplierId).outsourcingId });
    expect(offerOf(after, a.supplierId)).toMatchObject({ confirmStatus: null, status: 5 });
    expect(offerOf(after, b.supplierId)).toMatchObject({ confirmStatus: 2, status: 2, comment: 'gladly' });
    expect(offerOf(after, c.supplierId)).toMatchObject({ confirmStatus: 3, status: 5 });
    // Off the portal for the one who waited; the refused one is cancelled.
    expectError(await a.browser.get(`/v2/portal/work/${offerOf(round, a.supplierId).outsourcingId}`), 404, 'resource_missing');
    expectError(await a.browser.request('POST', `/v2/portal/work/${offerOf(round, a.supplierId).outsourcingId}/accept`, {}), 409, 'state_conflict');
    // Only the pending one is told; in French, and nothing of the winner.
    const mails = (await portalMails()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([a.email]);
    expect(mails[0].text).toContain('a confié le travail');
    expect(mails[0].text).not.toContain(b.email);
    const withdrawn = (await eventsOf('job.outsourcing.withdrawn')).filter((event) => event.data.offerRoundId === round.id);
    expect(withdrawn.map((event) => event.data.id)).toEqual([offerOf(round, a.supplierId).outsourcingId]);
    // The project manager cannot accept the closed offer for them either.
    const closed = expectError(
      await t.api.post(`/v2/jobs/${s.jobId}/outsourcing/${offerOf(round, a.supplierId).outsourcingId}/portal/accept`, {}, { json: true }),
      409,
      'state_conflict',
    );
    expect(closed.message).toContain('another supplier');
    const count = mail.messages.length;
    await testWorker(t.database, t.config).drainOnce();
    expect(mail.messages.length).toBeGreaterThan(count);
  });

  it("the project manager's acceptance for a supplier wins the round as the supplier's would, recorded as theirs", async () => {
    const s = await scene([0.05, 0.06]);
    const round = await newRound(s, 'first');
    const [a, b] = s.people as [any, any];
    const accepted = await t.api.post(`/v2/jobs/${s.jobId}/outsourcing/${offerOf(round, a.supplierId).outsourcingId}/portal/accept`, {}, { json: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const after = (await t.api.get(`${s.path}/${round.id}`)).body;
    expect(after).toMatchObject({ state: 'awarded', awardedOutsourcingId: offerOf(round, a.supplierId).outsourcingId });
    expect(offerOf(after, b.supplierId)).toMatchObject({ confirmStatus: null, status: 5 });
    const refused = expectError(
      await b.browser.request('POST', `/v2/portal/work/${offerOf(round, b.supplierId).outsourcingId}/accept`, {}),
      409,
      'state_conflict',
    );
    expect(refused.message).toContain('another supplier');
  });

  it('two acceptances at once: exactly one wins, the other is a 409', async () => {
    const s = await scene([0.05, 0.06]);
    const round = await newRound(s, 'first');
    const replies = await Promise.all(
      s.people.map((p) => p.browser.request('POST', `/v2/portal/work/${offerOf(round, p.supplierId).outsourcingId}/accept`, {})),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.message).toContain('another supplier');
    const after = (await t.api.get(`${s.path}/${round.id}`)).body;
    expect(after.state).toBe('awarded');
    expect(after.offers.filter((offer: any) => offer.confirmStatus === 2)).toHaveLength(1);
  });
});

describe('award choose', () => {
  it('accepting does not award; the project manager awards one who accepted; the others are closed and told', async () => {
    const s = await scene([0.05, 0.06, 0.07]);
    const round = await newRound(s, 'choose');
    const [a, b, c] = s.people as [any, any, any];
    const id = (p: any) => offerOf(round, p.supplierId).outsourcingId as string;
    expect((await a.browser.request('POST', `/v2/portal/work/${id(a)}/accept`, {})).status).toBe(200);
    expect((await b.browser.request('POST', `/v2/portal/work/${id(b)}/accept`, {})).status).toBe(200);
    expect((await t.api.get(`${s.path}/${round.id}`)).body.state).toBe('open');
    const award = `${s.path}/${round.id}/award`;
    expectError(await t.api.post(award, { outsourcingId: id(c) }, { json: true }), 409, 'state_conflict');
    expectError(await t.api.post(award, { outsourcingId: MISSING_ID }, { json: true }), 400, 'parameter_invalid');
    expect((await t.api.post(award, {}, { json: true })).status).toBe(400);
    expectError(await t.api.post(award, { outsourcingId: id(a), extra: 1 }, { json: true }), 400, 'parameter_unknown');
    expectError(await t.api.post(`${s.path}/${MISSING_ID}/award`, { outsourcingId: id(a) }, { json: true }), 404, 'resource_missing');
    expectError(await t.otherApi.post(award, { outsourcingId: id(a) }, { json: true }), 404, 'resource_missing');
    const viewer = await apiWithRole(t, 'viewer');
    expectError(await viewer.post(award, { outsourcingId: id(a) }, { json: true }), 403, 'forbidden');
    const before = (await portalMails()).length;
    const awarded = await t.api.post(award, { outsourcingId: id(b) }, { json: true });
    expect(awarded.status, JSON.stringify(awarded.body)).toBe(200);
    expect(awarded.body).toMatchObject({ state: 'awarded', awardedOutsourcingId: id(b) });
    expect(offerOf(awarded.body, a.supplierId)).toMatchObject({ confirmStatus: 2, status: 5 });
    expect(offerOf(awarded.body, c.supplierId)).toMatchObject({ confirmStatus: null, status: 5 });
    expect(offerOf(awarded.body, b.supplierId)).toMatchObject({ confirmStatus: 2, status: 2 });
    expect(
      (await portalMails())
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual([a.email, c.email].sort());
    // The accepted one that lost sees it cancelled.
    expect((await a.browser.get(`/v2/portal/work/${id(a)}`)).body.state).toBe('cancelled');
    expectError(await t.api.post(award, { outsourcingId: id(b) }, { json: true }), 409, 'state_conflict');
    expectError(await t.api.post(`${s.path}/${round.id}/withdraw`, {}, { json: true }), 409, 'state_conflict');
    // The job's cost counts the awarded offer only.
    const job = (await t.api.get(`/v2/jobs/${s.jobId}`)).body;
    expect(job.outsourcing.filter((item: any) => item.status !== 5).map((item: any) => item.id)).toEqual([id(b)]);
  });

  it('withdraw closes every offer of the round and tells their suppliers', async () => {
    const s = await scene([0.05, 0.06]);
    const round = await newRound(s, 'choose');
    const path = `${s.path}/${round.id}/withdraw`;
    expectError(await t.api.post(path, { extra: 1 }, { json: true }), 400, 'parameter_unknown');
    expectError(await t.api.post(`${s.path}/${MISSING_ID}/withdraw`, {}, { json: true }), 404, 'resource_missing');
    expectError(await t.otherApi.post(path, {}, { json: true }), 404, 'resource_missing');
    const viewer = await apiWithRole(t, 'viewer');
    expectError(await viewer.post(path, {}, { json: true }), 403, 'forbidden');
    const before = (await portalMails()).length;
    const withdrawn = await t.api.post(path, {}, { json: true });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.state).toBe('withdrawn');
    expect(withdrawn.body.offers.map((offer: any) => offer.status)).toEqual([5, 5]);
    const mails = (await portalMails()).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('has withdrawn its offer');
    expectError(await t.api.post(path, {}, { json: true }), 409, 'state_conflict');
  });
});

describe('expiry', () => {
  it('an expired offer cannot be accepted, shows expired on the portal, and the sweep records job.outsourcing.expired once', async () => {
    const s = await scene([0.05, 0.06]);
    const round = await newRound(s, 'first', { expiresAt: later(1500) });
    const [a] = s.people as [any];
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const id = offerOf(round, a.supplierId).outsourcingId;
    const refused = expectError(await a.browser.request('POST', `/v2/portal/work/${id}/accept`, {}), 409, 'state_conflict');
    expect(refused.message).toContain('expired');
    expect((await a.browser.get(`/v2/portal/work/${id}`)).body.state).toBe('expired');
    expect((await a.browser.get('/v2/portal/work', { state: ['expired'] })).body.map((work: any) => work.id)).toEqual([id]);
    expect((await t.api.get(`${s.path}/${round.id}`)).body.state).toBe('expired');
    await sweepExpiredRounds(t.database);
    await sweepExpiredRounds(t.database);
    const expired = (await eventsOf('job.outsourcing.expired')).filter((event) => event.data.offerRoundId === round.id);
    expect(expired.map((event) => event.data.id).sort()).toEqual(round.offers.map((offer: any) => offer.outsourcingId).sort());
  });
});
