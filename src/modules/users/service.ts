import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { bool, type Executor } from '../../core/db/dialect.js';
import type { Role, UserStatus } from '../../core/db/schema.js';
import { nowIso } from '../../core/dates.js';
import { ApiError, exists, invalid, missing, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { lockAccount } from '../../core/db/locks.js';
import { newId } from '../../core/ids.js';
import { userRepository as repo, type UserRow } from './repository.js';
import type { User, UserRef } from './schemas.js';

/**
 * What a user signs in with, kept by the modules above users (auth: sessions and single-use links;
 * api-keys: keys), ended in the user's transaction when the user is disabled (docs/access.md#users)
 * or, for the links, changes e-mail. The composition passes it in (modules/index.ts).
 */
export interface UserAccess {
  endSessions(db: Executor, userId: string, at: string): Promise<void>;
  voidLinks(db: Executor, userId: string, at: string): Promise<void>;
  revokeKeys(db: Executor, userId: string, at: string): Promise<void>;
}

export type UserObject = Static<typeof User>;
export type UserReference = Static<typeof UserRef>;

export function toUserObject(row: UserRow): UserObject {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    isOwner: row.role === 'owner',
    hasPassword: row.password_hash !== null,
    lastLoginAt: row.last_login_at,
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

/** The e-mail as people sign in with it: trimmed, lower case. */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

async function load(ctx: Ctx, id: string): Promise<UserRow> {
  const row = await repo.find(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('user', id);
  return row;
}

/** 409 when another user, of any account, signs in with this e-mail. */
async function assertEmailFree(ctx: Ctx, emailKey: string, selfId?: string): Promise<void> {
  const other = await repo.findByEmailKey(ctx.db, emailKey);
  if (other !== undefined && other.id !== selfId) throw exists('Another user already has this e-mail address (e-mails are unique: people sign in with them)');
}

const ONLY_OWNERS = 'Only an owner can make, change or remove an owner';

/**
 * Only an owner may make, change or remove an owner (docs/access.md#roles); the CLI and start-up
 * (no role) may. Called under the account's lock: the caller's role is read again, as a request
 * authenticated just before its caller was demoted still carries the old role.
 */
async function assertMayTouchOwner(ctx: Ctx): Promise<void> {
  if (ctx.role === undefined) return;
  if (ctx.role !== 'owner') throw new ApiError('forbidden', ONLY_OWNERS);
  const caller = await repo.find(ctx.db, ctx.accountId, ctx.userId);
  if (caller?.role !== 'owner' || caller.status !== 'active') throw new ApiError('forbidden', ONLY_OWNERS);
}

export interface CreateUserInput {
  name?: string;
  email?: string | null;
  role?: Role;
}

export const users = {
  async list(ctx: Ctx): Promise<UserObject[]> {
    return (await repo.list(ctx.db, ctx.accountId)).map(toUserObject);
  },

  async get(ctx: Ctx, id: string): Promise<UserObject> {
    return toUserObject(await load(ctx, id));
  },

  /** The user behind the API key or session of the request. */
  async me(ctx: Ctx): Promise<UserObject> {
    return toUserObject(await load(ctx, ctx.userId));
  },

  /**
   * A user: with an e-mail, `invited` until they choose a password (docs/access.md#invitations);
   * without one, a user who cannot sign in (someone to assign jobs to, or to hold API keys).
   */
  async create(ctx: Ctx, input: CreateUserInput): Promise<UserObject> {
    const email = cleanEmail(input.email) ?? null;
    // An invitation needs no name: the e-mail stands for the person until they give theirs (on accepting).
    if (input.name === undefined && email === null) throw missing('name');
    const role = input.role ?? 'viewer';
    if (role === 'owner') {
      await lockAccount(ctx);
      await assertMayTouchOwner(ctx);
    }
    const emailKey = email === null ? null : emailKeyOf(email);
    if (emailKey !== null) await assertEmailFree(ctx, emailKey);
    const now = nowIso();
    const row: UserRow = {
      id: newId(),
      account_id: ctx.accountId,
      name: input.name === undefined ? email! : cleanName(input.name),
      email,
      email_key: emailKey,
      is_owner: bool(role === 'owner'),
      role,
      status: email === null ? 'active' : 'invited',
      password_hash: null,
      password_changed_at: null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    };
    await repo.insert(ctx.db, row);
    const user = toUserObject(row);
    await recordEvent(ctx, 'user.created', user);
    return user;
  },

  async update(
    ctx: Ctx,
    id: string,
    input: { name?: string; email?: string | null; role?: Role; disabled?: boolean },
    access: UserAccess,
  ): Promise<UserObject> {
    // Changes of users are serialised per account (PostgreSQL): two owners demoting or disabling
    // each other at once must not both succeed, leaving no owner; the second sees the first's change.
    await lockAccount(ctx);
    const row = await load(ctx, id);
    if (row.role === 'owner' || input.role === 'owner') await assertMayTouchOwner(ctx);
    const now = nowIso();
    const changes: Partial<UserRow> = { updated_at: now };
    if (input.name !== undefined) changes.name = cleanName(input.name);
    const email = cleanEmail(input.email);
    if (email !== undefined && email !== row.email) {
      changes.email = email;
      changes.email_key = email === null ? null : emailKeyOf(email);
      if (changes.email_key !== null) await assertEmailFree(ctx, changes.email_key, id);
      // The user's unused links (invitation, reset) went to the old address: they stop working.
      await access.voidLinks(ctx.db, id, now);
    }
    if (input.role !== undefined && input.role !== row.role) {
      if (row.role === 'owner') await assertAnotherOwner(ctx, row, 'demoted');
      changes.role = input.role;
      changes.is_owner = bool(input.role === 'owner');
    }
    if (input.disabled !== undefined && input.disabled !== (row.status === 'disabled')) {
      if (input.disabled) {
        if (id === ctx.userId) throw stateConflict('You cannot disable yourself: ask another owner or admin');
        if (row.role === 'owner') await assertAnotherOwner(ctx, row, 'disabled');
        changes.status = 'disabled';
        // Sessions and keys end at once, in every process (they are looked up with their user's status).
        await access.endSessions(ctx.db, id, now);
        await access.revokeKeys(ctx.db, id, now);
        await access.voidLinks(ctx.db, id, now);
      } else {
        changes.status = enabledStatus(row);
      }
    }
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const user = toUserObject({ ...row, ...changes });
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

/** A user enabled again: active if they can sign in or never could (no e-mail), else still invited. */
function enabledStatus(row: UserRow): UserStatus {
  return row.password_hash !== null || row.email === null ? 'active' : 'invited';
}

async function assertAnotherOwner(ctx: Ctx, row: UserRow, what: string): Promise<void> {
  if ((await repo.otherActiveOwners(ctx.db, ctx.accountId, row.id)) === 0)
    throw stateConflict(`The last owner of the account cannot be ${what}: make another user owner first`);
}
