/**
 * Signing in for `npm run bench` (bench/run.ts: the session-cookie scenario; bench/console.ts: the
 * browser's session). Moved here from bench/run.ts so that bench/console.ts, run alone, signs in
 * the same way.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A user with a password, signed in through the API: created by POST /v2/users (invited), given
 * a password by `transdesk users set-password` (from standard input), then POST /v2/auth/login.
 * Answers the Cookie header of the session.
 */
export async function signIn(base: string, auth: string, env: NodeJS.ProcessEnv): Promise<string> {
  const email = 'bench.reader@example.com';
  const password = 'bench reader password';
  const created = await fetch(`${base}/v2/users`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench reader', email, role: 'manager' }),
  });
  if (created.status !== 201) throw new Error(`POST /v2/users answered ${created.status}: ${await created.text()}`);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/cli.js', 'users', 'set-password', '--email', email], { cwd: ROOT, env, stdio: ['pipe', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', resolve);
    child.stdin.end(`${password}\n`);
  });
  if (code !== 0) throw new Error(`transdesk users set-password exited with ${code}`);
  const login = await fetch(`${base}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`POST /v2/auth/login answered ${login.status}: ${await login.text()}`);
  const check = await fetch(`${base}/v2/jobs?page=1&pageSize=1`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`a read with the session cookie answered ${check.status}: ${await check.text()}`);
  return cookie;
}
