import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isTrue, type Executor } from './db/dialect.js';
import { preparedQuery, type PreparedQuery } from './db/prepared.js';
import type { DB, Role } from './db/schema.js';
import { actorOf, type AuthContext, type VersionsRead } from './context.js';
import type { PrereadVersions } from './view-cache.js';

/**
 * API keys and sessions (docs/reference.md#authentication, docs/access.md). Both are random secrets
 * (32 bytes of entropy), shown once, stored only as a SHA-256 hash. A fast hash is right here: the
 * secrets are random, not passwords, so there is nothing to brute-force, and lookup by hash
 * through a unique index takes the same time whatever the secret.
 */
export function generateApiKey(): string {
  return `td_${randomBytes(32).toString('base64url')}`;
}

/** A random secret for a session cookie or a single-use link (invitation, reset). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The same hash, for session and link tokens. */
export const hashToken = hashApiKey;

/** The first characters of a key, kept to let a person recognise it in `keys list`. */
export function keyPrefix(key: string): string {
  return key.slice(0, 8);
}

/**
 * The CSRF token of a session (docs/access.md#cross-site-requests): derived from the session's
 * secret, so nothing more is stored, and unknowable to a site that cannot read the cookie.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`, 'utf8').digest('base64url');
}

/** Compares two secrets in a time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads the key from `Authorization: Basic base64(key:)` or `Authorization: Bearer key`. */
export function keyFromAuthorization(header: string | undefined): string | undefined {
  if (!header || header.length > 1024) return undefined;
  const space = header.indexOf(' ');
  if (space < 0) return undefined;
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  if (scheme === 'bearer') return value || undefined;
  if (scheme !== 'basic') return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon < 0 ? decoded : decoded.slice(0, colon);
  return user || undefined;
}

interface Row {
  accountId: string;
  userId: string;
  userName: string;
  role: Role;
  id: string;
  /** Keys only. */
  scope?: 'read' | 'write';
  /** Keys: when last used; sessions: when last seen (ISO). */
  lastUsedAt: string | null;
  /** When made, or signed in (ISO). */
  createdAt: string;
}

// A disabled user's keys and sessions find nothing: disabling ends them at once.
const keyQuery = (db: Kysely<DB>, p: { hash: string }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id as id',
      'api_keys.account_id as accountId',
      'api_keys.user_id as userId',
      'users.name as userName',
      'users.role as role',
      'api_keys.scope as scope',
      'api_keys.last_used_at as lastUsedAt',
      'api_keys.created_at as createdAt',
    ])
    .where('api_keys.key_hash', '=', p.hash)
    .where('api_keys.revoked_at', 'is', null)
    .where('users.status', '=', 'active');

const sessionQuery = (db: Kysely<DB>, p: { hash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as id',
      'sessions.account_id as accountId',
      'sessions.user_id as userId',
      'users.name as userName',
      'users.role as role',
      'sessions.last_seen_at as lastUsedAt',
      'sessions.created_at as createdAt',
    ])
    .where('sessions.token_hash', '=', p.hash)
    .where('sessions.ended_at', 'is', null)
    .where('users.status', '=', 'active');

const keyByHash = preparedQuery(keyQuery);
const sessionByHash = preparedQuery(sessionQuery);

/**
 * The account's `managers_see_revenue_and_margins`, read in the statement that finds the caller
 * (PostgreSQL, where the caller is looked up on every request): the access plugin then needs no
 * statement of its own for a manager (core/financials.ts). Not on SQLite, where what was found is
 * kept under the key epoch, which a change of the account's settings does not move.
 */
type RevenueColumn = { seesRevenue: number | boolean | null };
const seesRevenue = (kind: 'k' | 's') =>
  sql<number | boolean | null>`(select a.managers_see_revenue_and_margins from accounts a where a.id = ${sql.ref(
    kind === 'k' ? 'api_keys.account_id' : 'sessions.account_id',
  )})`.as('seesRevenue');
const keyWithSetting = preparedQuery((db, p: { hash: string }) => keyQuery(db, p).select(seesRevenue('k')));
const sessionWithSetting = preparedQuery((db, p: { hash: string }) => sessionQuery(db, p).select(seesRevenue('s')));

type VersionColumns = { version: number | string | null; epoch: number | string | null };

/**
 * The same look-ups with the version and epoch of one object of the caller's account (PostgreSQL,
 * core/view-cache.ts `PrereadVersions`): two scalar subqueries on primary keys, scoped by the
 * account the key or session belongs to. One per kind of look-up and of object.
 */
const withVersions = new Map<string, PreparedQuery<{ hash: string; id: string }, Row & VersionColumns & RevenueColumn>>();

function lookUpWithVersion(kind: 'k' | 's', preread: PrereadVersions): PreparedQuery<{ hash: string; id: string }, Row & VersionColumns & RevenueColumn> {
  const name = `${kind} ${preread.versions} ${preread.key}`;
  let query = withVersions.get(name);
  if (query === undefined) {
    const account = sql.ref(kind === 'k' ? 'api_keys.account_id' : 'sessions.account_id');
    const columns = (id: string) => [
      sql<
        number | string | null
      >`(select v.version from ${sql.table(preread.versions)} v where v.account_id = ${account} and ${sql.ref(`v.${preread.key}`)} = ${id})`.as('version'),
      sql<number | string | null>`(select e.epoch from view_epochs e where e.account_id = ${account})`.as('epoch'),
      seesRevenue(kind),
    ];
    query =
      kind === 'k'
        ? preparedQuery((db, p: { hash: string; id: string }) => keyQuery(db, p).select(columns(p.id)))
        : preparedQuery((db, p: { hash: string; id: string }) => sessionQuery(db, p).select(columns(p.id)));
    withVersions.set(name, query);
  }
  return query;
}

