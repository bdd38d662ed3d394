import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, killAll, serve, serverEnv, stop, type Server } from './processes.js';

/**
 * The first owner's sign-in and `transdesk users set-password` (docs/access.md#first-owner,
 * #passwords), run as a user runs them: the built CLI on a temporary SQLite file (the CLI is under
 * test, not the database: SQLite even when the suite runs on PostgreSQL).
 */
let cli: string;
let dir: string;
beforeAll(async () => {
  cli = (await buildCli()).cli;
  dir = mkdtempSync(join(tmpdir(), 'transdesk-cli-passwords-'));
}, 180_000);
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const envOf = (file: string, extra: NodeJS.ProcessEnv = {}) => {
  const env = serverEnv(`sqlite:${join(dir, file)}`, { FILE_STORAGE: `fs:${join(dir, `${file}-files`)}`, ...extra });
  delete env.BOOTSTRAP_OWNER_EMAIL;
  delete env.BOOTSTRAP_OWNER_PASSWORD;
  delete env.PUBLIC_URL;
  return { ...env, ...extra };
};

/** Runs the CLI with `stdin` written to its standard input. */
function run(args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function post(server: Server, path: string, body: Record<string, string>, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, cookie: response.headers.get('set-cookie')?.split(';')[0] };
}
const me = async (server: Server, cookie: string) => (await fetch(`${server.url}/v2/users/me`, { headers: { cookie } })).status;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

describe('the first start', () => {
  it('prints "Owner password: <PUBLIC_URL>/set-password#token=…" beside the account and key; the link sets the e-mail and password once', async () => {
    const server = await serve(cli, envOf('first.sqlite', { PUBLIC_URL: 'https://transdesk.example/' }), { cwd: dir });
    try {
      const output = server.output();
      expect(output).toMatch(
        /^Account: [0-9a-f]{24}\nAPI key: \S+\nOwner password: https:\/\/transdesk\.example\/set-password#token=[A-Za-z0-9_-]{43}\nListening on /m,
      );
      const token = /#token=(\S+)$/m.exec(output)![1]!;
      const setUp = await post(server, '/v2/auth/owner-setup', { token, email: 'owner@example.com', password: 'owner chose this' });
      expect(setUp.status).toBe(200);
      expect(setUp.body.user).toMatchObject({ email: 'owner@example.com', role: 'owner', status: 'active' });
      expect(await me(server, setUp.cookie!)).toBe(200);
      const again = await post(server, '/v2/auth/owner-setup', { token, email: 'owner@example.com', password: 'owner chose this' });
      expect(again).toMatchObject({ status: 400, body: { code: 'parameter_invalid', details: [{ param: 'token' }] } });
      const login = await post(server, '/v2/auth/login', { email: 'owner@example.com', password: 'owner chose this' });
      expect(login.status).toBe(200);
    } finally {
      await stop(server);
    }
    // A second start prints none of it.
    const again = await serve(cli, envOf('first.sqlite'), { cwd: dir });
    expect(again.output()).not.toMatch(/Owner password|Account:|API key/);
    await stop(again);
  });

  it('with BOOTSTRAP_OWNER_EMAIL and BOOTSTRAP_OWNER_PASSWORD: no link; the owner signs in with them', async () => {
    const server = await serve(
      cli,
      envOf('configured.sqlite', { BOOTSTRAP_OWNER_EMAIL: 'boss@example.com', BOOTSTRAP_OWNER_PASSWORD: 'configured password' }),
      {
        cwd: dir,
      },
    );
    try {
      expect(server.output()).toMatch(/^Account: [0-9a-f]{24}\nAPI key: \S+\nListening on /m);
      expect(server.output()).not.toMatch(/Owner password|configured password/);
      const login = await post(server, '/v2/auth/login', { email: 'Boss@example.com', password: 'configured password' });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ role: 'owner', email: 'boss@example.com' });
    } finally {
      await stop(server);
    }
  });
});

describe('transdesk users set-password --email E', () => {
  it('sets the password read from standard input, activates an invited user, ends their sessions; refuses bad usage', async () => {
    const env = envOf('set-password.sqlite', { BOOTSTRAP_OWNER_EMAIL: 'lead@example.com', BOOTSTRAP_OWNER_PASSWORD: 'first password' });
    const server = await serve(cli, env, { cwd: dir });
    try {
      const key = /^API key: (\S+)$/m.exec(server.output())![1]!;
      const session = (await post(server, '/v2/auth/login', { email: 'lead@example.com', password: 'first password' })).cookie!;
      expect(await me(server, session)).toBe(200);

      const set = await run(['users', 'set-password', '--email', 'LEAD@example.com'], env, 'second password\n');
      expect(set).toMatchObject({ code: 0, stderr: '' });
      expect(set.stdout).toMatch(/^Password set for lead@example\.com \(user [0-9a-f]{24}, active\); their sessions have ended\n$/);
      expect(await me(server, session)).toBe(401);
      expect((await post(server, '/v2/auth/login', { email: 'lead@example.com', password: 'first password' })).status).toBe(401);
      expect((await post(server, '/v2/auth/login', { email: 'lead@example.com', password: 'second password' })).status).toBe(200);

      // An invited user becomes active and can sign in.
      const invited = await fetch(`${server.url}/v2/users`, {
        method: 'POST',
        headers: { authorization: basic(key), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'New Person', email: 'new@example.com', role: 'viewer' }),
      });
      expect(((await invited.json()) as { status: string }).status).toBe('invited');
      const activated = await run(['users', 'set-password', '--email', 'new@example.com'], env, 'newcomer password');
      expect(activated.code).toBe(0);
      expect(activated.stdout).toContain('active');
      expect((await post(server, '/v2/auth/login', { email: 'new@example.com', password: 'newcomer password' })).status).toBe(200);

      const unknown = await run(['users', 'set-password', '--email', 'nobody@example.com'], env, 'some password here\n');
      expect(unknown).toMatchObject({ code: 1, stdout: '' });
      expect(unknown.stderr).toMatch(/no user signs in with nobody@example\.com/);
      const short = await run(['users', 'set-password', '--email', 'new@example.com'], env, 'short\n');
      expect(short).toMatchObject({ code: 1, stdout: '' });
      expect(short.stderr).toMatch(/the password must have at least 10 characters/);
      const empty = await run(['users', 'set-password', '--email', 'new@example.com'], env, '');
      expect(empty.code).toBe(1);
      const noEmail = await run(['users', 'set-password'], env);
      expect(noEmail.code).toBe(2);
      expect(noEmail.stderr).toMatch(/--email is required/);
      const wrongSub = await run(['users', 'remove'], env);
      expect(wrongSub.code).toBe(2);
      expect(wrongSub.stderr).toMatch(/users takes: set-password/);
      // The short password changed nothing.
      expect((await post(server, '/v2/auth/login', { email: 'new@example.com', password: 'newcomer password' })).status).toBe(200);
    } finally {
      await stop(server);
    }
  }, 120_000); // eight process starts (seven commands and a server), one after another: a few seconds each on a loaded 2-core host
});
