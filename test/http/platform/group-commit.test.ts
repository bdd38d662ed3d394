import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupCommitStats } from '../../../src/core/db/group-commit.js';
import { ApiError } from '../../../src/core/errors.js';
import { clients } from '../../../src/modules/clients/service.js';
import { createTestApp, usingPostgres, type TestContext } from '../../helper.js';

/**
 * Group commit over real sockets (SQLite; core/db/group-commit.ts): concurrent requests share
 * commits, and each request is still all or nothing: one refused after writing leaves nothing,
 * the others of its batch are stored and answered.
 */
describe.skipIf(usingPostgres)('concurrent writes on SQLite (group commit)', () => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const post = (name: string) =>
    fetch(`${base}/v2/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.account.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, currency: 'EUR' }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { id: string; code?: string } }));

  it('requests sent together share commits; one refused after writing leaves nothing, the others are stored', async () => {
    const real = clients.create.bind(clients);
    vi.spyOn(clients, 'create').mockImplementation(async (ctx, input) => {
      const client = await real(ctx, input);
      if (input.name.startsWith('Refused')) throw new ApiError('resource_in_use', `${input.name} refused after writing`);
      return client;
    });
    const names = Array.from({ length: 12 }, (_, i) => (i % 4 === 1 ? `Refused ${i}` : `Stored ${i}`));
    // Twelve connections open first (kept alive): the requests then arrive together, as from
    // clients that are other processes, and not one per turn of the event loop.
    await Promise.all(names.map(() => fetch(`${base}/health`).then((response) => response.arrayBuffer())));
    const before = groupCommitStats();
    const replies = await Promise.all(names.map(post));
    const after = groupCommitStats();

    names.forEach((name, i) => {
      if (name.startsWith('Refused')) {
        expect(replies[i]!.status).toBe(409);
        expect(replies[i]!.body.code).toBe('resource_in_use');
      } else expect(replies[i]!.status, JSON.stringify(replies[i]!.body)).toBe(201);
    });
    const stored = await t.database.db.selectFrom('clients').select(['id', 'name']).where('account_id', '=', t.account.accountId).execute();
    expect(stored.map((row) => row.name).sort()).toEqual(names.filter((name) => name.startsWith('Stored')).sort());
    const events = await t.database.db
      .selectFrom('events')
      .select('data')
      .where('account_id', '=', t.account.accountId)
      .where('type', '=', 'client.created')
      .execute();
    expect(events.map((row) => (JSON.parse(row.data) as { name: string }).name).sort()).toEqual(stored.map((row) => row.name).sort());
    for (const [i, reply] of replies.entries()) if (reply.status === 201) expect(stored.find((row) => row.id === reply.body.id)?.name).toBe(names[i]);

    expect(after.requests - before.requests).toBe(12);
    expect(after.batches - before.batches).toBeLessThan(12);
  });
});
