import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/core/db/database.js';
import { ownerSetup } from '../../../src/modules/auth/index.js';
import { buildTestApp, createTestApp, usingPostgres, type TestContext } from '../../helper.js';
import { PASSWORD, userWithPassword } from './fixture.js';

/**
 * The throttles of sign-ins, password changes and links under concurrency (docs/access.md#passwords,
 * #invitations): real requests sent together to a listening server, as an attacker would send
 * them. However many arrive at once, at most 5 attempts are judged in the window; the others
 * get 429 `rate_limited` with Retry-After, and so does the right password or link after them.
 */
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://desk.example.com' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});
// The links' throttle counts per client address, and every request here comes from 127.0.0.1.
beforeEach(async () => {
  await t.database.db.deleteFrom('login_failures').execute();
});

interface Answer {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

async function post(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}, at = base): Promise<Answer> {
  const response = await fetch(`${at}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, any>), headers: response.headers };
}

/** The statuses of the answers, counted: `{ 401: 5, 429: 25 }`. */
function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

/** Every 429 is the API's error body with a Retry-After of at most the window. */
function expectThrottled(answers: Answer[]): void {
  for (const answer of answers.filter((one) => one.status === 429)) {
    expect(answer.body.code).toBe('rate_limited');
    const wait = Number(answer.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(900);
  }
}

/** Sends all requests at once (one connection each, opened beforehand, so that they arrive together). */
async function burst(count: number, send: (i: number) => Promise<Answer>, servers = [base]): Promise<Answer[]> {
  const warm = servers.flatMap((at) => Array.from({ length: count }, () => fetch(`${at}/health`).then((response) => response.arrayBuffer())));
  await Promise.all(warm);
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

const login = (email: string, password: string, at = base) => post('/v2/auth/login', { email, password }, {}, at);

describe('the sign-in throttle under a burst', () => {
  it('30 wrong passwords at once: exactly 5 are checked (401), 25 get 429', async () => {
    const user = await userWithPassword(t, 'burst30@example.com');
    const answers = await burst(30, (i) => login(user.email, `wrong password ${i}`));
    expect(tally(answers)).toEqual({ 401: 5, 429: 25 });
    expectThrottled(answers);
    expect((await login(user.email, PASSWORD)).status).toBe(429);
  });

  it('100 at once with the right password at position 73: not signed in', async () => {
    const user = await userWithPassword(t, 'burst100@example.com');
    const answers = await burst(100, (i) => login(user.email, i === 72 ? PASSWORD : `wrong password ${i}`));
    expect(answers[72]!.status).toBe(429);
    expect(tally(answers)).toEqual({ 401: 5, 429: 95 });
    expectThrottled(answers);
  });

  it('the right password after a burst of wrong ones: 429, no session', async () => {
    const user = await userWithPassword(t, 'after-burst@example.com');
    expect(tally(await burst(10, (i) => login(user.email, `wrong password ${i}`)))).toEqual({ 401: 5, 429: 5 });
    const right = await login(user.email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many failed sign-ins for this e-mail address: try again in \d+ seconds$/);
    expect(right.headers.get('set-cookie')).toBeNull();
  });

  it('an unknown e-mail is limited the same way', async () => {
    const answers = await burst(20, (i) => login('nobody-burst@example.com', `wrong password ${i}`));
    expect(tally(answers)).toEqual({ 401: 5, 429: 15 });
  });
});

describe('POST /v2/auth/password under a burst of wrong current passwords', () => {
  it('exactly 5 are checked (400 on currentPassword), the others and then the right one get 429; the password stays', async () => {
    const user = await userWithPassword(t, 'change-burst@example.com');
    const passwordHashOf = async (id: string) =>
      (await t.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
    const hashBefore = await passwordHashOf(user.id);
    const signedIn = await login(user.email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = /td_session=([^;]+)/.exec(signedIn.headers.get('set-cookie')!)![1]!;
    const headers = { cookie: `td_session=${cookie}`, 'x-csrf-token': signedIn.body.csrfToken as string };
    const change = (currentPassword: string) => post('/v2/auth/password', { currentPassword, password: 'a brand new passphrase' }, headers);
    const answers = await burst(30, (i) => change(`wrong password ${i}`));
    expect(tally(answers)).toEqual({ 400: 5, 429: 25 });
    expectThrottled(answers);
    expect((await change(PASSWORD)).status).toBe(429);
    // The refused current passwords count as failed sign-ins of the address too: signing in is throttled now.
    expect((await login(user.email, 'a brand new passphrase')).status).toBe(429);
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
  });
});

/** The routes that redeem a link: a well-formed token that opens no link is a guess. */
const links = [
  {
    name: 'POST /v2/auth/invitations/accept',
    url: '/v2/auth/invitations/accept',
    body: (token: string) => ({ token, password: PASSWORD }),
    async token() {
      const reply = await t.api.post('/v2/users', { name: 'Invited', email: `invited-${Math.random().toString(16).slice(2)}@example.com`, role: 'manager' });
      return /#token=(.+)$/.exec(reply.body.invitation.url as string)![1]!;
    },
    success: 200,
  },
  {
    name: 'POST /v2/auth/password-reset/confirm',
    url: '/v2/auth/password-reset/confirm',
    body: (token: string) => ({ token, password: 'a brand new passphrase' }),
    async token() {
      const user = await userWithPassword(t, `reset-${Math.random().toString(16).slice(2)}@example.com`);
      const reply = await t.api.post(`/v2/users/${user.id}/password-reset`, {});
      return /#token=(.+)$/.exec(reply.body.url as string)![1]!;
    },
    success: 204,
  },
  {
    name: 'POST /v2/auth/owner-setup',
    url: '/v2/auth/owner-setup',
    body: (token: string) => ({ token, email: 'first-owner@example.com', password: PASSWORD }),
    token: () => ownerSetup.issue(t.database.db, { id: t.account.userId, account_id: t.account.accountId }),
    success: 200,
  },
];

/** A token of the right shape (43 characters of base64url) that no link has. */
const guess = (i: number) => `${'G'.repeat(40)}${String(i).padStart(3, '0')}`;

describe.each(links)('$name under a burst of guessed tokens', (link) => {
  it('exactly 5 guesses are looked up (400 on token), 25 get 429, and then a real link too', async () => {
    const token = await link.token();
    const answers = await burst(30, (i) => post(link.url, link.body(guess(i))));
    expect(tally(answers)).toEqual({ 400: 5, 429: 25 });
    expectThrottled(answers);
    for (const answer of answers.filter((one) => one.status === 400)) expect(answer.body.details[0].param).toBe('token');
    const refused = await post(link.url, link.body(token));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // Once the guesses are forgotten, the link works: the throttle refused it without using it.
    await t.database.db.deleteFrom('login_failures').execute();
    expect((await post(link.url, link.body(token))).status).toBe(link.success);
  });
});

describe('the two throttles', () => {
  it('count apart: failed sign-ins of any e-mail never throttle the links of an address, nor guessed links a sign-in', async () => {
    const user = await userWithPassword(t, 'apart@example.com');
    const link = links[0]!;
    const token = await link.token();
    // An "e-mail" written like the links' key of this client's address.
    expect(tally(await burst(6, (i) => login('LINKS 127.0.0.1', `wrong password ${i}`)))).toEqual({ 401: 5, 429: 1 });
    expect(tally(await burst(6, (i) => post(link.url, link.body(guess(i)))))).toEqual({ 400: 5, 429: 1 });
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    await t.database.db.deleteFrom('login_failures').where('email_key', '=', 'LINKS 127.0.0.1').execute();
    expect((await post(link.url, link.body(token))).status).toBe(link.success);
  });
});

/**
 * Whose address a guess is: the connection's peer, unless the peer is a reverse proxy named in
 * TRUST_PROXY (docs/operations.md#behind-a-reverse-proxy); then the client X-Forwarded-For names.
 */
describe('guessed links behind a reverse proxy', () => {
  const link = links[0]!;
  const fromClient = (address: string, token: string, at = base) => post(link.url, link.body(token), { 'x-forwarded-for': address }, at);

  it('without TRUST_PROXY, X-Forwarded-For is not believed: guesses naming 30 addresses are counted against the peer', async () => {
    const answers = await burst(30, (i) => fromClient(`203.0.113.${i + 1}`, guess(i)));
    expect(tally(answers)).toEqual({ 400: 5, 429: 25 });
  });

  describe('with TRUST_PROXY=loopback (this app behind a proxy on the same machine)', () => {
    let proxied: { base: string; close(): Promise<void> };
    beforeAll(async () => {
      const { app } = await buildTestApp({ config: { ...t.config, trustProxy: ['loopback'] }, database: t.database });
      proxied = { base: await app.listen({ port: 0, host: '127.0.0.1' }), close: () => app.close() };
    });
    afterAll(async () => {
      await proxied?.close();
    });

    it("one client's guesses throttle that client only: another client behind the same proxy redeems its link", async () => {
      const token = await link.token();
      const answers = await burst(30, (i) => fromClient('203.0.113.7', guess(i), proxied.base), [proxied.base]);
      expect(tally(answers)).toEqual({ 400: 5, 429: 25 });
      expectThrottled(answers);
      expect((await fromClient('203.0.113.7', token, proxied.base)).status).toBe(429);
      // The proxy appends the peer it saw: the client is the last address, whatever the client itself wrote before it.
      expect((await fromClient('198.51.100.1, 203.0.113.7', token, proxied.base)).status).toBe(429);
      expect((await fromClient('203.0.113.8', token, proxied.base)).status).toBe(link.success);
    });
  });
});

/**
 * Two apps on one PostgreSQL database, each with its own connections, as two server processes
 * are: the count is the database's, so a burst split between them is limited as one.
 */
describe.skipIf(!usingPostgres)('two apps on one PostgreSQL database', () => {
  let second: { close(): Promise<void>; base: string };
  beforeAll(async () => {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db)).rows[0]!.schema;
    const database = openDatabase(process.env.DATABASE_URL!, { pgSchema: schema, poolSize: 5 });
    const { app } = await buildTestApp({ config: t.config, database });
    second = {
      base: await app.listen({ port: 0, host: '127.0.0.1' }),
      async close() {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
  });

  it('30 wrong passwords sent half to each: exactly 5 are checked, 25 get 429, and the right one after them too', async () => {
    const user = await userWithPassword(t, 'two-apps@example.com');
    const at = (i: number) => (i % 2 === 0 ? base : second.base);
    const answers = await burst(30, (i) => login(user.email, `wrong password ${i}`, at(i)), [base, second.base]);
    expect(tally(answers)).toEqual({ 401: 5, 429: 25 });
    expectThrottled(answers);
    expect((await login(user.email, PASSWORD, second.base)).status).toBe(429);
    expect((await login(user.email, PASSWORD, base)).status).toBe(429);
  });
});
