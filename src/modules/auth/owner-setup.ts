import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import { isUniqueViolation } from '../../core/db/dialect.js';
import { exists, invalid } from '../../core/errors.js';
import { checkPassword, hashPassword } from '../../core/passwords.js';
import { emailKeyOf, toUserObject, userRepository } from '../users/index.js';
import { credentials, userById } from './credentials.js';
import type { SignedIn } from './login.js';
import { sessions } from './sessions.js';
import { authTokens } from './tokens.js';

/**
 * The first owner's sign-in (docs/access.md#first-owner). On the first start the owner has no
 * e-mail and no password; the start prints a link with a single-use token (stored as its SHA-256
 * hash, valid 7 days: tokens.ts) which `POST /v2/auth/owner-setup` redeems with the e-mail and password the
 * owner chooses, signing them in.
 */
export const ownerSetup = {
  /** A new link token for the user (the owner of a new account); only its hash is kept (tokens.ts). */
  async issue(db: Executor, user: { id: string; account_id: string }, now: number = Date.now()): Promise<string> {
    return (await authTokens.issue(db, user, 'owner_setup', new Date(now))).token;
  },

  /** Redeems a link: the owner gets the e-mail and password, and is signed in. `address`: the client's, whose guesses are counted (tokens.ts). */
  async redeem(
    db: Db,
    dialect: DialectName,
    input: { token: string; email: string; password: string },
    address: string,
    now: number = Date.now(),
  ): Promise<SignedIn> {
    checkPassword(input.password);
    const email = input.email.trim();
    if (email === '') throw invalid('email', 'must not be empty');
    const emailKey = emailKeyOf(email);
    const at = new Date(now);
    const link = await authTokens.check(db, 'owner_setup', input.token, at, { dialect, address });
    const holder = await userRepository.findByEmailKey(db, emailKey);
    if (holder !== undefined && holder.id !== link.user_id)
      throw exists('Another user already has this e-mail address (e-mails are unique: people sign in with them)');
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction().execute(async (tx) => {
        // Single use even when two requests race: only one marks the token used.
        await authTokens.use(tx, link, at);
        const row = await userById(tx, link.user_id);
        if (row === undefined || row.status === 'disabled') throw invalid('token', 'this link is not valid: its user is disabled');
        const actor = { type: 'user' as const, userId: row.id, apiKeyId: null };
        const stored = await credentials.store({ db: tx, dialect, accountId: row.account_id, userId: row.id, actor }, row, passwordHash, { email });
        // Any other set-up link of the user is spent too.
        await authTokens.voidUnused(tx, row.id, at, ['owner_setup']);
        const session = await sessions.start(tx, stored, 'password');
        return { user: toUserObject((await userById(tx, row.id)) ?? stored), session };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw exists('Another user already has this e-mail address (e-mails are unique: people sign in with them)');
      throw error;
    }
  },
};
