import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { keyOfRole, sendCsv, sendMultipart } from './fixture.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (q: string) => (await t.api.get('/v2/clients', { q })).body.totalItems as number;

describe('POST /v2/imports/clients', () => {
  it('answers a dry run row by row, writes nothing, then imports and updates by name', async () => {
    const existing = (await t.api.post('/v2/clients', { name: 'Dryco Existing', email: 'old@dryco.example' })).body;
    const csv =
      'name,email,currency,city,country,minimumFee\r\nDryco New,new@dryco.example,GBP,London,GB,25.50\r\ndryco existing,billing@dryco.example,,,,\r\n';
    const dry = await sendCsv(t, 'clients', csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ object: 'import', resource: 'clients', dryRun: true, created: 1, updated: 1, errors: [] });
    expect(dry.body.rows).toEqual([
      { row: 1, action: 'create', label: 'Dryco New' },
      { row: 2, action: 'update', id: existing.id, label: 'dryco existing' },
    ]);
    expect(await count('dryco new')).toBe(0);
    expect((await t.api.get(`/v2/clients/${existing.id}`)).body.email).toBe('old@dryco.example');

    const real = await sendCsv(t, 'clients', csv);
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ dryRun: false, created: 1, updated: 1 });
    const created = (await t.api.get(`/v2/clients/${real.body.rows[0].id}`)).body;
    expect(created).toMatchObject({ name: 'Dryco New', email: 'new@dryco.example', currency: { code: 'GBP' }, minimumFee: 25.5 });
    expect(created.address).toMatchObject({ city: 'London', country: 'GB' });
    const updated = (await t.api.get(`/v2/clients/${existing.id}`)).body;
    // Found by its name whatever the case; the name is written as the file spells it.
    expect(updated).toMatchObject({ name: 'dryco existing', email: 'billing@dryco.example' });
    // The same events as API writes.
    const events = (await t.api.get('/v2/events', { pageSize: 10 })).body.items.map((e: { type: string }) => e.type);
    expect(events).toEqual(expect.arrayContaining(['client.created', 'client.updated']));
  });

  it('updates by the id column', async () => {
    const existing = (await t.api.post('/v2/clients', { name: 'Idco' })).body;
    const reply = await sendCsv(t, 'clients', `id,name,phone\n${existing.id},Idco Renamed,+44 20 7946 0958\n`);
    expect(reply.status).toBe(200);
    expect(reply.body.rows[0]).toMatchObject({ action: 'update', id: existing.id });
    expect((await t.api.get(`/v2/clients/${existing.id}`)).body).toMatchObject({ name: 'Idco Renamed', phone: '+44 20 7946 0958' });
  });

  it('reads a byte order mark, semicolons, quoted fields with separators and line breaks', async () => {
    const csv = '\ufeffname;details;email\n"Semi; Colon SA";"line one\nline two";semi@colon.example\n';
    const reply = await sendCsv(t, 'clients', Buffer.from(csv, 'utf8'));
    expect(reply.status).toBe(200);
    const client = (await t.api.get(`/v2/clients/${reply.body.rows[0].id}`)).body;
    expect(client).toMatchObject({ name: 'Semi; Colon SA', details: 'line one\nline two', email: 'semi@colon.example' });
  });

  it('takes the file as multipart/form-data in the part "file"', async () => {
    const reply = await sendMultipart(t, 'clients', 'name\nMultipart Client\n');
    expect(reply.status).toBe(200);
    expect(reply.body.created).toBe(1);
  });

  it('reports every row error with its row and column, in a dry run and as 400 without writing', async () => {
    const csv = 'name,email,currency,minimumFee\nGood One,good@x.example,EUR,\nBad Mail,not-an-email,,\nBad Currency,,EURO,\n,,,5\nBad Fee,,,-3\n';
    const dry = await sendCsv(t, 'clients', csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([
      { row: 2, column: 'email', message: expect.stringContaining('email') },
      { row: 3, column: 'currency', message: expect.stringContaining('ISO 4217') },
      { row: 4, column: 'name', message: expect.any(String) },
      { row: 5, column: 'minimumFee', message: expect.any(String) },
    ]);
    const real = await sendCsv(t, 'clients', csv);
    expect(real.status).toBe(400);
    expect(real.body).toMatchObject({ code: 'parameter_invalid', name: 'BadRequest' });
    expect(real.body.errors).toEqual(dry.body.errors);
    expect(real.body.details[0]).toEqual({ param: 'row 2, email', message: expect.any(String) });
    expect(await count('good one')).toBe(0);
  });

  it('refuses two rows naming the same client', async () => {
    const reply = await sendCsv(t, 'clients', 'name\nTwin Co\ntwin co\n', { dryRun: true });
    expect(reply.body.errors).toEqual([{ row: 2, column: null, message: 'names the same client as row 1' }]);
  });

  it('writes nothing when the last of 500 rows is bad', async () => {
    const lines = ['name,email'];
    for (let i = 1; i <= 499; i++) lines.push(`Atomic ${i},a${i}@atomic.example`);
    lines.push('Atomic 500,broken');
    const reply = await sendCsv(t, 'clients', lines.join('\n'));
    expectError(reply, 400, 'parameter_invalid');
    expect(reply.body.errors).toEqual([{ row: 500, column: 'email', message: expect.any(String) }]);
    expect(await count('atomic')).toBe(0);
  });

  it('lets managers import and refuses viewers and finance with 403', async () => {
    expect((await sendCsv(t, 'clients', 'name\nManager Import\n', { apiKey: await keyOfRole(t, 'manager') })).status).toBe(200);
    for (const role of ['viewer', 'finance'] as const) {
      const reply = await sendCsv(t, 'clients', 'name\nRefused Import\n', { apiKey: await keyOfRole(t, role) });
      expect(reply.status).toBe(403);
    }
    expect(await count('refused import')).toBe(0);
  });

  it('updates only its own account: a client id of another account is an error', async () => {
    const foreign = (await t.otherApi.post('/v2/clients', { name: 'Foreign Co' })).body;
    const reply = await sendCsv(t, 'clients', `id,name\n${foreign.id},Hijacked\n`);
    expectError(reply, 400, 'parameter_invalid');
    expect(reply.body.errors).toEqual([{ row: 1, column: 'id', message: `no client with id ${foreign.id}` }]);
    expect((await t.otherApi.get(`/v2/clients/${foreign.id}`)).body.name).toBe('Foreign Co');
  });
});
