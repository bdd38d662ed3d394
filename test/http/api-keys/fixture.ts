import type { FastifyInstance, InjectOptions } from 'fastify';
import { csrfTokenOf } from '../../../src/core/auth.js';
import type { Role } from '../../../src/core/db/schema.js';
import { SESSION_COOKIE } from '../../../src/core/http/session-cookie.js';
import { sessions } from '../../../src/modules/auth/sessions.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, type Reply, type TestContext } from '../../helper.js';

/** A client signed in by a session cookie, sending the session's CSRF token with every request (as a browser page would). */
export class SessionApi extends Api {
  constructor(
    app: FastifyInstance,
    readonly token: string,
  ) {
    super(app, undefined);
  }

  override request<T = any>(
    method: InjectOptions['method'],
    url: string,
    params?: Parameters<Api['request']>[2],
    options: { json?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers = { cookie: `${SESSION_COOKIE}=${this.token}`, 'x-csrf-token': csrfTokenOf(this.token), ...options.headers };
    return super.request<T>(method, url, params, { ...options, headers });
  }
}

/** A session of a user of the account (inserted as a sign-in would). */
export async function sessionOf(t: TestContext, userId: string, app: FastifyInstance = t.app): Promise<SessionApi> {
  const user = await t.database.db.selectFrom('users').select(['id', 'account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const started = await sessions.start(t.database.db, user, 'password');
  return new SessionApi(app, started.token);
}

export interface Person {
  id: string;
  name: string;
  /** A write key of the user (made on the command line's path: no event). */
  key: Api;
  keyId: string;
  session: SessionApi;
}

/** A new active user with this role (of the account of `api`), a key and a session. */
export async function person(t: TestContext, role: Role, name: string, api: Api = t.api): Promise<Person> {
  const created = await api.post('/v2/users', { name, role });
  if (created.status !== 201) throw new Error(`could not create ${name}: ${JSON.stringify(created.body)}`);
  const row = await t.database.db.selectFrom('users').select('account_id').where('id', '=', created.body.id).executeTakeFirstOrThrow();
  const { keyId, apiKey } = await insertApiKey(t.database.db, row.account_id, created.body.id, { name: `${name}'s key` });
  return { id: created.body.id, name, key: api.withKey(apiKey), keyId, session: await sessionOf(t, created.body.id) };
}
