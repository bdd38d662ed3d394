import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/core/db/database.js';
import { migrateToLatest } from '../src/core/db/migrate.js';
import { createAccount, insertApiKey } from '../src/modules/accounts/provisioning.js';
import { ResponseValidation } from './response-validation.js';

/**
 * Builds the app for `inject` tests on the database the suite runs on: an in-memory SQLite by
 * default, or a fresh schema of the PostgreSQL database in DATABASE_URL (one per test file).
 */
export const usingPostgres = (process.env.DATABASE_URL ?? '').startsWith('postgres');

/**
 * TEST_SQLITE=file: each test database is a SQLite file in a temporary directory, removed after,
 * as in production: a writing connection and a read-only one (core/db/database.ts, `reader`),
 * where an in-memory database has one connection for both (docs/development.md#tests).
 */
export const usingSqliteFile = !usingPostgres && process.env.TEST_SQLITE === 'file';

export interface TestAccount {
  accountId: string;
  userId: string;
  apiKey: string;
  /** A read-only key of the same user. */
  readKey: string;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The first account; `other` is a second account for the tenancy boundary. */
  account: TestAccount;
  other: TestAccount;
  api: Api;
  otherApi: Api;
  /** Checks every answer against the OpenAPI document (on for every test app). */
  responses: ResponseValidation;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (usingSqliteFile) {
    const dir = mkdtempSync(join(tmpdir(), 'transdesk-test-'));
    const database = openDatabase(`sqlite:${join(dir, 'test.sqlite')}`);
    await migrateToLatest(database);
    // After database.close(): the files (with the WAL) go with their directory.
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!usingPostgres) {
    const database = openDatabase('sqlite::memory:');
    await migrateToLatest(database);
    return { database, drop: async () => {} };
  }
  const url = process.env.DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase(url, { poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const database = openDatabase(url, { pgSchema: schema, poolSize: 5 });
  await whileNoSchemaIsDropped(admin, () => migrateToLatest(database));
  return {
    database,
    drop: async () => {
      await dropSchema(admin, schema);
      await admin.close();
    },
  };
}

/**
 * Test files in other workers create and drop their schemas in the same PostgreSQL database. Kysely's
 * migrator looks for its tables with an introspection of every schema (`pg_get_serial_sequence` on
 * each table by name), which fails with "schema … does not exist" when a schema is dropped during
 * it. Migrations hold this advisory lock shared and a drop holds it alone, so the two never overlap.
 */
const SCHEMA_DROP_LOCK = 7_402_391;

export async function whileNoSchemaIsDropped<T>(admin: Database, work: () => Promise<T>): Promise<T> {
  await sql`select pg_advisory_lock_shared(${SCHEMA_DROP_LOCK})`.execute(admin.db);
  try {
    return await work();
  } finally {
    await sql`select pg_advisory_unlock_shared(${SCHEMA_DROP_LOCK})`.execute(admin.db);
  }
}

/** Drops a test schema while no migration introspects the database (whileNoSchemaIsDropped). */
export async function dropSchema(admin: Database, schema: string): Promise<void> {
  await sql`select pg_advisory_lock(${SCHEMA_DROP_LOCK})`.execute(admin.db);
  try {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
  } finally {
    await sql`select pg_advisory_unlock(${SCHEMA_DROP_LOCK})`.execute(admin.db);
  }
}

export async function createTestAccount(database: Database, name: string): Promise<TestAccount> {
  const created = await createAccount(database.db, database.dialect, { name });
  const { apiKey: readKey } = await insertApiKey(database.db, created.accountId, created.userId, { scope: 'read' });
  return { accountId: created.accountId, userId: created.userId, apiKey: created.apiKey, readKey };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent', ...env });
  const { app, responses } = await buildTestApp({ config, database });
  const account = await createTestAccount(database, 'Agency One');
  const other = await createTestAccount(database, 'Agency Two');
  return {
    app,
    database,
    config,
    account,
    other,
    api: new Api(app, account.apiKey),
    otherApi: new Api(app, other.apiKey),
    responses,
    async close() {
      await app.close();
      responses.throwMismatches();
      await database.close();
      await drop();
    },
  };
}

/**
 * buildApp with the response validation of the suite: every answer must be one the OpenAPI
 * document declares (test/response-validation.ts); `inject` throws a mismatch at once.
 */
export async function buildTestApp(options: { config: Config; database: Database }): Promise<{ app: FastifyInstance; responses: ResponseValidation }> {
  const responses = new ResponseValidation();
  const app = await buildApp({ ...options, logger: false, instrument: responses.install });
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    // The chained form (`app.inject().get(…)`) and the callback form are left as they are.
    if (args.length !== 1) return inject(...args);
    return (inject(args[0]) as Promise<LightMyRequestResponse>).then((response) => {
      responses.throwMismatches();
      return response;
    });
  };
  return { app, responses };
}

export type Value = string | number | boolean | null | undefined | Value[] | { [key: string]: Value };

/** Encodes nested values in the bracket notation of docs/reference.md#form-values-and-brackets (`a[b]=1`, `a[]=1`). */
export function toForm(params: Record<string, Value>): string {
  const pairs: string[] = [];
  const add = (key: string, value: Value) => {
    if (value === undefined) return;
    if (value === null) pairs.push(`${encodeURIComponent(key)}=`);
    else if (Array.isArray(value)) value.forEach((item, index) => add(typeof item === 'object' && item !== null ? `${key}[${index}]` : `${key}[]`, item));
    else if (typeof value === 'object') for (const [child, item] of Object.entries(value)) add(`${key}[${child}]`, item);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

/** A small client over `inject`: form bodies by default, `json: true` for JSON. */
export class Api {
  constructor(
    readonly app: FastifyInstance,
    readonly apiKey: string | undefined,
  ) {}

  withKey(apiKey: string | undefined): Api {
    return new Api(this.app, apiKey);
  }

  async request<T = any>(
    method: InjectOptions['method'],
    url: string,
    params?: Record<string, Value>,
    options: { json?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.apiKey !== undefined) headers.authorization = `Basic ${Buffer.from(`${this.apiKey}:`).toString('base64')}`;
    let payload: string | undefined;
    if (params !== undefined) {
      if (options.json) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(params);
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = toForm(params);
      }
    }
    const raw = await this.app.inject({ method, url, headers, payload });
    let body: unknown = raw.body;
    if ((raw.headers['content-type'] ?? '').toString().includes('json') && raw.body.length > 0) body = JSON.parse(raw.body);
    return { status: raw.statusCode, body: body as T, headers: raw.headers, raw };
  }

  get<T = any>(url: string, query?: Record<string, Value>) {
    return this.request<T>('GET', query ? `${url}${url.includes('?') ? '&' : '?'}${toForm(query)}` : url);
  }
  post<T = any>(url: string, params: Record<string, Value> = {}, options?: { json?: boolean }) {
    return this.request<T>('POST', url, params, options);
  }
  put<T = any>(url: string, params: Record<string, Value> = {}, options?: { json?: boolean }) {
    return this.request<T>('PUT', url, params, options);
  }
  patch<T = any>(url: string, params: Record<string, Value> = {}, options?: { json?: boolean }) {
    return this.request<T>('PATCH', url, params, options);
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }
}

/** Asserts the error body of docs/reference.md#errors and answers it. */
export function expectError(
  reply: Pick<Reply, 'status' | 'body'>,
  status: number,
  code: string,
): { message: string; code: string; details?: Array<{ param: string; message: string }> } {
  const body = reply.body as Record<string, unknown>;
  if (reply.status !== status || body?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${reply.status} ${JSON.stringify(reply.body).slice(0, 500)}`);
  }
  for (const field of ['message', 'name', 'code', 'id']) {
    if (typeof body[field] !== 'string') throw new Error(`error body lacks ${field}: ${JSON.stringify(body)}`);
  }
  return body as never;
}

/** A well-formed id that no record has. */
export const MISSING_ID = 'ffffffffffffffffffffffff';