/** What a key or a session found: the caller, and the times its expiry and last use are judged by (ms). */
interface Found {
  auth: AuthContext;
  /** Keys: when last used (null: never); sessions: when last seen. */
  lastUsedMs: number | null;
  /** Sessions: when signed in. */
  createdMs: number;
  /** PostgreSQL: the account's `managers_see_revenue_and_margins`, read with the caller for this request. */
  managersSeeRevenue?: boolean;
}

function shape(row: Row, kind: 'k' | 's'): Found {
  const method = kind === 'k' ? 'key' : 'session';
  const keyId = kind === 'k' ? row.id : null;
  const auth: AuthContext = Object.freeze({
    accountId: row.accountId,
    userId: row.userId,
    userName: row.userName,
    role: row.role,
    method,
    keyId,
    sessionId: kind === 's' ? row.id : null,
    scope: row.scope ?? 'write',
    actor: Object.freeze(actorOf({ method, userId: row.userId, keyId })),
  });
  return Object.freeze({ auth, lastUsedMs: row.lastUsedAt === null ? null : Date.parse(row.lastUsedAt), createdMs: Date.parse(row.createdAt) });
}

/** What was found, with the account's revenue setting read in the same statement. */
const withSetting = (found: Found, setting: number | boolean | null): Found =>
  setting === null ? found : Object.freeze({ ...found, managersSeeRevenue: isTrue(setting) });

/** Look-ups of one database handle, valid at one key epoch. */
interface FoundAtEpoch {
  epoch: string;
  found: Map<string, Found | undefined>;
}

/** Distinct secrets remembered at one epoch (found or not); past it, the oldest is forgotten. */
const KEPT = 10_000;
const foundByDatabase = new WeakMap<object, FoundAtEpoch>();

/**
 * The key's or session's caller (undefined: none, revoked, ended, or its user disabled). With a
 * key epoch (SQLite, `ChangeStamps.keys` in core/db/change-stamp.ts), what was found is answered
 * again while the epoch is unchanged: triggers bump it on every write of `api_keys`, `users` and
 * `sessions` by anyone (the freshness manifest's `keyEpoch`), so the key cannot have been revoked,
 * the session ended, nor their user changed, in between. Without an epoch (PostgreSQL), it is
 * looked up on every request. Remembered by hash, never in clear.
 */
async function lookUp(db: Executor, kind: 'k' | 's', secret: string, epoch: string | undefined, preread?: Preread): Promise<Found | undefined> {
  const hash = hashApiKey(secret);
  if (epoch === undefined && preread !== undefined) {
    const row = await lookUpWithVersion(kind, preread.of).first(db, { hash, id: preread.id });
    if (row === undefined) return undefined;
    const { version, epoch: viewEpoch, seesRevenue: setting, ...caller } = row;
    preread.read = { versions: preread.of.versions, id: preread.id, row: version === null ? undefined : { version, epoch: viewEpoch } };
    return withSetting(shape(caller, kind), setting);
  }
  if (epoch === undefined) {
    const row = await (kind === 'k' ? keyWithSetting : sessionWithSetting).first(db, { hash });
    if (row === undefined) return undefined;
    const { seesRevenue: setting, ...caller } = row;
    return withSetting(shape(caller, kind), setting);
  }
  const query = kind === 'k' ? keyByHash : sessionByHash;
  const read = async () => {
    const row = (await query.first(db, { hash })) as Row | undefined;
    return row === undefined ? undefined : shape(row, kind);
  };
  let kept = foundByDatabase.get(db);
  if (kept === undefined || kept.epoch !== epoch) {
    kept = { epoch, found: new Map() };
    foundByDatabase.set(db, kept);
  }
  const slot = kind + hash;
  if (kept.found.has(slot)) return kept.found.get(slot);
  const found = await read();
  // The look-up ran after the epoch was read: a write in between gives a newer epoch, which empties the map.
  if (kept.found.size >= KEPT) kept.found.delete(kept.found.keys().next().value!);
  kept.found.set(slot, found);
  return found;
}

export interface FoundKey {
  auth: AuthContext;
  /** When the key was last used (ms), null: never. */
  lastUsedMs: number | null;
  /** PostgreSQL: the account's `managers_see_revenue_and_margins`, read with the key for this request. */
  managersSeeRevenue?: boolean;
}

/**
 * PostgreSQL (no key epoch): the object of a read route whose version is read in the same
 * statement as the caller; `read` is set once it was.
 */
export interface Preread {
  of: PrereadVersions;
  id: string;
  read?: VersionsRead;
}

export function findKey(db: Executor, key: string, epoch?: string, preread?: Preread): Promise<FoundKey | undefined> {
  return lookUp(db, 'k', key, epoch, preread);
}

export interface SessionLimits {
  /** A session not used for this long has ended. */
  idleMs: number;
  /** A session this old has ended, used or not. */
  maxAgeMs: number;
}

export interface FoundSession {
  auth: AuthContext;
  /** When the session was last seen (ms). */
  lastUsedMs: number | null;
  /** PostgreSQL: the account's `managers_see_revenue_and_margins`, read with the session for this request. */
  managersSeeRevenue?: boolean;
}

/** The session of a cookie's value, if it has not ended (signed out, expired, its user disabled). */
export async function findSession(
  db: Executor,
  token: string,
  limits: SessionLimits,
  now: number,
  epoch?: string,
  preread?: Preread,
): Promise<FoundSession | undefined> {
  const found = await lookUp(db, 's', token, epoch, preread);
  if (found === undefined || found.lastUsedMs === null) return undefined;
  if (now - found.lastUsedMs > limits.idleMs || now - found.createdMs > limits.maxAgeMs) return undefined;
  return found;
}
