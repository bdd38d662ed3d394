import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, createTestApp, expectError, type TestContext } from '../../helper.js';
import { startMailServer } from '../auth/mail-server.js';

/**
 * `PATCH /v2/users/me` (docs/access.md#users): every user, whatever the role, names themselves;
 * another user's name stays an owner's or an admin's (`PUT /v2/users/:id`). The new name is what
 * the invitations the user sends say ("<name> has invited you"), not the "Owner" a new account's
 * first user is called.
 */
let t: TestContext;
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

let counter = 0;
async function member(role: Role): Promise<{ id: string; api: Api; readApi: Api }> {
  const reply = await t.api.post('/v2/users', { name: `${role} ${++counter}`, role });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const write = await insertApiKey(t.database.db, t.account.accountId, reply.body.id);
  const read = await insertApiKey(t.database.db, t.account.accountId, reply.body.id, { scope: 'read' });
  return { id: reply.body.id, api: new Api(t.app, write.apiKey), readApi: new Api(t.app, read.apiKey) };
}

describe('PATCH /v2/users/me', () => {
  it.each(['viewer', 'finance', 'manager', 'admin'] as const)('lets a %s set their own name (trimmed), answered, kept and recorded', async (role) => {
    const { id, api } = await member(role);
    const reply = await api.patch('/v2/users/me', { name: `  Maria ${role} Kowalska ` });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id, name: `Maria ${role} Kowalska`, role });
    expect((await api.get('/v2/users/me')).body.name).toBe(`Maria ${role} Kowalska`);
    expect((await t.api.get(`/v2/users/${id}`)).body.name).toBe(`Maria ${role} Kowalska`);
    const events = (await t.api.get('/v2/events', { type: ['user.updated'], pageSize: 100 })).body.items as Array<{ data: { id: string; name: string } }>;
    expect(events.find((event) => event.data.id === id)?.data.name).toBe(`Maria ${role} Kowalska`);
  });

  it('refuses a missing, empty, too long or non-text name, and any other parameter (its role, its e-mail)', async () => {
    const { api, id } = await member('viewer');
    expectError(await api.patch('/v2/users/me', {}), 400, 'parameter_missing');
    for (const name of ['', '   ', 'x'.repeat(256)]) {
      expect(expectError(await api.patch('/v2/users/me', { name }), 400, 'parameter_invalid').details?.[0]?.param, JSON.stringify(name)).toBe('name');
    }
    expect(expectError(await api.patch('/v2/users/me', { name: 42 }, { json: true }), 400, 'parameter_invalid').details?.[0]?.param).toBe('name');
    for (const other of [{ role: 'owner' }, { email: 'me@example.com' }, { disabled: true }]) {
      const error = expectError(await api.patch('/v2/users/me', { name: 'Ok', ...other }), 400, 'parameter_unknown');
      expect(error.details?.[0]?.param).toBe(Object.keys(other)[0]);
    }
    expect((await t.api.get(`/v2/users/${id}`)).body).toMatchObject({ name: `viewer ${counter}`, role: 'viewer', email: null });
  });

  it('refuses a read-only key (403) and a caller without a key (401)', async () => {
    const { readApi, id } = await member('manager');
    expectError(await readApi.patch('/v2/users/me', { name: 'Read Only' }), 403, 'forbidden');
    expectError(await t.api.withKey(undefined).patch('/v2/users/me', { name: 'Nobody' }), 401, 'unauthorized');
    expect((await t.api.get(`/v2/users/${id}`)).body.name).toBe(`manager ${counter}`);
  });

  it("names only the caller: another user's name is refused to every role but owner and admin", async () => {
    const target = await member('viewer');
    for (const role of ['viewer', 'finance', 'manager'] as const) {
      const { api } = await member(role);
      const error = expectError(await api.put(`/v2/users/${target.id}`, { name: 'Renamed' }), 403, 'forbidden');
      expect(error.message).toContain(`role ${role}`);
    }
    const admin = await member('admin');
    expect((await admin.api.put(`/v2/users/${target.id}`, { name: 'Renamed By Admin' })).body.name).toBe('Renamed By Admin');
    expect((await t.otherApi.get('/v2/users/me')).body.id).toBe(t.other.userId);
    // The other account's owner renaming themselves leaves this account's users alone.
    await t.otherApi.patch('/v2/users/me', { name: 'Other Owner' });
    expect((await t.api.get(`/v2/users/${target.id}`)).body.name).toBe('Renamed By Admin');
  });

  it('the owner, "Owner" at first, invites under the name they set', async () => {
    expect((await t.api.get('/v2/users/me')).body.name).toBe('Owner');
    await t.api.post('/v2/users', { name: 'First Guest', email: 'first.guest@example.com' });
    expect(mail.messages.at(-1)!.text).toContain('Owner has invited you');
    expect((await t.api.patch('/v2/users/me', { name: 'Ingrid Novák' })).body).toMatchObject({ name: 'Ingrid Novák', role: 'owner' });
    const invited = await t.api.post('/v2/users', { name: 'Second Guest', email: 'second.guest@example.com' });
    expect(invited.body.invitation.emailed).toBe(true);
    const message = mail.messages.at(-1)!;
    expect(message.to).toEqual(['second.guest@example.com']);
    expect(message.text).toContain('Ingrid Novák has invited you');
    expect(message.text).not.toContain('Owner');
  });
});
