import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/core/db/database.js';
import { newId } from '../../src/core/ids.js';
import { CHUNK_SIZE, createStorage, type BlobStorage } from '../../src/core/storage/index.js';
import { openTestDatabase } from '../helper.js';

async function* pieces(data: Buffer, size = 10_000, failAfter?: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < data.length; offset += size) {
    if (failAfter !== undefined && offset >= failAfter) throw new Error('client went away');
    yield data.subarray(offset, offset + size);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['db', 'fs'] as const)('%s storage backend', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let storage: BlobStorage;
  let dir: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    dir = mkdtempSync(join(tmpdir(), 'transdesk-storage-'));
    storage = createStorage(kind === 'db' ? { kind: 'db' } : { kind: 'fs', path: dir }, database.db);
  });
  afterAll(async () => {
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores and reads back the exact bytes, whole and by range', async () => {
    const data = randomBytes(3 * CHUNK_SIZE + 17);
    const before = await storage.count();
    const blobId = await storage.put(pieces(data, 65_537));
    expect(await storage.count()).toBe(before + 1);
    expect((await readAll(storage.read(blobId))).equals(data)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [CHUNK_SIZE - 1, CHUNK_SIZE],
      [5, 2 * CHUNK_SIZE + 9],
      [data.length - 1, data.length - 1],
    ] as const) {
      expect((await readAll(storage.read(blobId, { start, end }))).equals(data.subarray(start, end + 1))).toBe(true);
    }
    await storage.remove([blobId]);
    expect(await storage.count()).toBe(before);
  });

  it('stores an empty blob', async () => {
    const blobId = await storage.put(pieces(Buffer.alloc(0)));
    expect((await readAll(storage.read(blobId))).length).toBe(0);
    await storage.remove([blobId]);
  });

  it('leaves nothing when the source fails mid-way', async () => {
    const before = await storage.count();
    await expect(storage.put(pieces(randomBytes(2 * CHUNK_SIZE), 50_000, CHUNK_SIZE + 1))).rejects.toThrow('client went away');
    expect(await storage.count()).toBe(before);
    if (kind === 'fs') {
      const leftovers = readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.tmp'));
      expect(leftovers).toEqual([]);
    } else {
      expect((await database.db.selectFrom('file_chunks').select('blob_id').execute()).length).toBe(0);
    }
  });

  it('removing an unknown blob is harmless', async () => {
    await expect(storage.remove([newId()])).resolves.toBeUndefined();
  });

  it('sweeps what a crashed upload left, older than an hour only', async () => {
    if (kind === 'fs') {
      const sub = join(dir, 'ab');
      mkdirSync(sub, { recursive: true });
      const old = join(sub, `${newId()}.dead.tmp`);
      const fresh = join(sub, `${newId()}.live.tmp`);
      writeFileSync(old, 'partial');
      writeFileSync(fresh, 'in progress');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      utimesSync(old, twoHoursAgo, twoHoursAgo);
      expect(await storage.sweep()).toBe(1);
      expect(readdirSync(sub).filter((name) => name.endsWith('.tmp'))).toEqual([expect.stringContaining('.live.tmp')]);
      rmSync(fresh);
    } else {
      const oldBlob = newId(Date.now() - 2 * 3600_000);
      const freshBlob = newId();
      for (const blobId of [oldBlob, freshBlob])
        await database.db
          .insertInto('file_chunks')
          .values({ blob_id: blobId, seq: 0, data: Buffer.from('x') })
          .execute();
      expect(await storage.sweep()).toBe(1);
      const left = await database.db.selectFrom('file_chunks').select('blob_id').execute();
      expect(left.map((row) => row.blob_id)).toEqual([freshBlob]);
      await storage.remove([freshBlob]);
    }
  });
});
