import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, serve, type Server } from './processes.js';

/**
 * The command-line tool and the server process, run as a user runs them: the built CLI
 * (`npm run build:server`, then `node dist/cli.js …` and `node bin/transdesk.js …`) on a temporary
 * SQLite file. These test the CLI, not the database, so they use SQLite even when the suite runs
 * with DATABASE_URL=postgres://… (the child environment overrides it).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const BIN = join(ROOT, 'bin', 'transdesk.js');

let dir: string;
const children = new Set<ChildProcess>();

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function childEnv(database: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.BOOTSTRAP_API_KEY;
  delete env.NODE_OPTIONS;
  return {
    ...env,
    DATABASE_URL: `sqlite:${join(dir, database)}`,
    FILE_STORAGE: `fs:${join(dir, 'files')}`,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    ...extra,
  };
}

function run(args: string[], env: NodeJS.ProcessEnv, entry = CLI): Promise<Result> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      children.delete(child);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

async function call(server: Server, key: string, method: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: basic(key), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

function line(text: string, label: string): string {
  const match = new RegExp(`^${label}: (\\S+)$`, 'm').exec(text);
  if (!match) throw new Error(`no "${label}:" line in:\n${text}`);
  return match[1]!;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'transdesk-cli-'));
  // tsc emits even when a file has a type error; the type check is `npm run typecheck`'s job.
  // The server alone: the console's build (dist/console) is the browser tests' to read meanwhile.
  const build = await new Promise<Result>((resolveBuild, reject) => {
    const child = spawn('npm', ['run', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolveBuild({ code, stdout, stderr }));
  });
  if (build.code !== 0) console.warn(`npm run build:server reported errors (testing what it emitted):\n${build.stdout}${build.stderr}`);
  if (!existsSync(CLI)) throw new Error(`npm run build:server did not produce ${CLI}:\n${build.stdout}${build.stderr}`);
}, 120_000);

afterAll(async () => {
  killAll();
  for (const child of children) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('transdesk CLI and server process (docs/operations.md#command-line)', () => {
  const env = () => childEnv('main.sqlite');
  let server: Server;
  let ownerKey: string;
  let accountId: string;
  let accountKey: string;
  let readKeyId: string;
  let readKey: string;

  it('openapi prints the OpenAPI document (what the console build types its client from), touching no database', async () => {
    const printed = await run(['openapi'], env());
    expect(printed.code).toBe(0);
    expect(printed.stderr).toBe('');
    const document = JSON.parse(printed.stdout);
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/v2/jobs'].get.operationId).toBe('listJobs');
    expect(existsSync(join(dir, 'main.sqlite'))).toBe(false);
    expect((await run(['openapi', 'extra'], env())).code).toBe(2);
  });

  it('migrate applies the migrations once, then finds the database up to date', async () => {
    const first = await run(['migrate'], env());
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^applied: 0001_foundation/);
    const second = await run(['migrate'], env(), BIN);
    expect(second).toEqual({ code: 0, stdout: 'database is up to date\n', stderr: '' });
  });

  it('the first serve on an empty database prints "Account: <id>" and "API key: <key>" once, and the key works', async () => {
    server = await serve(CLI, env(), { cwd: dir });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    ownerKey = line(server.output(), 'API key');
    expect(ownerKey.length).toBeGreaterThanOrEqual(43);
    const firstAccount = line(server.output(), 'Account');
    // Plain lines, before the Listening line, in the format of `accounts create`.
    // (and the owner's set-up link: test/cli-passwords.test.ts)
    expect(server.output()).toMatch(/^Account: [0-9a-f]{24}\nAPI key: \S+\nOwner password: \S+\nListening on /m);
    expect((await call(server, ownerKey, 'GET', '/v2/account')).body.id).toBe(firstAccount);
    const me = await call(server, ownerKey, 'GET', '/v2/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ isOwner: true });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await call(server, 'td_not_a_key_at_all_1234', 'GET', '/v2/users/me')).status).toBe(401);
  });

  it('accounts create prints the account id and key; the key works at once on the running server', async () => {
    const key = `test_${Date.now().toString(36)}_account_key`;
    const result = await run(['accounts', 'create', '--name', 'Second Agency', '--api-key', key], env());
    expect(result.code).toBe(0);
    accountId = line(result.stdout, 'Account');
    expect(accountId).toMatch(/^[0-9a-f]{24}$/);
    expect(line(result.stdout, 'API key')).toBe(key);
    accountKey = key;
    const account = await call(server, accountKey, 'GET', '/v2/account');
    expect(account).toMatchObject({ status: 200, body: { id: accountId, name: 'Second Agency' } });
    // A random key when none is given; a key in use is refused.
    const random = await run(['accounts', 'create', '--name', 'Third'], env(), BIN);
    expect(random.code).toBe(0);
    expect((await call(server, line(random.stdout, 'API key'), 'GET', '/v2/account')).body.name).toBe('Third');
    const again = await run(['accounts', 'create', '--name', 'Copy', '--api-key', key], env());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already in use/);
  });

  it('keys create --scope read gives a read-only key (403 on writes)', async () => {
    const result = await run(['keys', 'create', '--account', accountId, '--scope', 'read', '--name', 'CI reader'], env());
    expect(result.code).toBe(0);
    readKeyId = line(result.stdout, 'Key id');
    readKey = line(result.stdout, 'API key');
    expect((await call(server, readKey, 'GET', '/v2/users')).status).toBe(200);
    const write = await call(server, readKey, 'POST', '/v2/users', { name: 'Nope' });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('forbidden');
    const writeKey = line((await run(['keys', 'create', '--account', accountId], env())).stdout, 'API key');
    expect((await call(server, writeKey, 'POST', '/v2/users', { name: 'Yes' })).status).toBe(201);
  });

  it('keys list shows the keys of an account, never the keys themselves', async () => {
    const result = await run(['keys', 'list', '--account', accountId], env());
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(result.stdout).toContain(readKeyId);
    // Its name, its user, and its last use (the read above).
    expect(lines.find((l) => l.startsWith(readKeyId))).toMatch(/\bread +"CI reader" {2}user [0-9a-f]{24} \(Owner\) {2}created \S+Z {2}last used \S+Z$/);
    expect(result.stdout).not.toContain(readKey);
    expect(result.stdout).not.toContain(accountKey);
    const missing = await run(['keys', 'list', '--account', 'ffffffffffffffffffffffff'], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no account/);
    // Without --account on a database of several accounts: the choices, never a guess.
    const several = await run(['keys', 'list'], env());
    expect(several).toMatchObject({ code: 1, stdout: '' });
    expect(several.stderr).toMatch(/there are 3 accounts; choose one with --account ID:\n/);
    expect(several.stderr).toContain(`  ${accountId}  Second Agency\n`);
  });

  it('keys revoke makes the key answer 401 on the running server', async () => {
    const result = await run(['keys', 'revoke', readKeyId], env());
    expect(result).toMatchObject({ code: 0, stdout: `revoked ${readKeyId}\n` });
    const reply = await call(server, readKey, 'GET', '/v2/users');
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('unauthorized');
    expect((await call(server, accountKey, 'GET', '/v2/users')).status).toBe(200);
    expect((await run(['keys', 'list', '--account', accountId], env())).stdout).toMatch(new RegExp(`^${readKeyId} .* revoked \\S+$`, 'm'));
    const again = await run(['keys', 'revoke', readKeyId], env());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/no active key/);
    // The command line's changes are the system's (docs/access.md#who-did-what).
    const history = await call(server, accountKey, 'GET', `/v2/events?objectType=apiKey&objectId=${readKeyId}&direction=asc`);
    expect(history.body.items.map((e: { type: string }) => e.type)).toEqual(['apiKey.created', 'apiKey.deleted']);
    expect(history.body.items.map((e: { actor: unknown }) => e.actor)).toEqual([
      { type: 'system', user: null, apiKeyId: null, portalPersonId: null },
      { type: 'system', user: null, apiKeyId: null, portalPersonId: null },
    ]);
    expect(history.body.items[0].data).toMatchObject({ id: readKeyId, name: 'CI reader', scope: 'read', revokedAt: null });
  });

  it('bad usage exits 2 with a message and the usage text', async () => {
    const cases: Array<{ args: string[]; message: RegExp; env?: Record<string, string> }> = [
      { args: ['frobnicate'], message: /unknown command: frobnicate/ },
      { args: ['--bogus'], message: /bogus/ },
      { args: ['accounts', 'create'], message: /--name is required/ },
      { args: ['accounts', 'create', '--name', 'X', '--api-key', 'short'], message: /--api-key/ },
      { args: ['keys'], message: /keys takes: create, list, revoke/ },
      { args: ['keys', 'create', '--account', '', '--scope', 'read'], message: /--account needs an account id/ },
      { args: ['keys', 'create', '--account', accountId, '--scope', 'admin'], message: /--scope is read or write/ },
      { args: ['keys', 'revoke'], message: /KEY_ID/ },
      { args: ['keys', 'create', '--account', accountId, '--name', 'x'.repeat(256)], message: /--name is at most 255 characters/ },
      { args: ['migrate', 'now'], message: /unexpected argument: now/ },
      { args: ['serve'], message: /PORT must be a whole number/, env: { PORT: 'eighty' } },
    ];
    // Two at a time: each is a process start.
    const results: Result[] = [];
    for (let i = 0; i < cases.length; i += 2) {
      results.push(...(await Promise.all(cases.slice(i, i + 2).map(({ args, env: extra }) => run(args, childEnv('main.sqlite', extra))))));
    }
    cases.forEach(({ args, message }, index) => {
      const result = results[index]!;
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(result.stderr).toMatch(message);
    });
    expect(results[0]!.stderr).toContain('Usage:');
    const help = await run(['help'], env());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('transdesk keys revoke KEY_ID');
  }, 120_000); // twelve process starts, two at a time: a few seconds each on a loaded 2-core host

  it('SIGTERM: stops accepting, finishes the request in flight, closes the database, exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const body = new URLSearchParams({ name: 'In flight user' }).toString();
    const request = http.request(`${server.url}/v2/users`, {
      method: 'POST',
      agent,
      headers: { authorization: basic(ownerKey), 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) },
    });
    const response = new Promise<{ status: number; body: string }>((resolveResponse, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolveResponse({ status: res.statusCode!, body: text }));
      });
      request.on('error', reject);
    });
    // Headers and half of the body: the request is in flight on the server.
    request.write(body.slice(0, 6));
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    // No new connections are accepted any more.
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    request.end(body.slice(6));
    const answered = await response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body).name).toBe('In flight user');
    expect(await server.exited).toBe(0);
    // The keep-alive connection did not hold the process until the drain deadline.
    expect(Date.now() - signalled).toBeLessThan(5_000);
    agent.destroy();
    // The write was committed, and the database was closed cleanly (no WAL left to replay).
    const sqlite = new BetterSqlite3(join(dir, 'main.sqlite'), { readonly: true });
    try {
      expect(sqlite.prepare('select count(*) as n from users where name = ?').get('In flight user')).toEqual({ n: 1 });
    } finally {
      sqlite.close();
    }
  });

  it('serve with BOOTSTRAP_API_KEY uses that key and prints no key; API keys are never logged', async () => {
    const key = 'bootstrap_key_for_the_cli_test';
    const bootEnv = childEnv('bootstrap.sqlite', { BOOTSTRAP_API_KEY: key, LOG_LEVEL: 'info' });
    const booted = await serve(BIN, bootEnv, { cwd: dir });
    expect(booted.output()).not.toMatch(/API key/);
    // The account id is no secret: printed with or without BOOTSTRAP_API_KEY.
    expect((await call(booted, key, 'GET', '/v2/account')).body.id).toBe(line(booted.output(), 'Account'));
    expect((await call(booted, key, 'GET', '/v2/users/me')).status).toBe(200);
    expect((await call(booted, 'td_wrong_key_0123456789abc', 'GET', '/v2/users/me')).status).toBe(401);
    booted.child.kill('SIGINT');
    expect(await booted.exited).toBe(0);
    const output = booted.output();
    expect(output).toMatch(/"msg":"(incoming request|request completed)"/);
    expect(output).not.toContain(key);
    expect(output).not.toContain(Buffer.from(`${key}:`).toString('base64'));
    expect(output).not.toContain('td_wrong_key');
    // A second start finds the account and creates nothing.
    const again = await serve(CLI, childEnv('bootstrap.sqlite'), { cwd: dir });
    expect(again.output()).not.toMatch(/API key|Account:/);
    const users = await call(again, key, 'GET', '/v2/users');
    expect(users.body).toHaveLength(1);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});

/** util-linux `script` runs a command on a pseudo-terminal (the demo-data progress is shown only on one). */
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

