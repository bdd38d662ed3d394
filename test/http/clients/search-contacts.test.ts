import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';

/**
 * `q` of `GET /v2/clients` and `GET /v2/suppliers` finds a party through its contacts' full names
 * and e-mails (docs/clients-suppliers.md#listing-get-v2clients-get-v2suppliers), besides its own
 * fields; not through their other fields, and never another account's party.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function partyWithContact(path: '/v2/clients' | '/v2/suppliers', contact: Record<string, unknown>, api = t.api): Promise<string> {
  const party = await api.post(path, { name: `Party ${++counter}`, currency: 'EUR' });
  expect(party.status, JSON.stringify(party.body)).toBe(201);
  const created = await api.post(`${path}/${party.body.id}/contacts`, contact as never);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return party.body.id as string;
}

const found = async (path: string, q: string, api = t.api) => {
  const reply = await api.get(path, { q, pageSize: 100 });
  expect(reply.status).toBe(200);
  return reply.body.items.map((item: { id: string }) => item.id);
};

describe.each(['/v2/clients', '/v2/suppliers'] as const)('GET %s?q= through the contacts', (path) => {
  it("finds the party by a contact's full name or e-mail, in part and in any case", async () => {
    const id = await partyWithContact(path, { fullName: `Marie Dupontel ${path}`, email: `m.quillard${path.length}@example.com`, phone: '+32 2 555 0199' });
    expect(await found(path, 'dupontel')).toEqual([id]);
    expect(await found(path, 'MARIE DUPONTEL')).toEqual([id]);
    expect(await found(path, `quillard${path.length}@`)).toEqual([id]);
    // The party's own fields still count, and a party with two matching contacts is listed once.
    await t.api.post(`${path}/${id}/contacts`, { fullName: 'Marie Dupontel junior' });
    expect(await found(path, 'dupontel')).toEqual([id]);
    const byName = await found(path, (await t.api.get(`${path}/${id}`)).body.name);
    expect(byName).toContain(id);
    expect((await t.api.get(path, { q: 'dupontel' })).body.totalItems).toBe(1);
  });

  it("does not search the contacts' other fields; % and _ are literal", async () => {
    await partyWithContact(path, { fullName: 'Nobody Special', phone: '+32 2 555 0177', notes: 'zanzibar' });
    expect(await found(path, '555 0177')).toEqual([]);
    expect(await found(path, 'zanzibar')).toEqual([]);
    expect(await found(path, 'Nobody_Special')).toEqual([]);
    expect(await found(path, '%')).toEqual([]);
  });

  it("never finds another account's party through its contacts", async () => {
    await partyWithContact(path, { fullName: 'Theirs Foreignperson', email: 'foreign@example.org' }, t.otherApi);
    expect(await found(path, 'foreignperson')).toEqual([]);
    expect(await found(path, 'foreign@example.org')).toEqual([]);
    expect(await found(path, 'foreignperson', t.otherApi)).toHaveLength(1);
  });

  it('refuses a q longer than a text parameter may be', async () => {
    expect(expectError(await t.api.get(path, { q: 'x'.repeat(256) }), 400, 'parameter_invalid').details?.[0]?.param).toBe('q');
  });
});
