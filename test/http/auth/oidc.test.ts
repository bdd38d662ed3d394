import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Reply, type TestContext } from '../../helper.js';
import { CLIENT_ID, CLIENT_SECRET, TestOpenIdProvider, type NextLogin } from './oidc-provider.js';

/**
 * Single sign-on (docs/access.md#single-sign-on) against a real OpenID provider on 127.0.0.1
 * (oidc-provider): the browser goes from Transdesk's start to the provider and back to the callback.
 */

const PUBLIC_URL = 'https://transdesk.example';
const REDIRECT_URI = `${PUBLIC_URL}/v2/auth/oidc/callback`;

let provider: TestOpenIdProvider;
let t: TestContext;

beforeAll(async () => {
  provider = await TestOpenIdProvider.start(REDIRECT_URI);
  t = await createTestApp({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: 'Agency Login',
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

function toReply(raw: Awaited<ReturnType<TestContext['app']['inject']>>): Reply {
  const json = String(raw.headers['content-type'] ?? '').includes('json') && raw.body.length > 0;
  return { status: raw.statusCode, body: json ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}

const get = async (url: string, headers: Record<string, string> = {}) => toReply(await t.app.inject({ method: 'GET', url, headers }));

const cookieOf = (reply: Reply, name: string): string | undefined => {
  const header = reply.headers['set-cookie'];
  return (Array.isArray(header) ? header : header === undefined ? [] : [header]).find((cookie) => cookie.startsWith(`${name}=`));
};

const sessionCookieOf = (reply: Reply) => cookieOf(reply, 'td_session');

/** A sign-in started at Transdesk: the provider's authorization URL it redirects to, and the cookie the browser keeps. */
interface Started {
  authorization: URL;
  /** `td_oidc_state=…`, as the browser sends it back. */
  cookie: string;
}

async function start(returnTo?: string): Promise<Started> {
  const reply = await get(`/v2/auth/oidc/start${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(302);
  return { authorization: new URL(String(reply.headers.location)), cookie: cookieOf(reply, 'td_oidc_state')!.split(';')[0]! };
}

/** The callback the provider sends the browser to, and the cookie of the browser that started the sign-in. */
interface Callback {
  url: URL;
  cookie: string;
}

/** Goes through the provider as `person`: answers the callback the provider sends the browser to. */
async function throughProvider(person: NextLogin, returnTo?: string): Promise<Callback> {
  const started = await start(returnTo);
  provider.forgetBrowser();
  provider.nextLogin = person;
  return { url: await provider.browse(started.authorization.href, REDIRECT_URI), cookie: started.cookie };
}

/** The browser comes back to Transdesk (with its attempt cookie, unless told otherwise). */
const callback = (back: Callback, cookie: string | null = back.cookie) => get(`${back.url.pathname}${back.url.search}`, cookie === null ? {} : { cookie });

/** The same callback with another URL. */
const withUrl = (back: Callback, change: (url: URL) => void): Callback => {
  const url = new URL(back.url);
  change(url);
  return { url, cookie: back.cookie };
};

async function countSessions(): Promise<number> {
  const row = await t.database.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function invite(email: string, api = t.api): Promise<{ id: string }> {
  const reply = await api.post('/v2/users', { name: email, email, role: 'manager' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: string };
}

const person = (email: string, emailVerified = true): NextLogin => ({ sub: `sub-${email}`, email, emailVerified });

describe('GET /v2/auth/methods', () => {
  it('tells a sign-in page that single sign-on is on, and its name, without authentication', async () => {
    const reply = await get('/v2/auth/methods');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ password: true, oidc: { name: 'Agency Login' } });
  });

  it('refuses unknown parameters', async () => {
    expectError(await get('/v2/auth/methods?x=1'), 400, 'parameter_unknown');
  });
});

describe('GET /v2/auth/oidc/start', () => {
  it("redirects to the provider's authorization endpoint with PKCE (S256), state and nonce, and keeps the attempt with its state hashed", async () => {
    const before = await t.database.db.selectFrom('oidc_logins').select('id').execute();
    const { authorization: url, cookie } = await start('/jobs?status=open');
    expect(url.origin).toBe(provider.issuer);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email');
    expect(params.get('code_challenge_method')).toBe('S256');
    const state = params.get('state')!;
    const nonce = params.get('nonce')!;
    expect(state.length).toBeGreaterThanOrEqual(22);
    expect(nonce.length).toBeGreaterThanOrEqual(22);
    const rows = await t.database.db
      .selectFrom('oidc_logins')
      .selectAll()
      .where('id', 'not in', ['', ...before.map((row) => row.id)])
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.state_hash).toBe(createHash('sha256').update(state).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(state);
    expect(row.nonce).toBe(nonce);
    expect(params.get('code_challenge')).toBe(createHash('sha256').update(row.code_verifier).digest('base64url'));
    expect(row.used_at).toBeNull();
    expect(row.return_to).toBe('/jobs?status=open');
    // The browser that started it keeps its state, for the callback only.
    expect(cookie).toBe(`td_oidc_state=${state}`);
  });

  it('gives the browser its attempt cookie for the callback only, HttpOnly, SameSite=Lax, Secure, for ten minutes', async () => {
    const reply = await get('/v2/auth/oidc/start');
    const cookie = cookieOf(reply, 'td_oidc_state')!;
    expect(cookie).toMatch(/Path=\/v2\/auth\/oidc\/callback/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('refuses a returnTo that leads off this site, and records nothing', async () => {
    const count = async () => (await t.database.db.selectFrom('oidc_logins').select('id').execute()).length;
    const before = await count();
    for (const returnTo of ['https://evil.example/jobs', '//evil.example/jobs', '/\\evil.example', 'jobs', 'javascript:alert(1)', '/\t/evil.example']) {
      const error = expectError(await get(`/v2/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('returnTo');
    }
    expect(await count()).toBe(before);
  });

  it('takes an absolute URL of this site as returnTo, and refuses unknown parameters', async () => {
    expect((await start(`${PUBLIC_URL}/groups`)).authorization.origin).toBe(provider.issuer);
    expectError(await get('/v2/auth/oidc/start?next=/jobs'), 400, 'parameter_unknown');
  });
});

describe('GET /v2/auth/oidc/callback', () => {
  it('signs in an invited user whose verified e-mail matches, activates them, and sends the browser to returnTo', async () => {
    const user = await invite('ana@agency.example');
    const back = await throughProvider(person('Ana@Agency.EXAMPLE'), '/jobs?status=open');
    const reply = await callback(back);
    expect(reply.status, JSON.stringify(reply.body)).toBe(302);
    expect(reply.headers.location).toBe('/jobs?status=open');
    expect(cookieOf(reply, 'td_oidc_state')).toMatch(/^td_oidc_state=;.*Max-Age=0/);
    const cookie = sessionCookieOf(reply)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await get('/v2/users/me', { cookie: cookie.split(';')[0]! });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email: 'ana@agency.example', status: 'active', hasPassword: false });
    const sessions = await t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions.map((session) => session.method)).toEqual(['oidc']);
    const events = await t.database.db.selectFrom('events').selectAll().where('object_id', '=', user.id).where('type', '=', 'user.updated').execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_type: 'user', actor_user_id: user.id });
    expect(JSON.parse(events[0]!.data)).toMatchObject({ status: 'active' });
  });

  it('signs in an active user again (to `/` without returnTo), in their own account', async () => {
    const user = await invite('bo@agency-two.example', t.otherApi);
    expect((await callback(await throughProvider(person('bo@agency-two.example')))).status).toBe(302);
    const reply = await callback(await throughProvider(person('bo@agency-two.example')));
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/');
    const me = await get('/v2/users/me', { cookie: sessionCookieOf(reply)!.split(';')[0]! });
    expect(me.body).toMatchObject({ id: user.id, status: 'active' });
    expect((await get(`/v2/users/${user.id}`, { cookie: sessionCookieOf(reply)!.split(';')[0]! })).status).toBe(200);
    // The session is of the other account: the first account's owner is not found from it.
    expectError(await get(`/v2/users/${t.account.userId}`, { cookie: sessionCookieOf(reply)!.split(';')[0]! }), 404, 'resource_missing');
  });

  it('refuses a wrong state and changes nothing: the real attempt still finishes', async () => {
    await invite('cy@agency.example');
    const back = await throughProvider(person('cy@agency.example'));
    const sessions = await countSessions();
    const wrongState = 'a-state-that-no-attempt-has-00000';
    for (const wrong of [
      withUrl(back, (url) => url.searchParams.set('state', wrongState)),
      { url: withUrl(back, (url) => url.searchParams.set('state', wrongState)).url, cookie: `td_oidc_state=${wrongState}` },
    ]) {
      const error = expectError(await callback(wrong), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('state');
    }
    expectError(await callback(withUrl(back, (url) => url.searchParams.delete('state'))), 400, 'parameter_missing');
    expect(await countSessions()).toBe(sessions);
    expect((await callback(back)).status).toBe(302);
    expect(await countSessions()).toBe(sessions + 1);
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF), and changes nothing', async () => {
    await invite('cyd@agency.example');
    const back = await throughProvider(person('cyd@agency.example'));
    const other = await start();
    const sessions = await countSessions();
    for (const cookie of [null, other.cookie, 'td_oidc_state=']) {
      const reply = await callback(back, cookie);
      expect(expectError(reply, 400, 'parameter_invalid').message).toContain('not started in this browser');
      expect(sessionCookieOf(reply)).toBeUndefined();
    }
    expect(await countSessions()).toBe(sessions);
    expect((await callback(back)).status).toBe(302);
  });

  it('refuses the same callback twice: the state is used once', async () => {
    await invite('di@agency.example');
    const back = await throughProvider(person('di@agency.example'));
    expect((await callback(back)).status).toBe(302);
    const sessions = await countSessions();
    const error = expectError(await callback(back), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('state');
    expect(sessionCookieOf(await callback(back))).toBeUndefined();
    expect(await countSessions()).toBe(sessions);
  });

  it('refuses a code the provider already exchanged, even when the attempt were still open', async () => {
    await invite('ed@agency.example');
    const back = await throughProvider(person('ed@agency.example'));
    expect((await callback(back)).status).toBe(302);
    const sessions = await countSessions();
    // As if the single use of the state had failed: the provider's single use of the code still holds.
    const stateHash = createHash('sha256').update(back.url.searchParams.get('state')!).digest('hex');
    await t.database.db.updateTable('oidc_logins').set({ used_at: null }).where('state_hash', '=', stateHash).execute();
    const reply = await callback(back);
    const error = expectError(reply, 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('code');
    expect(error.message).toContain('Agency Login refused the authorization code');
    expect(sessionCookieOf(reply)).toBeUndefined();
    expect(await countSessions()).toBe(sessions);
  });

  it('refuses an e-mail the provider has not verified, and the invited user stays invited', async () => {
    const user = await invite('fay@agency.example');
    const sessions = await countSessions();
    const reply = await callback(await throughProvider(person('fay@agency.example', false)));
    expect(expectError(reply, 403, 'forbidden').message).toContain('not verified');
    expect(sessionCookieOf(reply)).toBeUndefined();
    expect(await countSessions()).toBe(sessions);
    expect((await t.api.get(`/v2/users/${user.id}`)).body.status).toBe('invited');
  });

  it('refuses an e-mail that no user has', async () => {
    const sessions = await countSessions();
    const reply = await callback(await throughProvider(person('stranger@elsewhere.example')));
    expect(expectError(reply, 403, 'forbidden').message).toContain('ask an owner or admin to invite you');
    expect(await countSessions()).toBe(sessions);
  });

  it('refuses a disabled user', async () => {
    const user = await invite('gil@agency.example');
    expect((await t.api.put(`/v2/users/${user.id}`, { disabled: true })).status).toBe(200);
    const sessions = await countSessions();
    const reply = await callback(await throughProvider(person('gil@agency.example')));
    expect(expectError(reply, 403, 'forbidden').message).toContain('disabled');
    expect(await countSessions()).toBe(sessions);
    expect((await t.api.get(`/v2/users/${user.id}`)).body.status).toBe('disabled');
  });

  it('refuses an attempt older than ten minutes', async () => {
    await invite('hal@agency.example');
    const back = await throughProvider(person('hal@agency.example'));
    const stateHash = createHash('sha256').update(back.url.searchParams.get('state')!).digest('hex');
    const attempt = await t.database.db.selectFrom('oidc_logins').select('created_at').where('state_hash', '=', stateHash).executeTakeFirstOrThrow();
    const sessions = await countSessions();
    await t.database.db
      .updateTable('oidc_logins')
      .set({ created_at: new Date(Date.parse(attempt.created_at) - 10 * 60_000 - 1).toISOString() })
      .where('state_hash', '=', stateHash)
      .execute();
    const error = expectError(await callback(back), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('state');
    expect(await countSessions()).toBe(sessions);
  });

  it("answers the provider's refusal (error=access_denied) clearly, and the attempt is used up", async () => {
    const back = await throughProvider({ refuse: 'access_denied' });
    expect(back.url.searchParams.get('error')).toBe('access_denied');
    const sessions = await countSessions();
    const reply = await callback(back);
    expect(expectError(reply, 403, 'forbidden').message).toContain('Agency Login did not sign you in (access_denied');
    // The attempt's cookie is cleared whatever the outcome.
    expect(cookieOf(reply, 'td_oidc_state')).toMatch(/Max-Age=0/);
    expectError(await callback(back), 400, 'parameter_invalid');
    expect(await countSessions()).toBe(sessions);
  });

  it('refuses a callback without a code', async () => {
    const back = await throughProvider(person('nobody@agency.example'));
    expectError(await callback(withUrl(back, (url) => url.searchParams.delete('code'))), 400, 'parameter_missing');
  });
});

describe('a provider that puts the e-mail in the ID token', () => {
  it('signs the user in from the ID token claims', async () => {
    const own = await TestOpenIdProvider.start(REDIRECT_URI, { claimsInIdToken: true });
    const app = await createTestApp({ PUBLIC_URL, OIDC_ISSUER: own.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET });
    try {
      const created = await app.api.post('/v2/users', { name: 'Ida', email: 'ida@agency.example' });
      const started = await app.app.inject({ method: 'GET', url: '/v2/auth/oidc/start' });
      own.nextLogin = person('ida@agency.example');
      const url = await own.browse(String(started.headers.location), REDIRECT_URI);
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const reply = await app.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
      expect(reply.statusCode, reply.body).toBe(302);
      expect((await app.api.get(`/v2/users/${created.body.id as string}`)).body.status).toBe('active');
      expect((await app.api.get('/v2/auth/methods')).body).toEqual({ password: true, oidc: { name: 'single sign-on' } });
    } finally {
      await app.close();
      await own.close();
    }
  });
});

describe('without single sign-on configured', () => {
  it('says so to the sign-in page, and both routes answer 404', async () => {
    const app = await createTestApp();
    try {
      const api = app.api.withKey(undefined);
      expect((await api.get('/v2/auth/methods')).body).toEqual({ password: true, oidc: null });
      expect(expectError(await api.get('/v2/auth/oidc/start'), 404, 'route_missing').message).toBe('Single sign-on is not set up on this server');
      expectError(await api.get('/v2/auth/oidc/callback?state=x&code=y'), 404, 'route_missing');
    } finally {
      await app.close();
    }
  });
});
