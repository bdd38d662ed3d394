import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, fixedJob, job, type DocWorld } from './fixture.js';

/** Quote to invoice (docs/documents.md#accepting-a-quote): an accepted quote starts its jobs; the invoice dialog finds the uninvoiced jobs on the server. */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

async function acceptedQuote(jobIds: string[]): Promise<string> {
  const quote = await t.api.post('/v2/quotes', { client: w.client, jobs: jobIds });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  expect((await t.api.post(`/v2/quotes/${quote.body.id}/send`)).status).toBe(200);
  const accepted = await t.api.post(`/v2/quotes/${quote.body.id}/accept`);
  expect(accepted.body.status).toBe(3);
  return quote.body.id as string;
}

describe('accepting a quote', () => {
  it('moves its not-started jobs in progress by default (start date stamped); others keep their status', async () => {
    expect((await t.api.get('/v2/account')).body.acceptedQuoteJobStatus).toBe(2);
    const fresh = await fixedJob(t.api, w, 10);
    const held = await fixedJob(t.api, w, 20);
    const finished = await fixedJob(t.api, w, 30);
    expect((await t.api.put(`/v2/jobs/${held}`, { status: 6 })).status).toBe(200);
    expect((await t.api.put(`/v2/jobs/${finished}`, { status: 3 })).status).toBe(200);
    expect((await job(t.api, fresh)).startDate).toBeNull();
    await acceptedQuote([fresh, held, finished]);
    const started = await job(t.api, fresh);
    expect(started).toMatchObject({ status: 2, estimation: { type: 'quote', total: 10 } });
    expect(started.startDate).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect((await job(t.api, held)).status).toBe(6);
    expect((await job(t.api, finished)).status).toBe(3);
  });

  it('follows the account setting: 1 leaves them not started, 6 puts them on hold', async () => {
    expect((await t.api.put('/v2/account', { acceptedQuoteJobStatus: 1 })).body.acceptedQuoteJobStatus).toBe(1);
    const stays = await fixedJob(t.api, w, 10);
    await acceptedQuote([stays]);
    expect(await job(t.api, stays)).toMatchObject({ status: 1, startDate: null, estimation: { type: 'quote' } });
    expect((await t.api.put('/v2/account', { acceptedQuoteJobStatus: 6 })).status).toBe(200);
    const held = await fixedJob(t.api, w, 10);
    await acceptedQuote([held]);
    expect((await job(t.api, held)).status).toBe(6);
    expect((await t.api.put('/v2/account', { acceptedQuoteJobStatus: 2 })).status).toBe(200);
  });

  it('refuses another status (400 naming the parameter) and keeps each account its own setting', async () => {
    for (const value of [3, 4, 5, 0, 'x']) {
      const error = expectError(await t.api.put('/v2/account', { acceptedQuoteJobStatus: value }), 400, 'parameter_invalid');
      expect(JSON.stringify(error.details)).toContain('acceptedQuoteJobStatus');
    }
    expect((await t.api.get('/v2/account')).body.acceptedQuoteJobStatus).toBe(2);
    expect((await t.otherApi.put('/v2/account', { acceptedQuoteJobStatus: 1 })).status).toBe(200);
    expect((await t.api.get('/v2/account')).body.acceptedQuoteJobStatus).toBe(2);
    expect((await t.otherApi.put('/v2/account', { acceptedQuoteJobStatus: 2 })).status).toBe(200);
  });

  it('is changed by the roles that change the account only (403 for a manager)', async () => {
    const user = await t.api.post('/v2/users', { name: 'Quote manager', role: 'manager' });
    const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, user.body.id as string, { name: 'manager key' });
    expectError(await t.api.withKey(apiKey).put('/v2/account', { acceptedQuoteJobStatus: 1 }), 403, 'forbidden');
  });
});

describe('GET /v2/jobs?invoiced=', () => {
  it('tells the jobs that may still be invoiced from those invoiced, with status and search', async () => {
    const client = (await t.api.post('/v2/clients', { name: 'Invoiced filter client', currency: 'EUR' })).body.id as string;
    const make = async (name: string, status: number) => {
      const id = (await t.api.post('/v2/jobs', { name, client, quantity: 1, quantityType: w.unit, service: w.service, fixedPrice: 5 })).body.id as string;
      if (status !== 1) expect((await t.api.put(`/v2/jobs/${id}`, { status })).status).toBe(200);
      return id;
    };
    const done = await make('Manual alpha', 3);
    const doneOnInvoice = await make('Brochure beta', 3);
    const running = await make('Website gamma', 2);
    const markedInvoiced = await make('Old delta', 3);
    expect((await t.api.put(`/v2/jobs/${markedInvoiced}`, { status: 4 })).status).toBe(200);
    expect((await t.api.post('/v2/invoices', { client, jobs: [doneOnInvoice] })).status).toBe(201);
    const ids = async (query: Record<string, string | boolean | number[]>) =>
      ((await t.api.get('/v2/jobs', { client: [client], sort: 'name', direction: 'asc', ...query })).body.items as any[]).map((item) => item.id);
    expect(await ids({ invoiced: false })).toEqual([done, running]);
    expect(await ids({ invoiced: true })).toEqual([doneOnInvoice, markedInvoiced]);
    expect(await ids({ invoiced: false, status: [3] })).toEqual([done]);
    expect(await ids({ invoiced: false, q: 'GAMMA' })).toEqual([running]);
    expect((await t.api.get('/v2/jobs', { client: [client], invoiced: false })).body.totalItems).toBe(2);
    expect((await t.otherApi.get('/v2/jobs', { invoiced: false })).body.items).toEqual([]);
    expect(expectError(await t.api.get('/v2/jobs', { invoiced: 'maybe' }), 400, 'parameter_invalid').details).toEqual([
      { param: 'invoiced', message: 'must be boolean' },
    ]);
  });
});
