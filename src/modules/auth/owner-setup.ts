import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import { generateToken, hashToken } from '../../core/auth.js';
import { isUniqueViolation } from '../../core/db/dialect.js';
import { exists, invalid } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { checkPassword, hashPassword } from '../../core/passwords.js';
import { emailKeyOf, toUserObject, userRepository } from '../users/index.js';
import { credentials, userById } from './credentials.js';
import type { SignedIn } from './login.js';
import { sessions } from './sessions.js';

/**
 * The first owner's sign-in (docs/access.md#first-owner). On the first start the owner has no
 * e-mail and no password; the start prints a link with a single-use token (stored as its SHA-256
 * hash, valid 7 days) which `POST /v2/auth/owner-setup` redeems with the e-mail and password the
 * owner chooses, signing them in.
 */
export const OWNER_SETUP_MS = 7 * 86_400_000;

const BAD_LINK = () => invalid('token', 'is not a valid owner set-up link (already used, expired or mistyped)');

export const ownerSetup = {
  /** A new link token for the user (the owner of a new account): answers the token, which only its hash is kept of. */
  async issue(db: Executor, user: { id: string; account_id: string }, now: number = Date.now()): Promise<string> {
    const token = generateToken();
    await db
      .insertInto('auth_tokens')
      .values({
        id: newId(),
        account_id: user.account_id,
        user_id: user.id,
        purpose: 'owner_setup',
        token_hash: hashToken(token),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + OWNER_SETUP_MS).toISOString(),
        used_at: null,
      })
      .execute();
    return token;
  },

  /** Redeems a link: the owner gets the e-mail and password, and is signed in. */
  async redeem(db: Db, dialect: DialectName, input: { token: string; email: string; password: string }, now: number = Date.now()): Promise<SignedIn> {
    checkPassword(input.password);
    const email = input.email.trim();
    if (email === '') throw invalid('email', 'must not be empty');
    const emailKey = emailKeyOf(email);
    const nowAt = new Date(now).toISOString();
    const found = () =>
      db
        .selectFrom('auth_tokens')
        .select(['id', 'user_id'])
        .where('token_hash', '=', hashToken(input.token))
        .where('purpose', '=', 'owner_setup')
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowAt)
        .executeTakeFirst();
    const link = await found();
    if (link === undefined) throw BAD_LINK();
    const holder = await userRepository.findByEmailKey(db, emailKey);
    if (holder !== undefined && holder.id !== link.user_id)
      throw exists('Another user already has this e-mail address (e-mails are unique: people sign in with them)');
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction().execute(async (tx) => {
        // Single use even when two requests race: only one marks the token used.
        const used = await tx.updateTable('auth_tokens').set({ used_at: nowAt }).where('id', '=', link.id).where('used_at', 'is', null).executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw BAD_LINK();
        const row = await userById(tx, link.user_id);
        if (row === undefined || row.status === 'disabled') throw BAD_LINK();
        const actor = { type: 'user' as const, userId: row.id, apiKeyId: null };
        const stored = await credentials.store({ db: tx, dialect, accountId: row.account_id, userId: row.id, actor }, row, passwordHash, { email });
        // Any other set-up link of the user is spent too.
        await tx
          .updateTable('auth_tokens')
          .set({ used_at: nowAt })
          .where('user_id', '=', row.id)
          .where('purpose', '=', 'owner_setup')
          .where('used_at', 'is', null)
          .execute();
        const session = await sessions.start(tx, stored, 'password');
        return { user: toUserObject((await userById(tx, row.id)) ?? stored), session };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw exists('Another user already has this e-mail address (e-mails are unique: people sign in with them)');
      throw error;
    }
  },
};
