import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, killAll, onPostgres, type Reply, type Server } from '../processes.js';
import { ok, startPair, type Pair } from './two-processes-world.js';

/**
 * The sign-in throttle across two `serve` processes on one PostgreSQL database
 * (docs/access.md#passwords): a burst of guesses split between the processes is limited as one,
 * because each attempt is counted in the database, under a lock of its e-mail, before its
 * password is checked. test/http/auth/bursts.test.ts has the bursts through one process, on both
 * databases. PostgreSQL only: a SQLite file is served by one process.
 */
const title = onPostgres
  ? 'the sign-in throttle across two server processes on one PostgreSQL database'
  : 'the sign-in throttle across two server processes (skipped: PostgreSQL only, run with DATABASE_URL=postgres://…)';

const PASSWORD = 'correct horse battery staple';

async function post(server: Server, path: string, body: unknown): Promise<Reply> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

function tally(replies: Reply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  return counts;
}

describe.skipIf(!onPostgres)(title, () => {
  let pair: Pair;

  beforeAll(async () => {
    pair = await startPair('db');
  }, 180_000);

  afterAll(async () => {
    await pair?.close();
    killAll();
  }, 60_000);

  /** A user who signs in with `email` and PASSWORD (invited, then the invitation accepted). */
  async function userWithPassword(email: string): Promise<void> {
    const user = await ok(call(pair.a, pair.key, 'POST', '/v2/users', { name: 'Guessed', email, role: 'manager' }), 201);
    const token = /#token=(.+)$/.exec(user.invitation.url as string)![1]!;
    await ok(post(pair.b, '/v2/auth/invitations/accept', { token, password: PASSWORD }));
    // The invitation's link counted nothing against the e-mail: it signs in.
    await ok(post(pair.a, '/v2/auth/login', { email, password: PASSWORD }));
  }

  /** Sends the requests at once, even ones through the first process and odd ones through the second, each on a connection opened beforehand. */
  async function burst(count: number, body: (i: number) => unknown): Promise<Reply[]> {
    await Promise.all(Array.from({ length: count }, (_, i) => fetch(`${pair.via(i).url}/health`).then((response) => response.arrayBuffer())));
    return Promise.all(Array.from({ length: count }, (_, i) => post(pair.via(i), '/v2/auth/login', body(i))));
  }

  it('40 wrong passwords split between the processes: exactly 5 are checked (401), 35 get 429; then the right one is 429 through either', async () => {
    const email = 'two-processes-burst@example.com';
    await userWithPassword(email);
    const replies = await burst(40, (i) => ({ email, password: `wrong password ${i}` }));
    expect(tally(replies)).toEqual({ 401: 5, 429: 35 });
    for (const reply of replies.filter((one) => one.status === 429)) {
      expect(reply.body.code).toBe('rate_limited');
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await post(pair.a, '/v2/auth/login', { email, password: PASSWORD })).status).toBe(429);
    expect((await post(pair.b, '/v2/auth/login', { email, password: PASSWORD })).status).toBe(429);
    const failures = await pair.query<{ count: number }>('select count(*)::int as count from login_failures where email_key = $1', [email]);
    expect(failures[0]!.count).toBe(5);
  });

  it('the right password at position 73 of 100 split between the processes: not signed in', async () => {
    const email = 'two-processes-73@example.com';
    await userWithPassword(email);
    const replies = await burst(100, (i) => ({ email, password: i === 72 ? PASSWORD : `wrong password ${i}` }));
    expect(replies[72]!.status).toBe(429);
    expect(tally(replies)).toEqual({ 401: 5, 429: 95 });
  });
});
