import { csrfTokenOf, generateToken, hashToken } from '../../core/auth.js';
import type { Db, DialectName } from '../../core/db/dialect.js';
import { ApiError, invalid, stateConflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { checkPassword, hashPassword, verifyPassword } from '../../core/passwords.js';
import type { PortalPrincipal } from '../../core/portal.js';
import { loginThrottle } from '../auth/index.js';
import { portalRepository } from './repository.js';
import type { StartedPortalSession } from './sessions.js';

/** One answer for every refused sign-in: a wrong password, an unknown e-mail, no password chosen, access withdrawn. */
const REFUSED = new ApiError('unauthorized', 'Wrong e-mail address or password');

/**
 * The throttle's key of a portal person's e-mail: apart from the agency's users' keys, so that the
 * guesses at one kind of sign-in never lock the other out.
 */
const throttleKey = (email: string) => `portal ${email.trim().toLowerCase()}`;

/**
 * Passwords of portal people (docs/supplier-portal.md#passwords): optional, chosen by the person
 * once signed in with a link; the links keep working. argon2id as the agency's own passwords, the
 * same throttle of guesses per e-mail (5 in 15 minutes), and hashing outside any transaction.
 */
export const portalPasswords = {
  /**
   * Sign-in with an e-mail and a password. The same e-mail may be a person of several parties (or
   * agencies): each active person of it with a password is tried, oldest first, and the first whose
   * password matches signs in. Every refusal takes at least one argon2id verification, so its time
   * does not tell whether the address has access.
   */
  async signIn(db: Db, dialect: DialectName, input: { email: string; password: string }, now = new Date()): Promise<StartedPortalSession> {
    const key = throttleKey(input.email);
    await loginThrottle.reserve(db, dialect, key, now.getTime());
    const candidates = await portalRepository.passwordsByEmail(db, input.email.trim().toLowerCase());
    let matched: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.password_hash, input.password)) {
        matched = candidate;
        break;
      }
    }
    if (candidates.length === 0) await verifyPassword(null, input.password);
    // The attempt counted stays: it is the failure.
    if (matched === undefined) throw REFUSED;
    const secret = generateToken();
    const at = now.toISOString();
    const identity = await db.transaction().execute(async (tx) => {
      const person = await portalRepository.findIdentity(tx, matched.account_id, matched.id);
      // Withdrawn, or the password changed, between the check and now.
      const current = await portalRepository.passwordOf(tx, matched.account_id, matched.id);
      if (person === undefined || person.status !== 'active' || current !== matched.password_hash) throw REFUSED;
      await loginThrottle.clear(tx, key);
      await portalRepository.insertSession(tx, { id: newId(), account_id: person.account_id, person_id: person.id, token_hash: hashToken(secret), at });
      return person;
    });
    return { token: secret, csrfToken: csrfTokenOf(secret), identity };
  },

  /**
   * Chooses (or changes) the person's password. Once one is set, changing it needs the current one
   * (a wrong one counts as a failed sign-in of the e-mail: a borrowed session cannot guess it). The
   * person's other sessions end; the one that changed it stays.
   */
  async set(db: Db, dialect: DialectName, principal: PortalPrincipal, input: { password: string; currentPassword?: string }, now = new Date()): Promise<void> {
    checkPassword(input.password);
    const identity = await portalRepository.findIdentity(db, principal.accountId, principal.personId);
    const existing = await portalRepository.passwordOf(db, principal.accountId, principal.personId);
    if (identity === undefined) throw REFUSED;
    if (existing !== null) {
      if (input.currentPassword === undefined) throw invalid('currentPassword', 'give your current password to change it');
      const key = identity.email === null ? undefined : throttleKey(identity.email);
      const attempt = key === undefined ? undefined : await loginThrottle.reserve(db, dialect, key, now.getTime());
      if (!(await verifyPassword(existing, input.currentPassword))) throw invalid('currentPassword', 'is not your current password');
      if (attempt !== undefined) await loginThrottle.release(db, attempt);
    }
    const passwordHash = await hashPassword(input.password);
    const at = now.toISOString();
    await db.transaction().execute(async (tx) => {
      if ((await portalRepository.passwordOf(tx, principal.accountId, principal.personId)) !== existing) {
        throw stateConflict('Your password was changed meanwhile: try again');
      }
      await portalRepository.update(tx, principal.accountId, principal.personId, { password_hash: passwordHash, password_changed_at: at, updated_at: at });
      await portalRepository.endSessionsOf(tx, principal.personId, at, principal.sessionId);
    });
  },

  /** Removes the person's password: they sign in with e-mailed links only, as before they chose one. */
  async remove(db: Db, principal: PortalPrincipal, now = new Date()): Promise<void> {
    const at = now.toISOString();
    await portalRepository.update(db, principal.accountId, principal.personId, { password_hash: null, password_changed_at: at, updated_at: at });
  },
};
