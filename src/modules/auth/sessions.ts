import type { FastifyReply } from 'fastify';
import type { Executor } from '../../core/db/dialect.js';
import { csrfTokenOf, generateToken, hashToken } from '../../core/auth.js';
import { nowIso } from '../../core/dates.js';
import { newId } from '../../core/ids.js';
import { clearSessionCookie, setSessionCookie } from '../../core/http/session-cookie.js';
import type { Config } from '../../config.js';
import { userRepository } from '../users/index.js';

/** A session just started: its cookie's secret (never stored) and the CSRF token the browser sends with writes. */
export interface StartedSession {
  id: string;
  token: string;
  csrfToken: string;
}

/**
 * Sessions (docs/access.md#sessions): a browser signed in as one user. The cookie carries a random
 * secret of 256 bits; the database keeps only its SHA-256 hash. Found again by core/http/auth-plugin.ts.
 */
export const sessions = {
  async start(db: Executor, user: { id: string; account_id: string }, method: 'password' | 'oidc'): Promise<StartedSession> {
    const token = generateToken();
    const now = nowIso();
    const id = newId();
    await db
      .insertInto('sessions')
      .values({ id, account_id: user.account_id, user_id: user.id, token_hash: hashToken(token), method, created_at: now, last_seen_at: now, ended_at: null })
      .execute();
    await userRepository.recordLogin(db, user.id, now);
    return { id, token, csrfToken: csrfTokenOf(token) };
  },

  async end(db: Executor, sessionId: string): Promise<void> {
    await db.updateTable('sessions').set({ ended_at: nowIso() }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
  },

  /** Ends every session of a user but one (a password changed: docs/access.md#passwords; the user disabled: all, at `at`). */
  async endAllOf(db: Executor, userId: string, exceptSessionId: string | null = null, at = nowIso()): Promise<void> {
    let query = db.updateTable('sessions').set({ ended_at: at }).where('user_id', '=', userId).where('ended_at', 'is', null);
    if (exceptSessionId !== null) query = query.where('id', '<>', exceptSessionId);
    await query.execute();
  },

  /** Gives the browser its cookie (Secure when PUBLIC_URL is https). */
  setCookie(reply: FastifyReply, config: Config, session: StartedSession): void {
    setSessionCookie(reply, session.token, { secure: config.publicUrl.startsWith('https:'), maxAgeMs: config.sessions.maxAgeMs });
  },

  /** The answer of every way to sign in (password, invitation, owner set-up): the cookie, and `{ user, csrfToken }`. */
  answer<U>(reply: FastifyReply, config: Config, signedIn: { user: U; session: StartedSession }): { user: U; csrfToken: string } {
    sessions.setCookie(reply, config, signedIn.session);
    return { user: signedIn.user, csrfToken: signedIn.session.csrfToken };
  },

  clearCookie(reply: FastifyReply, config: Config): void {
    clearSessionCookie(reply, { secure: config.publicUrl.startsWith('https:') });
  },
};
