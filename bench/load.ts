/**
 * One write scenario against the real server on a copy of a database kept by
 * `npm run bench -- --keep`, for A/B measurements of a change (build first: `npm run build`):
 *
 *   npx tsx bench/load.ts <kept bench.sqlite> put|post [seconds] [node options of the server…]
 *
 * `put` edits the price of 2 000 random jobs of the account (the benchmark's eight match lines),
 * `post` creates jobs with the benchmark's body; 10 connections after a 1 s warm-up. Prints
 * requests/s, p50, p99 and the server's peak resident memory. Options after the duration go to the
 * server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, or `--import ./bench/sql-timer.mjs`
 * (the SQLite statements per request, printed when the server stops).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';

const [source, kind = 'put', seconds = '8', ...serverOptions] = process.argv.slice(2);
if (!source || (kind !== 'put' && kind !== 'post')) throw new Error('usage: load.ts <bench.sqlite> put|post [seconds] [node options…]');
const dir = mkdtempSync(join(tmpdir(), 'transdesk-load-'));
const file = join(dir, 'load.sqlite');
// SQLite's backup API, not a file copy: a kept database that still has a -wal file beside it (a run
// stopped mid-way) is copied whole, and the source is never changed.
const original = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
await original.backup(file);
original.close();

const sqlite = new BetterSqlite3(file);
const user = sqlite.prepare('select id, account_id from users order by created_at limit 1').get() as { id: string; account_id: string };
const account = user.account_id;
const jobIds = sqlite.prepare('select id from jobs where account_id = ? order by random() limit 2000').pluck().all(account) as string[];
const byName = (table: string) =>
  Object.fromEntries(
    (sqlite.prepare(`select id, name from ${table} where account_id = ?`).all(account) as Array<{ id: string; name: string }>).map((row) => [row.name, row.id]),
  );
const [match, units, services, domains] = [byName('match_categories'), byName('units'), byName('services'), byName('domains')];
const client = sqlite.prepare('select id from clients where account_id = ? order by created_at limit 1').pluck().get(account) as string;
const pair = sqlite.prepare('select id from language_pairs where account_id = ? order by created_at limit 1').pluck().get(account) as string;
sqlite.close();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
  DATABASE_URL: `sqlite:${file}`,
  FILE_STORAGE: `fs:${join(dir, 'files')}`,
  PORT: '0',
  HOST: '127.0.0.1',
};
delete env.BOOTSTRAP_API_KEY;
const created = execFileSync(process.execPath, ['dist/cli.js', 'keys', 'create', '--account', account, '--user', user.id, '--scope', 'write'], {
  env,
}).toString();
const apiKey = /API key: (\S+)/.exec(created)?.[1];
if (!apiKey) throw new Error(`no key in: ${created}`);

const server = spawn(process.execPath, [...serverOptions, 'dist/cli.js', 'serve'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const listening = /Listening on (http:\/\/\S+)/.exec(out);
    if (listening) resolve(listening[1]!);
  });
  server.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});

const lines = ['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%', '50-74%', 'No match'].filter((name) => match[name]);
const priceBody = JSON.stringify({ matches: lines.map((name, k) => ({ id: match[name], value: 100 + k * 7 })) });
const createBody = JSON.stringify({
  name: 'Pharma leaflet FR',
  client,
  quantity: 2400,
  quantityType: units.Words,
  service: services.Translation,
  languagePair: pair,
  domain: domains.Medical,
  dueDate: '2027-03-01T17:00:00Z',
});
const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
let turn = 0;
const drive = (duration: number) =>
  autocannon({
    url: base,
    connections: 10,
    duration,
    requests: [
      kind === 'put'
        ? {
            method: 'PUT',
            path: '/',
            headers,
            body: priceBody,
            setupRequest: (request: autocannon.Request) => ({ ...request, path: `/v2/jobs/${jobIds[turn++ % jobIds.length]}/price` }),
          }
        : { method: 'POST', path: '/v2/jobs', headers, body: createBody },
    ],
  });

let peakMb = 0;
const sampler = setInterval(() => {
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
  if (rss) peakMb = Math.max(peakMb, Number(rss) / 1024);
}, 100);
await drive(1);
const result = await drive(Number(seconds));
clearInterval(sampler);
console.log(
  `${kind}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, peak RSS ${peakMb.toFixed(0)} MB`,
);
server.removeAllListeners('exit');
server.kill('SIGINT');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dir, { recursive: true, force: true });
