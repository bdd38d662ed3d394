import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from './db/dialect.js';
import { preparedQuery } from './db/prepared.js';
import type { AuthContext } from './context.js';

/**
 * API keys (DESIGN §4): random, 32 bytes of entropy, shown once, stored as a SHA-256 hash.
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

/**
 * The key's account and user, looked up on every request (no cache: a key revoked by the CLI, from
 * another process, stops working at once).
 */
export async function findKey(db: Executor, key: string): Promise<AuthContext | undefined> {
  return keyByHash.first(db, { keyHash: hashApiKey(key) });
}
