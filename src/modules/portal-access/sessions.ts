import type { FastifyBaseLogger } from 'fastify';
import { csrfTokenOf, generateToken, hashToken } from '../../core/auth.js';
import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import { forUpdate } from '../../core/db/dialect.js';
import { retryingConflicts } from '../../core/db/retry.js';
import type { DocumentLanguage } from '../../core/document-languages.js';
import { invalid } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { sendMail } from '../../core/mail.js';
import type { PortalPrincipal } from '../../core/portal.js';
import type { Config } from '../../config.js';
import { linkThrottle } from '../auth/index.js';
import { issueLink, languageOf, signInUrl, toPortalMe, toPrincipal } from './people.js';
import { portalRepository, type PersonIdentity } from './repository.js';
import { signInMail } from './sign-in-mail.js';
import { agencyHeadingOf, withAgencyHeading } from './agency-heading.js';

/** What generateToken makes; anything else is refused before a look-up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** At most one e-mailed sign-in link a minute per person: a stranger cannot flood their inbox. */
const LINK_MAIL_INTERVAL_MS = 60_000;

const INVALID_LINK = 'this link is not valid: copy the whole link you were sent, or ask for a new one';

/** A portal session just started: the cookie's secret (never stored), the CSRF token, and who signed in. */
export interface StartedPortalSession {
  token: string;
  csrfToken: string;
  identity: PersonIdentity;
}

/** Where links are e-mailed from, and where their pages are. */
export interface LinkMailing {
  config: Pick<Config, 'smtp' | 'publicUrl'>;
  log: FastifyBaseLogger;
  /** Where the agency's logo is read. */
  db: Executor;
}

/** E-mails a person their link, in their language, headed by the agency's logo and name; never throws (false: not sent). */
export async function mailSignInLink(mailing: LinkMailing, identity: PersonIdentity, token: string): Promise<boolean> {
  if (mailing.config.smtp === undefined || identity.email === null) return false;
  const heading = await agencyHeadingOf(mailing.db, identity.account_id, identity.account_name).catch(() => ({ name: identity.account_name, logo: null }));
  const message = withAgencyHeading(
    signInMail({
      to: identity.email,
      url: signInUrl(mailing.config.publicUrl, token),
      language: languageOf(identity),
      agency: identity.account_name,
      party: identity.party_name,
    }),
    heading,
  );
  return sendMail(mailing.config.smtp, mailing.log, message);
}

/**
 * Portal sessions (docs/supplier-portal.md#sessions): a random secret in the `td_portal` cookie,
 * its SHA-256 hash in `portal_sessions`; the same idle and maximum ages as the agency's sessions.
 */
export const portalSessions = {
  /** The principal of a cookie's secret, if its session has not ended or expired and its person is active. */
  async find(db: Executor, token: string, limits: Config['sessions'], now: number): Promise<{ principal: PortalPrincipal; lastSeenMs: number } | undefined> {
    const row = await portalRepository.sessionByHash(db, hashToken(token));
    if (row === undefined) return undefined;
    const lastSeenMs = Date.parse(row.last_seen_at);
    if (now - lastSeenMs > limits.idleMs || now - Date.parse(row.session_created_at) > limits.maxAgeMs) return undefined;
    return { principal: toPrincipal(row, row.session_id), lastSeenMs };
  },

  /**
   * Redeems a sign-in link: it is used once, and a session starts. A link that cannot be used
   * (malformed, unknown, used or replaced, expired, its person's access withdrawn) is a 400 on
   * `token`; tokens that open nothing are guesses, throttled per client address as the agency's links.
   */
  async signIn(db: Db, dialect: DialectName, token: string, client: { address: string }, now = new Date()): Promise<StartedPortalSession> {
    if (!TOKEN_SHAPE.test(token)) throw invalid('token', 'is not a link token: copy the whole link you were sent');
    const guess = await linkThrottle.reserve(db, dialect, client.address, now.getTime());
    const link = await portalRepository.findLink(db, hashToken(token));
    if (link === undefined) throw invalid('token', INVALID_LINK);
    await linkThrottle.release(db, guess);
    if (link.used_at !== null) throw invalid('token', 'this link has already been used or was replaced by a newer one: ask for a new one');
    if (Date.parse(link.expires_at) <= now.getTime()) throw invalid('token', 'this link has expired: ask for a new one');
    const secret = generateToken();
    const at = now.toISOString();
    const identity = await retryingConflicts(
      () =>
        db.transaction().execute(async (tx) => {
          if (!(await portalRepository.useLink(tx, link.id, at)))
            throw invalid('token', 'this link has already been used or was replaced by a newer one: ask for a new one');
          const person = await portalRepository.findIdentity(tx, link.account_id, link.person_id);
          if (person === undefined || person.status !== 'active') throw invalid('token', 'your access to this portal was withdrawn: ask the agency');
          await portalRepository.insertSession(tx, { id: newId(), account_id: person.account_id, person_id: person.id, token_hash: hashToken(secret), at });
          return person;
        }),
      () => {},
    );
    return { token: secret, csrfToken: csrfTokenOf(secret), identity };
  },

  async signOut(db: Executor, principal: PortalPrincipal): Promise<void> {
    await portalRepository.endSession(db, principal.sessionId, new Date().toISOString());
  },

  touch: (db: Executor, sessionId: string, at: string) => portalRepository.touchSession(db, sessionId, at),

  /**
   * A link asked for by e-mail: each active person of that address (in any account) is e-mailed
   * a new link, at most once a minute. Nothing is answered of it: the route says 204 whatever the
   * address, so it tells no one who has access.
   */
  async requestLink(db: Db, dialect: DialectName, mailing: LinkMailing, email: string, now = new Date()): Promise<void> {
    const people = await portalRepository.activeByEmail(db, email.trim().toLowerCase());
    for (const person of people) {
      if (mailing.config.smtp === undefined) {
        mailing.log.warn({ portalPersonId: person.id }, 'a portal person asked for a sign-in link, but e-mail is not configured (SMTP_URL)');
        continue;
      }
      const issued = await db.transaction().execute(async (tx) => {
        // PostgreSQL: two requests at once for one person wait for each other here, so only one sends.
        await forUpdate(tx.selectFrom('portal_people').select('id').where('id', '=', person.id), dialect).execute();
        const latest = await portalRepository.latestLinkAt(tx, person.id);
        if (latest !== undefined && now.getTime() - Date.parse(latest) < LINK_MAIL_INTERVAL_MS) return undefined;
        return issueLink(tx, person, now);
      });
      if (issued !== undefined) await mailSignInLink(mailing, person, issued.token);
    }
  },

  /** The person as they see themselves. */
  async me(db: Executor, principal: PortalPrincipal) {
    const identity = await portalRepository.findIdentity(db, principal.accountId, principal.personId);
    return toPortalMe(identity!);
  },

  async setLanguage(db: Executor, principal: PortalPrincipal, language: DocumentLanguage | undefined) {
    if (language !== undefined) await portalRepository.update(db, principal.accountId, principal.personId, { language, updated_at: new Date().toISOString() });
    return portalSessions.me(db, principal);
  },
};
