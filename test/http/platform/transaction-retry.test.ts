import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSACTION_ATTEMPTS } from '../../../src/core/db/retry.js';
import { clients } from '../../../src/modules/clients/service.js';
import { files } from '../../../src/modules/files/service.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, uploadFile, type FileTestContext } from '../files/helper.js';

/**
 * A request transaction that PostgreSQL gives up (40P01 deadlock_detected, 40001
 * serialization_failure) runs again from the start, at most TRANSACTION_ATTEMPTS times in all
 * (src/core/db/retry.ts). The conflict is simulated: the service does its real work, then fails
 * with the code, as PostgreSQL would (the transaction is rolled back); on both databases.
 */
const conflict = (code: string) => Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize access'), { code });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request transactions given up by the database', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rows = (name: string) =>
    t.database.db.selectFrom('clients').select('id').where('account_id', '=', t.account.accountId).where('name', '=', name).execute();
  const created = async (name: string) =>
    (
      await t.database.db.selectFrom('events').select('data').where('account_id', '=', t.account.accountId).where('type', '=', 'client.created').execute()
    ).filter((row) => JSON.parse(row.data).name === name);

  for (const code of ['40P01', '40001']) {
    it(`${code} once: the request runs again and succeeds, writing once (one row, one event)`, async () => {
      const real = clients.create.bind(clients);
      const spy = vi.spyOn(clients, 'create').mockImplementationOnce(async (ctx, input) => {
        await real(ctx, input);
        throw conflict(code);
      });
      const reply = await t.api.post('/v2/clients', { name: `Retried ${code}`, currency: 'EUR' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(spy).toHaveBeenCalledTimes(2);
      expect(await rows(`Retried ${code}`)).toEqual([{ id: reply.body.id }]);
      expect(await created(`Retried ${code}`)).toHaveLength(1);
      expect((await t.api.get(`/v2/clients/${reply.body.id}`)).body).toEqual(reply.body);
    });
  }

  it('a conflict on every attempt: 500 internal_error after TRANSACTION_ATTEMPTS runs, nothing written', async () => {
    const real = clients.create.bind(clients);
    const spy = vi.spyOn(clients, 'create').mockImplementation(async (ctx, input) => {
      await real(ctx, input);
      throw conflict('40P01');
    });
    expect(TRANSACTION_ATTEMPTS).toBe(3);
    expectError(await t.api.post('/v2/clients', { name: 'Never', currency: 'EUR' }), 500, 'internal_error');
    expect(spy).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS);
    expect(await rows('Never')).toEqual([]);
    expect(await created('Never')).toEqual([]);
  });

  it('any other error is not retried', async () => {
    const spy = vi.spyOn(clients, 'create').mockRejectedValue(Object.assign(new Error('internal error'), { code: 'XX000' }));
    expectError(await t.api.post('/v2/clients', { name: 'Once', currency: 'EUR' }), 500, 'internal_error');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRejectedValue(new Error('plain'));
    expectError(await t.api.post('/v2/clients', { name: 'Once', currency: 'EUR' }), 500, 'internal_error');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(await rows('Once')).toEqual([]);
  });
});

describe.each(BACKENDS)('an upload whose transaction is given up (%s storage)', (backend) => {
  // The content is stored before the transaction and only referenced by the file row it inserts:
  // running the transaction again inserts the row once, for the same content.
  let t: FileTestContext;
  let client: string;
  beforeAll(async () => {
    t = await createFileTestApp(backend);
    client = `/v2/clients/${(await t.api.post('/v2/clients', { name: 'Uploader' })).body.id}`;
  });
  afterAll(() => t.close());

  it('runs again once: 201, one file with the exact bytes, one blob', async () => {
    const before = await t.blobs();
    const real = files.create.bind(files);
    const spy = vi.spyOn(files, 'create').mockImplementationOnce(async (...args: Parameters<typeof files.create>) => {
      await real(...args);
      throw conflict('40P01');
    });
    const reply = await uploadFile(t, client, 'brief.txt', 'retried content');
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(spy).toHaveBeenCalledTimes(2);
    expect((await t.api.get(`${client}/files`)).body).toEqual([reply.body]);
    expect((await download(t, `${client}/files/${reply.body.id}/download`)).body).toBe('retried content');
    expect(await t.blobs()).toBe(before + 1);
  });

  it('a conflict on every attempt: 500, no file, its content removed', async () => {
    const before = await t.blobs();
    const listed = (await t.api.get(`${client}/files`)).body;
    const real = files.create.bind(files);
    vi.spyOn(files, 'create').mockImplementation(async (...args: Parameters<typeof files.create>) => {
      await real(...args);
      throw conflict('40P01');
    });
    expectError(await uploadFile(t, client, 'lost.txt', 'never stored'), 500, 'internal_error');
    expect((await t.api.get(`${client}/files`)).body).toEqual(listed);
    expect(await t.blobs()).toBe(before);
  });
});
