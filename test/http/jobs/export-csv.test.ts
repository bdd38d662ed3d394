import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { WALK_STEP } from '../../../src/core/http/csv-export.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, createTestAccount, createTestApp, expectError, type TestContext } from '../../helper.js';
import { newClient } from './fixture.js';

/**
 * GET /v2/jobs?format=csv (docs/reference.md#csv-export): every row once, in the order asked, with
 * the filters; the file's form (BOM, CRLF, quoting, formula escaping); 400 for another format; a
 * viewer may export; only the caller's jobs.
 */
let t: TestContext;
let api: Api;
let accountId: string;
const ref: Record<string, string> = {};
const MANY = WALK_STEP * 2 + 250;

async function byName(path: string): Promise<Record<string, string>> {
  const list = (await api.get(path)).body as Array<{ id: string; name: string }>;
  return Object.fromEntries(list.map((item) => [item.name, item.id]));
}

const bytesOf = (reply: { raw: { rawPayload: Buffer } }) => reply.raw.rawPayload;
const rowsOf = (reply: { raw: { rawPayload: Buffer } }): Array<Record<string, string>> => parse(bytesOf(reply), { bom: true, columns: true });

beforeAll(async () => {
  t = await createTestApp();
  const account = await createTestAccount(t.database, 'Export agency');
  api = new Api(t.app, account.apiKey);
  accountId = account.accountId;
  const services = await byName('/v2/account/services');
  const units = await byName('/v2/account/quantity-types');
  ref.translation = services.Translation!;
  ref.words = units.Words!;
  ref.acme = await newClient(api, { name: 'Acme' });
  ref.formula = await newClient(api, { name: "=cmd|' /C calc'!A0" });
  ref.at = await newClient(api, { name: '@SUM(A1)' });
  const job = (client: string, name: string, extra: Record<string, unknown> = {}) =>
    api.post('/v2/jobs', { client, name, quantity: 10, quantityType: ref.words, service: ref.translation, ...extra });
  // Many jobs of Acme (more than two steps of the walk), created in batches (group commit).
  for (let i = 0; i < MANY; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, MANY - i) }, (_, j) => job(ref.acme!, `Job ${String(i + j).padStart(4, '0')}`)));
    for (const reply of batch) expect(reply.status).toBe(201);
  }
  const risky = await job(ref.formula, 'Line one, "quoted"\nline two', { externalReference: '-2+3', purchaseOrder: '+44 20 7946 0958' });
  expect(risky.status, JSON.stringify(risky.body)).toBe(201);
  ref.risky = risky.body.id;
  const at = await job(ref.at, 'At job');
  expect(at.status).toBe(201);
  ref.atJob = at.body.id;
  // 1 300 jobs through the API: a while on PostgreSQL.
}, 240_000);
afterAll(() => t.close());

/** Every id of the JSON listing for `query`, page after page (100 a page). */
async function jsonIds(query: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const reply = await api.get('/v2/jobs', { ...query, page, pageSize: 100 });
    expect(reply.status).toBe(200);
    ids.push(...reply.body.items.map((item: { id: string }) => item.id));
    if (!reply.body.hasNextPage) return ids;
  }
}

