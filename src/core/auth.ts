import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from './db/dialect.js';
import { preparedQuery } from './db/prepared.js';
import type { AuthContext } from './context.js';

/**
 * API keys (docs/reference.md#authentication): random, 32 bytes of entropy, shown once, stored as a SHA-256 hash.
 * A fast hash is right here: keys are random, not passwords, so there is nothing to brute-force,
 * and lookup by hash through a unique index takes the same time whatever the key.
 */
export function generateApiKey(): string {
  return `td_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first characters of a key, kept to let a person recognise it in `keys list`. */
export function keyPrefix(key: string): string {
  return key.slice(0, 8);
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

const keyByHash = preparedQuery((db, p: { keyHash: string }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['api_keys.id as keyId', 'api_keys.account_id as accountId', 'api_keys.user_id as userId', 'users.name as userName', 'api_keys.scope as scope'])
    .where('api_keys.key_hash', '=', p.keyHash)
    .where('api_keys.revoked_at', 'is', null),
);

/** Look-ups of one database handle, valid at one key epoch. */
interface KeysAtEpoch {
  epoch: string;
  found: Map<string, AuthContext | undefined>;
}

/** Distinct keys remembered at one epoch (found or not); past it, the oldest is forgotten. */
const KEYS_KEPT = 10_000;
const keysByDatabase = new WeakMap<object, KeysAtEpoch>();

/**
 * The key's account and user (undefined: no such key, or revoked). With a key epoch (SQLite,
 * `ChangeStamps.keys` in core/db/change-stamp.ts), what was found is answered again while the epoch
 * is unchanged: triggers bump it on every write of `api_keys` and `users` by anyone (migration
 * 0017), so the key cannot have been revoked, nor its user changed, in between. A revocation in
 * this process or another one (`transdesk keys revoke`, plain SQL) changes the epoch and the key is
 * looked up again. Without an epoch (PostgreSQL), it is looked up on every request. Keys are
 * remembered by their hash, never in clear.
 */
export async function findKey(db: Executor, key: string, epoch?: string): Promise<AuthContext | undefined> {
  const keyHash = hashApiKey(key);
  if (epoch === undefined) return keyByHash.first(db, { keyHash });
  let kept = keysByDatabase.get(db);
  if (kept === undefined || kept.epoch !== epoch) {
    kept = { epoch, found: new Map() };
    keysByDatabase.set(db, kept);
  }
  if (kept.found.has(keyHash)) return kept.found.get(keyHash);
  const auth = await keyByHash.first(db, { keyHash });
  // The look-up ran after the epoch was read: a write in between gives a newer epoch, which empties the map.
  if (kept.found.size >= KEYS_KEPT) kept.found.delete(kept.found.keys().next().value!);
  kept.found.set(keyHash, auth === undefined ? undefined : Object.freeze(auth));
  return auth;
}
