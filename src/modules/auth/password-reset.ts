import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../core/context.js';
import { forUpdate } from '../../core/db/dialect.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { sendMail } from '../../core/mail.js';
import { checkPassword, hashPassword } from '../../core/passwords.js';
import { emailKeyOf, toUserObject, userRepository, type IssuedInvitation, type UserRow } from '../users/index.js';
import { assertMayActFor } from './invitations.js';
import { linkUrl, passwordResetMail } from './link-mail.js';
import { publicTransaction, selfCtx } from './public-transaction.js';
import { sessions } from './sessions.js';
import { authTokens } from './tokens.js';

/** At most one reset e-mail per user in this time (docs/access.md#password-reset): a stranger cannot flood someone's inbox. */
export const RESET_MAIL_INTERVAL_MS = 60_000;

/** Reset requests being handled after their answer was sent (see `request`). */
const pending = new Set<Promise<void>>();

/** Resolves when every reset request handled off its answer's path has finished (tests; the app's close). */
export async function resetRequestsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Why a user cannot be given a reset link, if they cannot. */
function notResettable(row: UserRow): string | undefined {
  if (row.status === 'invited') return 'This user is invited: send them a new invitation instead (POST /v2/users/:id/invitation)';
  if (row.status === 'disabled') return 'This user is disabled: enable them first';
  if (row.email === null) return 'This user has no e-mail address, so they cannot sign in with a password: set one first';
  return undefined;
}

/** Makes the link and e-mails it when SMTP is configured (the e-mail after the transaction committed). */
async function mailLink(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  row: UserRow,
  token: string,
  expiresAt: string,
): Promise<{ url: string; emailed: boolean }> {
  const url = linkUrl(app.config.publicUrl, 'reset-password', token);
  const emailed = app.config.smtp !== undefined && (await sendMail(app.config.smtp, log, passwordResetMail({ to: row.email!, url, expiresAt })));
  return { url, emailed };
}

/** Password reset (docs/access.md#password-reset). */
export const passwordResets = {
  /**
   * POST /v2/auth/password-reset: the answer (204) never depends on the e-mail, and is sent
   * before anything is looked up: the work runs after it, so neither the answer nor its timing
   * tells whether someone signs in with that address.
   */
  request(app: FastifyInstance, request: FastifyRequest, email: string): void {
    const log = request.log;
    const work = passwordResets
      .handle(app, log, email)
      .catch((error: unknown) => log.error({ err: error }, 'could not handle a password reset request'))
      .finally(() => pending.delete(work));
    pending.add(work);
  },

  /** The work of a reset request: an e-mail with a link to an active user of that address, at most once a minute. */
  async handle(app: FastifyInstance, log: FastifyBaseLogger, email: string): Promise<void> {
    const db = app.database.db;
    const row = await userRepository.findByEmailKey(db, emailKeyOf(email));
    if (row === undefined || notResettable(row) !== undefined) return;
    if (app.config.smtp === undefined) {
      log.warn(
        { userId: row.id },
        'a user asked for a password reset, but e-mail is not configured (SMTP_URL): an owner or admin can make them a link with POST /v2/users/:id/password-reset',
      );
      return;
    }
    const now = new Date();
    const issued = await app.database.db.transaction().execute(async (tx) => {
      // PostgreSQL: two requests at once for one user wait for each other here, so only one sends.
      await forUpdate(tx.selectFrom('users').select('id').where('id', '=', row.id), app.database.dialect).execute();
      const latest = await authTokens.latestIssuedAt(tx, row.id, 'password_reset');
      if (latest !== undefined && now.getTime() - Date.parse(latest) < RESET_MAIL_INTERVAL_MS) return undefined;
      return authTokens.issue(tx, row, 'password_reset', now);
    });
    if (issued === undefined) {
      log.info({ userId: row.id }, 'password reset asked again within a minute: no new e-mail');
      return;
    }
    await mailLink(app, log, row, issued.token, issued.expiresAt);
  },

  /** POST /v2/users/:id/password-reset: an owner or admin makes a reset link for an active user (shown, and e-mailed when SMTP is configured). */
  async makeLink(app: FastifyInstance, request: FastifyRequest, ctx: Ctx, userId: string): Promise<IssuedInvitation> {
    const row = await userRepository.find(ctx.db, ctx.accountId, userId);
    if (row === undefined) throw notFound('user', userId);
    assertMayActFor(ctx, row, 'make a password reset link');
    const refused = notResettable(row);
    if (refused !== undefined) throw stateConflict(refused);
    const issued = await authTokens.issue(ctx.db, row, 'password_reset', new Date());
    return {
      async deliver() {
        return { ...(await mailLink(app, request.log, row, issued.token, issued.expiresAt)), expiresAt: issued.expiresAt };
      },
    };
  },

  /**
   * POST /v2/auth/password-reset/confirm: the new password replaces the old, every session of
   * the user ends, the link is used. A link that cannot be used is a 400 on `token`, nothing changes.
   */
  async confirm(app: FastifyInstance, request: FastifyRequest, input: { token: string; password: string }): Promise<void> {
    checkPassword(input.password);
    const now = new Date();
    const token = await authTokens.check(app.database.db, 'password_reset', input.token, now, { dialect: app.database.dialect, address: request.ip });
    const passwordHash = await hashPassword(input.password);
    await publicTransaction(app, request, async (db) => {
      await authTokens.use(db, token, now);
      const row = await userRepository.find(db, token.account_id, token.user_id);
      if (row === undefined || notResettable(row) !== undefined) throw invalid('token', 'this link is no longer valid: ask for a new one');
      const at = now.toISOString();
      const changes: Partial<UserRow> = { password_hash: passwordHash, password_changed_at: at, updated_at: at };
      await userRepository.update(db, row.account_id, row.id, changes);
      await sessions.endAllOf(db, row.id);
      const changed: UserRow = { ...row, ...changes };
      await recordEvent(selfCtx(app, db, changed), 'user.updated', toUserObject(changed));
    });
  },
};
