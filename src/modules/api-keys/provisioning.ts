import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import { SYSTEM_ACTOR, type Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { recordEvent } from '../../core/events.js';
import { apiKeyRepository as repo } from './repository.js';
import { insertKeyRow, toObjects, type ApiKeyObject } from './service.js';

/**
 * API keys outside any HTTP request: the account's first key (start-up, `accounts create`), the
 * command line (`transdesk keys …`) and the tests. No role limits these; the command line's
 * changes record their events as the system (docs/access.md#who-did-what).
 */
export interface KeyInfo {
  id: string;
  accountId: string;
  userId: string;
  userName: string;
  name: string;
  prefix: string;
  scope: 'read' | 'write';
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key row without an event (the account's first key, which its `account.created` event accompanies; tests). */
export async function insertApiKey(
  db: Executor,
  accountId: string,
  userId: string,
  options: { apiKey?: string; scope?: 'read' | 'write'; name?: string } = {},
): Promise<{ keyId: string; apiKey: string }> {
  const { row, secret } = await insertKeyRow(db, accountId, userId, { secret: options.apiKey, scope: options.scope, name: options.name });
  return { keyId: row.id, apiKey: secret };
}

const systemCtx = (db: Executor, dialect: DialectName, accountId: string): Ctx => ({ db, dialect, accountId, userId: '', actor: SYSTEM_ACTOR });

/** `transdesk keys create`: a key of any user of the account, with its `apiKey.created` event (system). */
export async function createKeyAsSystem(
  db: Db,
  dialect: DialectName,
  accountId: string,
  userId: string,
  options: { scope?: 'read' | 'write'; name?: string },
): Promise<{ keyId: string; apiKey: string }> {
  return db.transaction().execute(async (tx) => {
    const ctx = systemCtx(tx, dialect, accountId);
    const { row, secret } = await insertKeyRow(tx, accountId, userId, options);
    const [key] = await toObjects(ctx, [row]);
    await recordEvent(ctx, 'apiKey.created', key);
    return { keyId: row.id, apiKey: secret };
  });
}

/** `transdesk keys revoke`: any live key, found by id alone, with its `apiKey.deleted` event (system). */
export async function revokeKeyAsSystem(db: Db, dialect: DialectName, keyId: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await repo.findAnywhere(tx, keyId);
    if (row === undefined || row.revoked_at !== null) return false;
    const at = nowIso();
    if (!(await repo.revoke(tx, row.account_id, keyId, at))) return false;
    const ctx = systemCtx(tx, dialect, row.account_id);
    const [key] = await toObjects(ctx, [{ ...row, revoked_at: at }]);
    await recordEvent(ctx, 'apiKey.deleted', key);
    return true;
  });
}

/** Every key of the account, revoked ones included, in creation order (`transdesk keys list`). */
export async function listKeys(db: Executor, dialect: DialectName, accountId: string): Promise<KeyInfo[]> {
  const rows = await repo.list(db, accountId, { revoked: true });
  const keys: ApiKeyObject[] = await toObjects(systemCtx(db, dialect, accountId), rows);
  return keys.map((key) => ({
    id: key.id,
    accountId,
    userId: key.user.id,
    userName: key.user.name,
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
  }));
}

/** Revokes a live key by id, without an event (tests). */
export async function revokeKey(db: Executor, keyId: string): Promise<boolean> {
  const row = await repo.findAnywhere(db, keyId);
  return row !== undefined && repo.revoke(db, row.account_id, keyId, nowIso());
}

/** Revokes every live key of a user, without an event: the user was disabled (docs/access.md#users), whose event says so. */
export async function revokeKeysOf(db: Executor, userId: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** Deletes a key row, without an event: the demo data set's key, which lived only while it added the data. */
export async function deleteApiKey(db: Executor, keyId: string): Promise<void> {
  await db.deleteFrom('api_keys').where('id', '=', keyId).execute();
}