describe('GET /v2/jobs?format=csv', () => {
  it('answers every matching row once, in the order of the JSON listing, over several steps of the walk', async () => {
    for (const query of [
      { client: ref.acme },
      { client: ref.acme, sort: 'name', direction: 'asc' },
      { sort: 'dueDate' },
      { sort: 'status', direction: 'asc' },
    ]) {
      const reply = await api.get('/v2/jobs', { ...query, format: 'csv' });
      expect(reply.status).toBe(200);
      const ids = rowsOf(reply).map((row) => row.id);
      expect(new Set(ids).size, JSON.stringify(query)).toBe(ids.length);
      expect(ids, JSON.stringify(query)).toEqual(await jsonIds(query));
      if (query.client) expect(ids).toHaveLength(MANY);
    }
    // The label filter (its own query path, jobs/listing.ts): the labelled jobs only, across steps too.
    const label = (await api.post('/v2/account/labels', { name: 'Export', color: '#336699' })).body.id as string;
    const labelled = (await jsonIds({ client: ref.acme, sort: 'name', direction: 'asc' })).filter((_, index) => index % 2 === 0);
    for (const id of labelled) expect((await api.post(`/v2/jobs/${id}/labels/${label}`)).status).toBe(200);
    const byLabel = rowsOf(await api.get('/v2/jobs', { label, sort: 'name', direction: 'asc', format: 'csv' }));
    expect(byLabel.map((row) => row.id)).toEqual(labelled);
    expect(byLabel.map((row) => row.id)).toEqual(await jsonIds({ label, sort: 'name', direction: 'asc' }));
    // page and pageSize are ignored: all pages.
    const all = rowsOf(await api.get('/v2/jobs', { format: 'csv', page: 3, pageSize: 5 }));
    expect(all).toHaveLength(MANY + 2);
  }, 180_000);

  it('is a CSV file: BOM, header, CRLF, quoting, text/csv and an attachment named after the listing and the day', async () => {
    const reply = await api.get('/v2/jobs', { format: 'csv', client: ref.formula });
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="jobs-${new Date().toISOString().slice(0, 10)}.csv"`);
    const bytes = bytesOf(reply);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const header = text.slice(0, text.indexOf('\r\n')).split(',');
    expect(header.slice(0, 4)).toEqual(['id', 'number', 'name', 'status']);
    expect(header).toEqual(expect.arrayContaining(['client.id', 'client.name', 'currency', 'total', 'margin', 'matches.100%']));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain('"Line one, ""quoted""\nline two"');
    const [row] = rowsOf(reply);
    expect(row!.id).toBe(ref.risky);
    expect(row!.name).toBe('Line one, "quoted"\nline two');
  });

  it("escapes text cells that a spreadsheet would run (=, +, -, @) with a leading ', and leaves numbers as they are", async () => {
    const [risky] = rowsOf(await api.get('/v2/jobs', { format: 'csv', client: ref.formula }));
    expect(risky!['client.name']).toBe("'=cmd|' /C calc'!A0");
    expect(risky!.externalReference).toBe("'-2+3");
    expect(risky!.purchaseOrder).toBe("'+44 20 7946 0958");
    const [at] = rowsOf(await api.get('/v2/jobs', { format: 'csv', client: ref.at }));
    expect(at!['client.name']).toBe("'@SUM(A1)");
    // Numbers are written as they are.
    const json = (await api.get(`/v2/jobs/${ref.atJob}`)).body;
    for (const key of ['quantity', 'discount', 'progress']) expect(at![key], key).toBe(String(key === 'quantity' ? json.quantity.value : json[key]));
  });

  it('writes flat cells a spreadsheet reads: the status by name, exact amounts, a column per match category, names for lists, never JSON', async () => {
    const matches = await byName('/v2/account/matches');
    const header = (await api.get('/v2/jobs', { format: 'csv', client: ref.at })).raw.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]!;
    // One column per match category of the account, in the account's order, after the fixed ones.
    expect(header.split(',').filter((name) => name.startsWith('matches.'))).toEqual(Object.keys(matches).map((name) => `matches.${name}`));

    const client = await newClient(api, { name: 'Flat cells' });
    const price = await api.post('/v2/account/prices/clients', {
      service: ref.translation,
      quantityType: ref.words,
      currency: 'EUR',
      matchesType: 'fixed',
      unitCost: 0.13,
    });
    expect(price.status, JSON.stringify(price.body)).toBe(201);
    expect((await api.post(`/v2/account/prices/clients/${price.body.id}/match`, { match: matches['100%'], unitCost: 0.039 })).status).toBe(200);
    const job = (await api.post('/v2/jobs', { client, name: 'Flat', quantity: 10, quantityType: ref.words, service: ref.translation })).body;
    const priced = await api.put(`/v2/jobs/${job.id}/price`, {
      matches: [
        { id: matches['100%'], value: 333 },
        { id: matches['No match'], value: 17 },
      ],
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect((await api.put(`/v2/jobs/${job.id}`, { status: 2 })).status).toBe(200);
    const label = (await api.post('/v2/account/labels', { name: 'Urgent; really', color: '#aa3300' })).body.id as string;
    expect((await api.post(`/v2/jobs/${job.id}/labels/${label}`)).status).toBe(200);
    const supplier = (await api.post('/v2/suppliers', { name: 'Flat translator' })).body.id as string;
    const outsourced = await api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier, fixedPrice: 12.34, quantity: 1 });
    expect(outsourced.status, JSON.stringify(outsourced.body)).toBe(200);
    expect((await api.post(`/v2/jobs/${job.id}/trackers`, { duration: 5_400_000, from: '2025-03-01T09:00:00Z' })).status).toBe(200);
    const group = (await api.post('/v2/groups', { name: 'Flat group' })).body.id as string;
    expect((await api.post(`/v2/groups/${group}/jobs/${job.id}`)).status).toBe(200);

    const json = (await api.get(`/v2/jobs/${job.id}`)).body;
    const [row] = rowsOf(await api.get('/v2/jobs', { format: 'csv', client }));
    expect(row).toMatchObject({
      id: job.id,
      status: 'In progress',
      'client.name': 'Flat cells',
      service: 'Translation',
      quantityType: 'Words',
      quantity: '350',
      currency: 'EUR',
      // 333 × 0.039 + 17 × 0.13 = 12.987 + 2.21 = 15.197 → 15.20 at the currency's decimals
      total: '15.2',
      'matches.100%': '333',
      'matches.No match': '17',
      'matches.Repetitions': '',
      labels: 'Urgent; really',
      suppliers: 'Flat translator',
      hoursTracked: '1.5',
      'group.id': group,
      'group.name': 'Flat group',
    });
    expect(Number(row!.total)).toBe(json.estimation.total);
    expect(row!.profitability).toBe(json.estimation.profitability.status);
    expect(Number(row!.cost)).toBe(json.estimation.profitability.cost);
    expect(Number(row!.margin)).toBe(json.estimation.profitability.margin);
    for (const [column, cell] of Object.entries(row!)) expect(cell, column).not.toMatch(/^[[{]/);
  });

  it('writes a negative number without escaping', async () => {
    const { csvWriter } = await import('../../../src/core/csv.js');
    const writer = csvWriter([
      { key: '0', header: 'amount' },
      { key: '1', header: 'text' },
    ]);
    const chunks: Buffer[] = [];
    writer.on('data', (chunk: Buffer) => chunks.push(chunk));
    writer.end([-12.5, '-12.5']);
    await new Promise((resolve) => writer.on('end', resolve));
    expect(Buffer.concat(chunks).toString('utf8')).toBe("\uFEFFamount,text\r\n-12.5,'-12.5\r\n");
  });

  it("answers 400 naming format for another format, and the listing's own 400 for bad filters (before any CSV)", async () => {
    const xml = expectError(await api.get('/v2/jobs', { format: 'xml' }), 400, 'parameter_invalid');
    expect(xml.details?.map((detail) => detail.param)).toEqual(['format']);
    const client = expectError(await api.get('/v2/jobs', { format: 'csv', client: 'ffffffffffffffffffffffff' }), 400, 'parameter_invalid');
    expect(client.details?.map((detail) => detail.param) ?? client.message).toBeTruthy();
    // format=json is the page, as without it.
    const page = await api.get('/v2/jobs', { format: 'json', pageSize: 1 });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
  });

  it('lets every role export (a read), with a read-only key too', async () => {
    const viewer = await api.post('/v2/users', { name: 'Viewer', role: 'viewer' });
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(201);
    const { apiKey } = await insertApiKey(t.database.db, accountId, viewer.body.id, { name: 'viewer key' });
    const reply = await api.withKey(apiKey).get('/v2/jobs', { format: 'csv', client: ref.at });
    expect(reply.status).toBe(200);
    expect(rowsOf(reply).map((row) => row.id)).toEqual([ref.atJob]);
    expect(rowsOf(await new Api(t.app, t.account.readKey).get('/v2/jobs', { format: 'csv' }))).toEqual([]);
    expect((await api.withKey(undefined).get('/v2/jobs', { format: 'csv' })).status).toBe(401);
  });

  it("exports only the caller's jobs", async () => {
    const mine = rowsOf(await t.api.get('/v2/jobs', { format: 'csv' }));
    expect(mine).toEqual([]);
    const other = rowsOf(await t.otherApi.get('/v2/jobs', { format: 'csv' }));
    expect(other).toEqual([]);
    expectError(await t.api.get('/v2/jobs', { format: 'csv', client: ref.acme }), 400, 'parameter_invalid');
  });
});
