import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type Api, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The contact family is configured twice (docs/clients-suppliers.md#endpoints); every test runs for both owners. */
const owners = [
  {
    owner: 'client',
    base: '/v2/clients',
    emails: { ccInvoice: false, ccQuote: false, invoice: true, quote: true },
    flag: 'invoice',
    foreignFlag: 'purchaseOrder',
  },
  {
    owner: 'supplier',
    base: '/v2/suppliers',
    emails: { purchaseOrder: true, ccPurchaseOrder: false },
    flag: 'purchaseOrder',
    foreignFlag: 'invoice',
  },
] as const;

describe.each(owners)('contacts of a $owner', ({ owner, base, emails, flag, foreignFlag }) => {
  const newOwner = async (api: Api = t.api) => (await api.post(base, { name: `${owner} with contacts` })).body as { id: string; updatedAt: string };
  const path = (ownerId: string, contactId?: string) => `${base}/${ownerId}/contacts${contactId ? `/${contactId}` : ''}`;

  it('creates a contact with the defaults of the specification (201; no email key; empty paragraph as notes)', async () => {
    const parent = await newOwner();
    const reply = await t.api.post(path(parent.id), { fullName: '  Ada Lovelace ' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: ID,
      emails,
      fullName: 'Ada Lovelace',
      mobile: '',
      nickname: '',
      notes: '<p></p>',
      phone: '',
      pictureUrl: null,
      title: '',
    });
    expect('email' in reply.body).toBe(false);
    expect((await t.api.get(path(parent.id, reply.body.id))).body).toEqual(reply.body);
  });

  it('takes every field from a form body with bracket notation; plain-text notes become paragraphs', async () => {
    const parent = await newOwner();
    const reply = await t.api.post(path(parent.id), {
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      emails: { [flag]: 'false' },
      mobile: '+32 470 00 00 00',
      nickname: 'Amazing Grace',
      notes: 'Line one\nLine 2 > 1 & more',
      phone: '+32 2 000 00 00',
      title: 'Rear Admiral',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: ID,
      email: 'grace@example.com',
      emails: { ...emails, [flag]: false },
      fullName: 'Grace Hopper',
      mobile: '+32 470 00 00 00',
      nickname: 'Amazing Grace',
      notes: '<p>Line one</p><p>Line 2 &gt; 1 &amp; more</p>',
      phone: '+32 2 000 00 00',
      pictureUrl: null,
      title: 'Rear Admiral',
    });
  });

  it('takes a JSON body; nickname may be null; HTML notes are sanitised', async () => {
    const parent = await newOwner();
    const reply = await t.api.post(
      path(parent.id),
      { fullName: 'JSON Person', nickname: null, emails: { [flag]: false }, notes: '<p onclick="x()">Hi <script>alert(1)</script><strong>there</strong></p>' },
      { json: true },
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ nickname: null, emails: { ...emails, [flag]: false }, notes: '<p>Hi <strong>there</strong></p>' });
    expectError(await t.api.post(path(parent.id), { fullName: 'X', emails: { [flag]: 'false' } }, { json: true }), 400, 'parameter_invalid');
  });

  it('validates: fullName required and not blank, email format, emails flags, unknown parameters', async () => {
    const parent = await newOwner();
    const missing = expectError(await t.api.post(path(parent.id), { title: 'No name' }), 400, 'parameter_missing');
    expect(missing.details?.[0]?.param).toBe('fullName');
    expectError(await t.api.post(path(parent.id), { fullName: '' }), 400, 'parameter_invalid');
    expectError(await t.api.post(path(parent.id), { fullName: '   ' }), 400, 'parameter_invalid');
    const email = expectError(await t.api.post(path(parent.id), { fullName: 'X', email: 'not-an-email' }), 400, 'parameter_invalid');
    expect(email.details?.[0]?.param).toBe('email');
    const badFlag = expectError(await t.api.post(path(parent.id), { fullName: 'X', emails: { [flag]: 'maybe' } }), 400, 'parameter_invalid');
    expect(badFlag.details?.[0]?.param).toBe(`emails[${flag}]`);
    const otherKindFlag = expectError(await t.api.post(path(parent.id), { fullName: 'X', emails: { [foreignFlag]: true } }), 400, 'parameter_unknown');
    expect(otherKindFlag.details?.[0]?.param).toBe(`emails[${foreignFlag}]`);
    expectError(await t.api.post(path(parent.id), { fullName: 'X', pictureUrl: 'http://x' }), 400, 'parameter_unknown');
    expectError(await t.api.post(path(parent.id), { fullName: 'X', title: 't'.repeat(256) }), 400, 'parameter_invalid');
    expect((await t.api.get(path(parent.id))).body).toEqual([]);
  });

  it('lists contacts in creation order as a bare array, and embeds them in the parent object', async () => {
    const parent = await newOwner();
    for (const fullName of ['Zed', 'Amy', 'Mia']) await t.api.post(path(parent.id), { fullName });
    const list = await t.api.get(path(parent.id));
    expect(list.status).toBe(200);
    expect(list.body.map((c: { fullName: string }) => c.fullName)).toEqual(['Zed', 'Amy', 'Mia']);
    expect((await t.api.get(`${base}/${parent.id}`)).body.contacts).toEqual(list.body);
  });

  it('updates only the given fields, merges emails, removes the email with an empty value, sets nickname to null', async () => {
    const parent = await newOwner();
    const contact = (await t.api.post(path(parent.id), { fullName: 'Before', email: 'before@example.com', nickname: 'B', title: 'CEO' })).body;
    const [first] = Object.keys(emails);
    const other = Object.keys(emails).find((key) => key !== first)!;
    const updated = await t.api.put(path(parent.id, contact.id), { fullName: 'After', emails: { [first!]: String(!emails[first as keyof typeof emails]) } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...contact, fullName: 'After', emails: { ...emails, [first!]: !emails[first as keyof typeof emails] } });
    const merged = (await t.api.put(path(parent.id, contact.id), { emails: { [other]: !emails[other as keyof typeof emails] } }, { json: true })).body;
    expect(merged.emails).toEqual({ ...emails, [first!]: !emails[first as keyof typeof emails], [other]: !emails[other as keyof typeof emails] });
    const cleared = (await t.api.put(path(parent.id, contact.id), { email: '', nickname: '' })).body;
    expect('email' in cleared).toBe(false);
    expect(cleared.nickname).toBeNull();
    const json = (await t.api.put(path(parent.id, contact.id), { email: 'new@example.com', nickname: 'N', notes: 'Hello' }, { json: true })).body;
    expect(json).toMatchObject({ email: 'new@example.com', nickname: 'N', notes: '<p>Hello</p>', title: 'CEO' });
    expect((await t.api.put(path(parent.id, contact.id), { email: null }, { json: true })).body.email).toBeUndefined();
    expectError(await t.api.put(path(parent.id, contact.id), { fullName: '' }), 400, 'parameter_invalid');
    expectError(await t.api.put(path(parent.id, contact.id), { email: 'x@' }), 400, 'parameter_invalid');
    expectError(await t.api.put(path(parent.id, contact.id), { unknown: 'x' }), 400, 'parameter_unknown');
  });

  it('deletes a contact (204); it is gone afterwards', async () => {
    const parent = await newOwner();
    const keep = (await t.api.post(path(parent.id), { fullName: 'Keep' })).body;
    const drop = (await t.api.post(path(parent.id), { fullName: 'Drop' })).body;
    const reply = await t.api.delete(path(parent.id, drop.id));
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(path(parent.id, drop.id)), 404, 'resource_missing');
    expectError(await t.api.delete(path(parent.id, drop.id)), 404, 'resource_missing');
    expect((await t.api.get(path(parent.id))).body).toEqual([keep]);
  });

  it('bumps the parent updatedAt and records a full-parent updated event for each change', async () => {
    const parent = await newOwner();
    const type = `${owner}.updated`;
    const count = async () => {
      const rows = await t.database.db.selectFrom('events').select(['type', 'data']).where('type', '=', type).execute();
      return rows.map((row) => JSON.parse(row.data)).filter((data) => data.id === parent.id);
    };
    await sleep(5);
    const contact = (await t.api.post(path(parent.id), { fullName: 'Evented' })).body;
    const afterCreate = (await t.api.get(`${base}/${parent.id}`)).body;
    expect(afterCreate.updatedAt > parent.updatedAt).toBe(true);
    let rows = await count();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(afterCreate);
    await t.api.put(path(parent.id, contact.id), { title: 'Boss' });
    rows = await count();
    expect(rows).toHaveLength(2);
    expect(rows[1].contacts[0].title).toBe('Boss');
    await t.api.delete(path(parent.id, contact.id));
    rows = await count();
    expect(rows).toHaveLength(3);
    expect(rows[2].contacts).toEqual([]);
  });

  it("answers 404 for a missing, malformed or another account's parent, and for a contact of another parent", async () => {
    const parent = await newOwner();
    const sibling = await newOwner();
    const contact = (await t.api.post(path(parent.id), { fullName: 'Mine' })).body;
    const theirParent = await newOwner(t.otherApi);
    const theirContact = (await t.otherApi.post(path(theirParent.id), { fullName: 'Theirs' })).body;

    expectError(await t.api.get(path(MISSING_ID)), 404, 'resource_missing');
    expectError(await t.api.get(`${base}/nope/contacts`), 404, 'resource_missing');
    expectError(await t.api.post(path(MISSING_ID), { fullName: 'X' }), 404, 'resource_missing');
    expectError(await t.api.get(path(theirParent.id)), 404, 'resource_missing');
    expectError(await t.api.post(path(theirParent.id), { fullName: 'Intruder' }), 404, 'resource_missing');
    expectError(await t.otherApi.get(path(parent.id, contact.id)), 404, 'resource_missing');
    expectError(await t.otherApi.put(path(parent.id, contact.id), { title: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.delete(path(parent.id, contact.id)), 404, 'resource_missing');
    // A contact id of another parent of the same account, or of another account.
    expectError(await t.api.get(path(sibling.id, contact.id)), 404, 'resource_missing');
    expectError(await t.api.put(path(sibling.id, contact.id), { title: 'x' }), 404, 'resource_missing');
    expectError(await t.api.delete(path(sibling.id, contact.id)), 404, 'resource_missing');
    expectError(await t.api.get(path(parent.id, theirContact.id)), 404, 'resource_missing');
    expectError(await t.api.get(path(parent.id, 'not-an-id')), 404, 'resource_missing');
    expectError(await t.api.get(path(parent.id, MISSING_ID)), 404, 'resource_missing');
    expect((await t.api.get(path(parent.id, contact.id))).body.fullName).toBe('Mine');
    expect((await t.otherApi.get(path(theirParent.id))).body).toEqual([theirContact]);
  });
});
