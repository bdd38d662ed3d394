import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { bool, isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { userRepository as repo, type UserRow } from './repository.js';
import type { User, UserRef } from './schemas.js';

export type UserObject = Static<typeof User>;
export type UserReference = Static<typeof UserRef>;

function toObject(row: UserRow): UserObject {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isOwner: isTrue(row.is_owner),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const toReference = (row: UserRow): UserReference => ({ id: row.id, name: row.name });

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('name', 'must not be empty');
  return trimmed;
}

/** An empty email means none (a form field sent empty). */
const cleanEmail = (email: string | null | undefined) => (email === undefined ? undefined : email === null || email.trim() === '' ? null : email.trim());

async function load(ctx: Ctx, id: string): Promise<UserRow> {
  const row = await repo.find(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('user', id);
  return row;
}

export const users = {
  async list(ctx: Ctx): Promise<UserObject[]> {
    return (await repo.list(ctx.db, ctx.accountId)).map(toObject);
  },

  async get(ctx: Ctx, id: string): Promise<UserObject> {
    return toObject(await load(ctx, id));
  },

  /** The user behind the API key of the request. */
  async me(ctx: Ctx): Promise<UserObject> {
    return toObject(await load(ctx, ctx.userId));
  },

  async create(ctx: Ctx, input: { name: string; email?: string | null }, options: { isOwner?: boolean } = {}): Promise<UserObject> {
    const now = nowIso();
    const row: UserRow = {
      id: newId(),
      account_id: ctx.accountId,
      name: cleanName(input.name),
      email: cleanEmail(input.email) ?? null,
      is_owner: bool(options.isOwner ?? false),
      created_at: now,
      updated_at: now,
    };
    await repo.insert(ctx.db, row);
    const user = toObject(row);
    await recordEvent(ctx, 'user.created', user);
    return user;
  },

  async update(ctx: Ctx, id: string, input: { name?: string; email?: string | null }): Promise<UserObject> {
    await load(ctx, id);
    const changes: Partial<UserRow> = { updated_at: nowIso() };
    if (input.name !== undefined) changes.name = cleanName(input.name);
    const email = cleanEmail(input.email);
    if (email !== undefined) changes.email = email;
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const user = toObject(await load(ctx, id));
    await recordEvent(ctx, 'user.updated', user);
    return user;
  },

  /** A user reference given as a parameter by another record: 400 when not this account's. */
  async reference(ctx: Ctx, id: string, param: string): Promise<UserReference> {
    const row = await repo.find(ctx.db, ctx.accountId, id);
    if (!row) throw invalid(param, `no user with id ${id}`);
    return toReference(row);
  },

  /** References of several users at once (for embedding in listings), by id. */
  async referencesByIds(ctx: Ctx, ids: readonly string[]): Promise<Map<string, UserReference>> {
    const rows = await repo.findMany(ctx.db, ctx.accountId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, toReference(row)]));
  },

  /** The calling user as a reference (the "calling user" of the specification). */
  async caller(ctx: Ctx): Promise<UserReference> {
    return toReference(await load(ctx, ctx.userId));
  },
};
