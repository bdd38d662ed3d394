import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { keyOfRole, sendCsv } from './fixture.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/imports/contacts', () => {
  it('creates contacts of clients and suppliers named by name or id, and updates one by its e-mail', async () => {
    const client = (await t.api.post('/v2/clients', { name: 'Contact Client' })).body;
    const supplier = (await t.api.post('/v2/suppliers', { name: 'Contact Supplier' })).body;
    const first = (await t.api.post(`/v2/clients/${client.id}/contacts`, { fullName: 'Old Name', email: 'anna@client.example' })).body;
    const csv = [
      'client,supplier,fullName,email,phone,title',
      'contact client,,Anna Smith,ANNA@client.example,+44 20 7946 0958,Buyer',
      `${client.id},,Bob Jones,bob@client.example,,`,
      ',Contact Supplier,Chloé Martin,chloe@supplier.example,,PM',
    ].join('\n');
    const dry = await sendCsv(t, 'contacts', csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create', 'create']);
    expect(dry.body.rows[0].id).toBe(first.id);
    expect((await t.api.get(`/v2/clients/${client.id}/contacts`)).body).toHaveLength(1);

    const real = await sendCsv(t, 'contacts', csv);
    expect(real.status).toBe(200);
    const clientContacts = (await t.api.get(`/v2/clients/${client.id}/contacts`)).body;
    expect(clientContacts.map((c: { fullName: string }) => c.fullName).sort()).toEqual(['Anna Smith', 'Bob Jones']);
    expect(clientContacts.find((c: { id: string }) => c.id === first.id)).toMatchObject({ title: 'Buyer', phone: '+44 20 7946 0958' });
    expect((await t.api.get(`/v2/suppliers/${supplier.id}/contacts`)).body[0]).toMatchObject({ fullName: 'Chloé Martin', title: 'PM' });
  });

  it('refuses a row without an owner, with both owners, or with an unknown owner', async () => {
    await t.api.post('/v2/clients', { name: 'Owner Check' });
    const csv = 'client,supplier,fullName\n,,No Owner\nOwner Check,Someone,Two Owners\nNobody Ltd,,Unknown\n';
    const reply = await sendCsv(t, 'contacts', csv, { dryRun: true });
    expect(reply.body.errors).toEqual([
      { row: 1, column: 'client', message: expect.stringContaining('exactly one') },
      { row: 2, column: 'supplier', message: expect.stringContaining('exactly one') },
      { row: 3, column: 'client', message: 'no client named "Nobody Ltd"' },
    ]);
  });

  it('keeps to its account: a client id of another account is an error, not a write', async () => {
    const foreign = (await t.otherApi.post('/v2/clients', { name: 'Foreign Contact Owner' })).body;
    const reply = await sendCsv(t, 'contacts', `client,fullName\n${foreign.id},Intruder\n`);
    expectError(reply, 400, 'parameter_invalid');
    expect(reply.body.errors).toEqual([{ row: 1, column: 'client', message: expect.stringContaining('no client') }]);
    expect((await t.otherApi.get(`/v2/clients/${foreign.id}/contacts`)).body).toEqual([]);
  });

  it('refuses finance (403)', async () => {
    expect((await sendCsv(t, 'contacts', 'client,fullName\nX,Y\n', { apiKey: await keyOfRole(t, 'finance') })).status).toBe(403);
  });
});
