import type { DialectName, Executor } from './db/dialect.js';
import type { Role } from './db/schema.js';

/**
 * Who made a change (docs/reference.md#events): a user signed in, an API key, Transdesk itself
 * (CLI, start-up), or a supplier's or client's person through a portal (docs/supplier-portal.md).
 */
export interface Actor {
  type: 'user' | 'key' | 'system' | 'portal';
  userId: string | null;
  apiKeyId: string | null;
  /** The portal person of a `portal` change (absent or null otherwise). */
  portalPersonId?: string | null;
}

export const SYSTEM_ACTOR: Actor = Object.freeze({ type: 'system', userId: null, apiKeyId: null });

/**
 * PostgreSQL: what the statement that found the caller read of the route's object
 * (core/view-cache.ts, `PrereadVersions`): its version row, or undefined (no such object in the
 * caller's account).
 */
export interface VersionsRead {
  /** The versions table, e.g. `job_versions`. */
  versions: string;
  id: string;
  row: { version: number | string; epoch: number | string | null } | undefined;
}

/** What a service needs to run one operation for one caller: the executor and the caller's account. */
export interface Ctx {
  db: Executor;
  dialect: DialectName;
  accountId: string;
  userId: string;
  /** The caller's name as authenticated (absent where no request is served: the CLI, tests). */
  userName?: string;
  /** The caller's role (absent where no request is served: the CLI, start-up, tests: no limits). */
  role?: Role;
  /**
   * Revenue and margins are hidden from the caller (core/financials.ts; absent where no request is
   * served: nothing hidden).
   */
  financialsHidden?: boolean;
  /** Who the events of this operation name (absent: the system). */
  actor?: Actor;
  /**
   * Reads outside a transaction on SQLite: the database's change stamp read when the request was
   * authenticated (core/db/change-stamp.ts), for the view cache. Absent otherwise.
   */
  changeStamp?: string;
  /**
   * false: the view caches (core/view-cache.ts) serve what they keep but keep nothing new. A CSV
   * export reads so: its rows must not push out the objects people are reading.
   */
  keepViews?: boolean;
  /**
   * PostgreSQL: the version of the route's object, read with the caller's key or session
   * (core/view-cache.ts, `PrereadVersions`). Used once, by the first read of that object.
   */
  versionsRead?: VersionsRead;
}

/** The caller of a request, as the authentication found it (core/http/auth-plugin.ts). */
export interface AuthContext {
  accountId: string;
  userId: string;
  userName: string;
  role: Role;
  /** How the caller authenticated: an API key, or a session cookie (a browser signed in). */
  method: 'key' | 'session';
  /** The key (method `key`), else null. */
  keyId: string | null;
  /** The session (method `session`), else null. */
  sessionId: string | null;
  /** A key's scope; a session writes as its user's role allows. */
  scope: 'read' | 'write';
  /** Who the events of the caller's changes name (actorOf), made once with the caller. */
  actor: Actor;
}

/** The actor of a request's changes. */
export function actorOf(auth: Pick<AuthContext, 'method' | 'userId' | 'keyId'>): Actor {
  return auth.method === 'key' ? { type: 'key', userId: auth.userId, apiKeyId: auth.keyId } : { type: 'user', userId: auth.userId, apiKeyId: null };
}
