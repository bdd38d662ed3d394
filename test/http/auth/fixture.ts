import type { FastifyInstance } from 'fastify';
import { setPasswordByEmail } from '../../../src/modules/auth/index.js';
import { Api, type Reply, type TestContext } from '../../helper.js';

export const PASSWORD = 'correct horse battery';

/** A user of the account behind `api` who signs in with `email` and `password` (created invited, then given the password). */
export async function userWithPassword(
  t: TestContext,
  email: string,
  options: { password?: string; role?: string; api?: Api } = {},
): Promise<{ id: string; email: string; password: string }> {
  const api = options.api ?? t.api;
  const created = await api.post('/v2/users', { name: email.split('@')[0]!, email, role: options.role ?? 'admin' });
  if (created.status !== 201) throw new Error(`could not create ${email}: ${created.status} ${JSON.stringify(created.body)}`);
  const password = options.password ?? PASSWORD;
  await setPasswordByEmail(t.database.db, t.database.dialect, email, password);
  return { id: created.body.id as string, email, password };
}

/** The value of a session cookie a reply sets ('' when it clears it), and its attributes: the agency's `td_session`, or the portal's `td_portal`. */
export function sessionCookieOf(reply: Reply, name: 'td_session' | 'td_portal' = 'td_session'): { value: string; attributes: string } | undefined {
  const header = reply.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  const cookie = all.find((line) => line.startsWith(`${name}=`));
  if (cookie === undefined) return undefined;
  const semicolon = cookie.indexOf(';');
  return { value: cookie.slice(name.length + 1, semicolon < 0 ? undefined : semicolon), attributes: semicolon < 0 ? '' : cookie.slice(semicolon + 1) };
}

/** A browser: signs in, keeps the cookie and the CSRF token, and sends them (the token only when asked to). */
export class Browser {
  cookie: string | undefined;
  csrfToken: string | undefined;
  /** `cookieName`: the agency's session cookie, or the portal's (test/http/portal/fixture.ts). */
  constructor(
    readonly app: FastifyInstance,
    readonly cookieName: 'td_session' | 'td_portal' = 'td_session',
  ) {}

  async login(email: string, password: string, options: { json?: boolean } = {}): Promise<Reply> {
    const reply = await new Api(this.app, undefined).post('/v2/auth/login', { email, password }, options);
    if (reply.status === 200) {
      this.cookie = sessionCookieOf(reply)!.value;
      this.csrfToken = reply.body.csrfToken as string;
    }
    return reply;
  }

  /** A request with the cookie; `csrf: false` leaves the token out (a cross-site form post), a string sends that token. */
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    params?: Record<string, any>,
    options: { csrf?: boolean | string; headers?: Record<string, string>; json?: boolean } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie !== undefined) headers.cookie = `${this.cookieName}=${this.cookie}`;
    const csrf = options.csrf ?? true;
    if (csrf === true && this.csrfToken !== undefined) headers['x-csrf-token'] = this.csrfToken;
    if (typeof csrf === 'string') headers['x-csrf-token'] = csrf;
    return new Api(this.app, undefined).request(method, url, params, { headers, json: options.json });
  }

  get(url: string) {
    return this.request('GET', url);
  }
}
