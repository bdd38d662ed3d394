/**
 * Upload and download throughput of a 1 GiB file, and the server's memory growth (docs/files.md#uploads:
 * uploads are streamed, never held in memory). Run with `npx tsx bench/files.ts`
 * (`BENCH_MIB=256` for a shorter run, `BENCH_STORAGE=db` for the db backend).
 *
 * The real server runs as a child process (`src/cli.ts serve` through tsx) on a temporary SQLite
 * database with FILE_STORAGE=fs:<tmp>; this process writes the multipart body by hand from a
 * generated stream and reads the download into a counting sink. The server's VmRSS / VmHWM are
 * sampled from /proc/<pid>/status. Targets (fs backend): RSS growth under 64 MiB, ≥ 100 MB/s.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

const MIB = 1024 * 1024;
const TOTAL = Number(process.env.BENCH_MIB ?? 1024) * MIB;
const STORAGE = process.env.BENCH_STORAGE ?? 'fs';
const KEY = `bench-${'k'.repeat(32)}`;
const AUTH = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
const BOUNDARY = '----transdeskBench';

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

function call(base: string, method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, headers: { authorization: AUTH, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A generated stream of `total` bytes (one random MiB repeated), hashed as it goes. */
function generated(total: number, hash: ReturnType<typeof createHash>): Readable {
  const block = Buffer.alloc(MIB, 'transdesk-benchmark-');
  let sent = 0;
  return new Readable({
    highWaterMark: 4 * MIB,
    read() {
      if (sent >= total) return void this.push(null);
      const piece = total - sent >= block.length ? block : block.subarray(0, total - sent);
      sent += piece.length;
      hash.update(piece);
      this.push(piece);
    },
  });
}

function upload(base: string, clientId: string, hash: ReturnType<typeof createHash>): Promise<{ status: number; body: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${base}/v2/clients/${clientId}/files/upload`, {
      method: 'POST',
      headers: {
        authorization: AUTH,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + TOTAL + tail.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.write(head);
    const body = generated(TOTAL, hash);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

function download(base: string, path: string): Promise<{ status: number; bytes: number; etag: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { authorization: AUTH } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, etag: String(res.headers.etag) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-bench-'));
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    FILE_STORAGE: STORAGE === 'db' ? 'db' : `fs:${join(dir, 'files')}`,
    MAX_UPLOAD_BYTES: String(TOTAL + MIB),
    BOOTSTRAP_API_KEY: KEY,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /Listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const pid = server.pid!;
    const client = JSON.parse((await call(base, 'POST', '/v2/clients', 'name=Bench')).body) as { id: string };
    // Warm-up: the first upload and download load their code paths.
    await call(base, 'GET', `/v2/clients/${client.id}/files`);
    const baseline = memory(pid);
    let peak = baseline.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 50);

    const hash = createHash('sha256');
    let started = performance.now();
    const uploaded = await upload(base, client.id, hash);
    const uploadSeconds = (performance.now() - started) / 1000;
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${uploaded.body.slice(0, 300)}`);
    const file = JSON.parse(uploaded.body) as { id: string; size: number };

    started = performance.now();
    const got = await download(base, `/v2/clients/${client.id}/files/${file.id}/download`);
    const downloadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memory(pid);
    peak = Math.max(peak, after.rss);

    const expectedTag = `"${hash.digest('hex')}"`;
    const mb = TOTAL / 1e6;
    const growth = (peak - baseline.rss) / MIB;
    const lines = [
      `storage ${STORAGE}, ${TOTAL / MIB} MiB`,
      `upload   ${(mb / uploadSeconds).toFixed(1)} MB/s (${uploadSeconds.toFixed(2)} s), size ${file.size === TOTAL ? 'ok' : `WRONG ${file.size}`}`,
      `download ${(mb / downloadSeconds).toFixed(1)} MB/s (${downloadSeconds.toFixed(2)} s), bytes ${got.bytes === TOTAL ? 'ok' : `WRONG ${got.bytes}`}, ETag ${got.etag === expectedTag ? 'matches the SHA-256' : 'WRONG'}`,
      `server RSS baseline ${(baseline.rss / MIB).toFixed(1)} MiB, peak ${(peak / MIB).toFixed(1)} MiB, growth ${growth.toFixed(1)} MiB (VmHWM ${(after.hwm / MIB).toFixed(1)} MiB)`,
      `targets: growth < 64 MiB ${growth < 64 ? 'met' : 'MISSED'}; >= 100 MB/s ${Math.min(mb / uploadSeconds, mb / downloadSeconds) >= 100 ? 'met' : 'MISSED'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
