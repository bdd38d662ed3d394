import type { Static } from '@sinclair/typebox';
import { generateApiKey, hashApiKey, keyPrefix } from '../../core/auth.js';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { ApiError, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { userRepository, users, type UserReference } from '../users/index.js';
import { apiKeyRepository as repo, type ApiKeyRow } from './repository.js';
import type { ApiKey, NewApiKey } from './schemas.js';

export type ApiKeyObject = Static<typeof ApiKey>;
export type NewApiKeyObject = Static<typeof NewApiKey>;

export function toApiKeyObject(row: ApiKeyRow, user: UserReference): ApiKeyObject {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    user,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** The objects of several rows, their users' current names read in one batch. */
export async function toObjects(ctx: Ctx, rows: ApiKeyRow[]): Promise<ApiKeyObject[]> {
  const refs = await users.referencesByIds(
    ctx,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => toApiKeyObject(row, refs.get(row.user_id) ?? { id: row.user_id, name: '' }));
}

/**
 * Owner and admin manage every key of the account; every other role its own keys only
 * (docs/access.md#api-keys). The command line and start-up (no role) are not limited.
 */
const managesAll = (ctx: Ctx): boolean => ctx.role === undefined || ctx.role === 'owner' || ctx.role === 'admin';

export interface CreateApiKeyInput {
  name: string;
  scope?: 'read' | 'write';
  userId?: string;
}

/** Inserts a key without rules nor event (the account's first key, the command line, tests). */
export async function insertKeyRow(
  db: Ctx['db'],
  accountId: string,
  userId: string,
  options: { secret?: string; scope?: 'read' | 'write'; name?: string } = {},
): Promise<{ row: ApiKeyRow; secret: string }> {
  const secret = options.secret ?? generateApiKey();
  const row: ApiKeyRow = {
    id: newId(),
    account_id: accountId,
    user_id: userId,
    key_hash: hashApiKey(secret),
    prefix: keyPrefix(secret),
    scope: options.scope ?? 'write',
    name: options.name ?? '',
    created_at: nowIso(),
    last_used_at: null,
    revoked_at: null,
  };
  await repo.insert(db, row);
  return { row, secret };
}

export const apiKeys = {
  /**
   * The live keys the caller may see, in creation order: their own, or every key of the account for
   * owner and admin. `userId` narrows to one user of the account (400 for any other id).
   */
  async list(ctx: Ctx, query: { userId?: string }): Promise<ApiKeyObject[]> {
    if (query.userId !== undefined) await users.reference(ctx, query.userId, 'userId');
    let userId = query.userId;
    if (!managesAll(ctx)) {
      if (userId !== undefined && userId !== ctx.userId) return [];
      userId = ctx.userId;
    }
    return toObjects(ctx, await repo.list(ctx.db, ctx.accountId, { userId }));
  },

  /** A new key, its secret answered once; for another active user of the account by owner and admin. */
  async create(ctx: Ctx, input: CreateApiKeyInput): Promise<NewApiKeyObject> {
    const name = input.name.trim();
    if (name === '') throw invalid('name', 'must not be empty');
    const userId = input.userId ?? ctx.userId;
    let user: UserReference;
    if (userId === ctx.userId) {
      user = await users.caller(ctx);
    } else {
      if (!managesAll(ctx)) throw new ApiError('forbidden', 'Only an owner or an admin can make keys for other users');
      const row = await userRepository.find(ctx.db, ctx.accountId, userId);
      if (row === undefined) throw invalid('userId', `no user with id ${userId}`);
      if (row.status !== 'active') throw invalid('userId', `the user is ${row.status}: only an active user's keys work`);
      user = { id: row.id, name: row.name };
    }
    const { row, secret } = await insertKeyRow(ctx.db, ctx.accountId, user.id, { name, scope: input.scope });
    const key = toApiKeyObject(row, user);
    await recordEvent(ctx, 'apiKey.created', key);
    return { ...key, secret };
  },

  /** Revokes a key at once, in every process; 404 for a key the caller may not see (another user's, another account's, revoked). */
  async revoke(ctx: Ctx, id: string): Promise<void> {
    const row = await repo.find(ctx.db, ctx.accountId, id);
    if (row === undefined || row.revoked_at !== null || (!managesAll(ctx) && row.user_id !== ctx.userId)) throw notFound('API key', id);
    const at = nowIso();
    if (!(await repo.revoke(ctx.db, ctx.accountId, id, at))) throw notFound('API key', id);
    const [key] = await toObjects(ctx, [{ ...row, revoked_at: at }]);
    await recordEvent(ctx, 'apiKey.deleted', key);
  },
};
