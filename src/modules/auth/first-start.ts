import { sql } from 'kysely';
import { nowIso } from '../../core/dates.js';
import type { Db, DialectName } from '../../core/db/dialect.js';
import { hashPassword } from '../../core/passwords.js';
import { createAccountIn, hasAnyAccount, type CreatedAccount } from '../accounts/index.js';
import { emailKeyOf, userRepository } from '../users/index.js';
import { ownerSetup } from './owner-setup.js';

/** Any constant: the advisory lock that serialises the first start of several servers. */
const BOOTSTRAP_LOCK = 7_361_201_904;

/** The first start's account, and how its owner signs in: the set-up link's token, unless BOOTSTRAP_OWNER_* gave e-mail and password. */
export interface BootstrappedAccount extends CreatedAccount {
  ownerSetupToken: string | undefined;
}

/**
 * First start on an empty database: one account, its key from BOOTSTRAP_API_KEY or random, and
 * its owner's sign-in (docs/access.md#first-owner): the e-mail and password of
 * BOOTSTRAP_OWNER_EMAIL / BOOTSTRAP_OWNER_PASSWORD, or else a single-use link token to choose them.
 * Several servers starting at once on one empty PostgreSQL database create one account only
 * (an advisory lock; SQLite write transactions take the write lock at BEGIN).
 */
export async function bootstrapIfEmpty(
  db: Db,
  dialect: DialectName,
  apiKey?: string,
  owner?: { email: string; password: string },
): Promise<BootstrappedAccount | undefined> {
  if (await hasAnyAccount(db)) return undefined;
  // Hashed before the transaction: argon2id takes a while, the write lock should not.
  const passwordHash = owner === undefined ? undefined : await hashPassword(owner.password);
  return db.transaction().execute(async (tx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(tx);
    if (await hasAnyAccount(tx)) return undefined;
    const created = await createAccountIn(tx, dialect, { name: 'My agency', apiKey });
    if (owner !== undefined && passwordHash !== undefined) {
      const now = nowIso();
      await userRepository.update(tx, created.accountId, created.userId, {
        email: owner.email.trim(),
        email_key: emailKeyOf(owner.email),
        password_hash: passwordHash,
        password_changed_at: now,
        status: 'active',
        updated_at: now,
      });
      return { ...created, ownerSetupToken: undefined };
    }
    const ownerSetupToken = await ownerSetup.issue(tx, { id: created.userId, account_id: created.accountId });
    return { ...created, ownerSetupToken };
  });
}
