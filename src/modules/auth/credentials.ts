import type { Ctx } from '../../core/context.js';
import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { recordEvent } from '../../core/events.js';
import { checkPassword, hashPassword } from '../../core/passwords.js';
import { emailKeyOf, toUserObject, userRepository, type UserRow } from '../users/index.js';
import { loginThrottle } from './throttle.js';
import { sessions } from './sessions.js';

/**
 * A user's sign-in details (docs/access.md#passwords): the password hash, and the e-mail when it is
 * chosen with it (the first owner). Hashing happens before the transaction that stores it: an
 * argon2id hash takes tens of milliseconds, which no transaction should wait for.
 */
export const credentials = {
  /**
   * Stores a new password hash (and e-mail) on the user: an invited user becomes active; a
   * disabled one stays disabled. Sessions other than `keepSessionId` end. Records `user.updated`
   * (the user object: never anything of the password). Answers the row as stored.
   */
  async store(ctx: Ctx, row: UserRow, passwordHash: string, options: { email?: string; keepSessionId?: string | null } = {}): Promise<UserRow> {
    const now = nowIso();
    const changes: Partial<UserRow> = {
      password_hash: passwordHash,
      password_changed_at: now,
      updated_at: now,
      status: row.status === 'invited' ? 'active' : row.status,
    };
    if (options.email !== undefined) {
      changes.email = options.email;
      changes.email_key = emailKeyOf(options.email);
    }
    await userRepository.update(ctx.db, row.account_id, row.id, changes);
    await sessions.endAllOf(ctx.db, row.id, options.keepSessionId ?? null);
    const updated = { ...row, ...changes };
    if (updated.email_key !== null) await loginThrottle.clear(ctx.db, updated.email_key);
    await recordEvent(ctx, 'user.updated', toUserObject(updated));
    return updated;
  },
};

/**
 * `transdesk users set-password --email E` (docs/access.md#passwords): the password of the user
 * who signs in with this e-mail, in whichever account; an invited user becomes active; every
 * session of the user ends. Answers undefined when no user has this e-mail. Throws the ApiError
 * of checkPassword for a password too short or too long.
 */
export async function setPasswordByEmail(db: Db, dialect: DialectName, email: string, password: string): Promise<UserRow | undefined> {
  checkPassword(password);
  const emailKey = emailKeyOf(email);
  if ((await userRepository.findByEmailKey(db, emailKey)) === undefined) return undefined;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const row = await userRepository.findByEmailKey(tx, emailKey);
    if (row === undefined) return undefined;
    return credentials.store({ db: tx, dialect, accountId: row.account_id, userId: row.id }, row, passwordHash);
  });
}

/** The user row of an id in any account (the owner's setup link names no account). */
export function userById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