describe('transdesk demo-data from the command line', () => {
  const env = () => childEnv('demo.sqlite');

  it('with no account: exit 1 saying how to make one', async () => {
    const result = await run(['demo-data'], env());
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/there is no account yet: start the server once .*`transdesk accounts create --name NAME`/);
  });

  it('defaults to the only account; piped output gets the summary only, no progress', async () => {
    const created = await run(['accounts', 'create', '--name', 'Only Agency'], env());
    const only = line(created.stdout, 'Account');
    // keys create and keys list default to it too.
    const keyId = line((await run(['keys', 'create', '--scope', 'read'], env())).stdout, 'Key id');
    const keys = await run(['keys', 'list'], env());
    expect(keys.code).toBe(0);
    expect(keys.stdout).toMatch(new RegExp(`^${keyId} .* read +user .* last used never$`, 'm'));
    expect(keys.stdout.trim().split('\n')).toHaveLength(2);
    const result = await run(['demo-data'], env(), BIN);
    // eslint-disable-next-line no-control-regex -- no carriage return nor escape sequence: the progress line is shown on a terminal only
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/^Demo data added: [^\r\x1b]*\n$/), stderr: '' });
    const sqlite = new BetterSqlite3(join(dir, 'demo.sqlite'), { readonly: true });
    try {
      expect(sqlite.prepare('select account_id from clients where name = ?').all('Acme Pharma NV')).toEqual([{ account_id: only }]);
    } finally {
      sqlite.close();
    }
  });

  it('with several accounts and no --account: exit 1 naming each account', async () => {
    const second = line((await run(['accounts', 'create', '--name', 'Second\u001b[31m Agency'], env())).stdout, 'Account');
    const result = await run(['demo-data'], env());
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/there are 2 accounts; choose one with --account ID:\n {2}[0-9a-f]{24} {2}Only Agency\n/);
    // Control characters of a name are not sent to the terminal.
    expect(result.stderr).toContain(`  ${second}  Second [31m Agency\n`);
    const empty = await run(['demo-data', '--account', ''], env());
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--account needs an account id/);
  });

  it.skipIf(!hasScript)('on a terminal: a progress line rewritten in place, cleared before the summary', async () => {
    const accounts = new BetterSqlite3(join(dir, 'demo.sqlite'), { readonly: true });
    const second = (accounts.prepare("select id from accounts where name like 'Second%'").get() as { id: string }).id;
    accounts.close();
    const command = [process.execPath, CLI, 'demo-data', '--account', second].map(quote).join(' ');
    const result = await new Promise<Result>((resolveRun, reject) => {
      const child = spawn('script', ['-qefc', command, '/dev/null'], { cwd: dir, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.on('error', reject);
      child.on('close', (code) => {
        children.delete(child);
        resolveRun({ code, stdout, stderr: '' });
      });
    });
    expect(result.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- ESC [ K (erase to the end of the line) is what the progress line writes
    const updates = [...result.stdout.matchAll(/\rAdding demo data: request (\d+)\/(\d+) \((\d+) %\)\x1b\[K/g)];
    expect(updates.length).toBeGreaterThan(10);
    expect(updates.at(-1)!.slice(1)).toEqual([updates.at(-1)![2], updates.at(-1)![2], '100']);
    // eslint-disable-next-line no-control-regex -- ESC [ K, as above
    expect(result.stdout).toMatch(/\r\x1b\[KDemo data added: /);
  });
});
