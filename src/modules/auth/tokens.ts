import { generateToken, hashToken } from '../../core/auth.js';
import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import type { AuthTokenPurpose, AuthTokensTable } from '../../core/db/schema.js';
import { invalid } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { linkThrottle } from './throttle.js';

/** How long a link stays valid (docs/access.md#invitations, #password-reset). */
export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  invitation: 7 * 86_400_000,
  password_reset: 3_600_000,
  owner_setup: 7 * 86_400_000,
};

/** What generateToken makes: 32 random bytes in base64url. Anything else is refused before a look-up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type AuthTokenRow = AuthTokensTable;

/** A link just made: its secret (only ever in the link, never stored) and when it expires. */
export interface IssuedToken {
  token: string;
  expiresAt: string;
}

/**
 * Single-use links (invitations, password resets, the first owner's password): a random secret of
 * 256 bits in the link, only its SHA-256 hash in `auth_tokens`; each expires and is used once.
 * `used_at` marks a link used or voided (a newer link of the same purpose, a changed e-mail, the
 * user disabled): either way it opens nothing any more.
 */
export const authTokens = {
  /** A new link for the user; their earlier unused links of the same purpose stop working. */
  async issue(db: Executor, user: { id: string; account_id: string }, purpose: AuthTokenPurpose, now: Date): Promise<IssuedToken> {
    await authTokens.voidUnused(db, user.id, now, [purpose]);
    const token = generateToken();
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString();
    await db
      .insertInto('auth_tokens')
      .values({
        id: newId(),
        account_id: user.account_id,
        user_id: user.id,
        purpose,
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { token, expiresAt };
  },

  /** Voids the user's unused links (of the purposes given, else all). */
  async voidUnused(db: Executor, userId: string, now: Date, purposes?: AuthTokenPurpose[]): Promise<void> {
    let query = db.updateTable('auth_tokens').set({ used_at: now.toISOString() }).where('user_id', '=', userId).where('used_at', 'is', null);
    if (purposes !== undefined) query = query.where('purpose', 'in', purposes);
    await query.execute();
  },

  /** When the user's newest link of this purpose was made (for the throttle of reset e-mails). */
  async latestIssuedAt(db: Executor, userId: string, purpose: AuthTokenPurpose): Promise<string | undefined> {
    const row = await db
      .selectFrom('auth_tokens')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  },

  /**
   * The link's row if it can still be used: 400 `parameter_invalid` on `param` otherwise, with a
   * message that says why (malformed, unknown, used or replaced, expired). Changes nothing but
   * the count of guesses: a well-formed token that opens no link is a guess of `client` (its
   * address), counted before the look-up (linkThrottle, throttle.ts); after 5 in 15 minutes the
   * client's tokens are refused with 429, real links too, without being looked up.
   */
  async check(
    db: Db,
    purpose: AuthTokenPurpose,
    token: string,
    now: Date,
    client: { dialect: DialectName; address: string },
    param = 'token',
  ): Promise<AuthTokenRow> {
    if (!TOKEN_SHAPE.test(token)) throw invalid(param, 'is not a link token: copy the whole link you were sent');
    const guess = await linkThrottle.reserve(db, client.dialect, client.address, now.getTime());
    const row = await db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    // The guess counted stays: it is the failure.
    if (row === undefined) throw invalid(param, 'this link is not valid: copy the whole link you were sent, or ask for a new one');
    // A real link, even one of another purpose, used or expired: someone was sent it, nobody guessed it.
    await linkThrottle.release(db, guess);
    if (row.purpose !== purpose) throw invalid(param, 'this link is not valid: copy the whole link you were sent, or ask for a new one');
    if (row.used_at !== null) throw invalid(param, 'this link has already been used or was replaced by a newer one: ask for a new one');
    if (Date.parse(row.expires_at) <= now.getTime()) throw invalid(param, 'this link has expired: ask for a new one');
    return row;
  },

  /**
   * Marks the link used, once: 400 as `check` does when another request used it in between (the
   * update is conditional, so two requests racing with one link cannot both succeed).
   */
  async use(db: Executor, row: AuthTokenRow, now: Date, param = 'token'): Promise<void> {
    const result = await db
      .updateTable('auth_tokens')
      .set({ used_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw invalid(param, 'this link has already been used or was replaced by a newer one: ask for a new one');
  },
};
