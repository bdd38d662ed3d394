import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../core/context.js';
import { ApiError, invalid, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { sendMail } from '../../core/mail.js';
import { checkPassword, hashPassword } from '../../core/passwords.js';
import { accounts } from '../accounts/index.js';
import { toUserObject, userRepository, type IssuedInvitation, type UserObject, type UserRow } from '../users/index.js';
import { invitationMail, linkUrl } from './link-mail.js';
import { publicTransaction, selfCtx } from './public-transaction.js';
import { sessions, type StartedSession } from './sessions.js';
import { authTokens } from './tokens.js';

/** Only an owner may act for an owner (docs/access.md#roles); the CLI and start-up (no role) may. */
export function assertMayActFor(ctx: Ctx, row: UserRow, what: string): void {
  if (row.role === 'owner' && ctx.role !== undefined && ctx.role !== 'owner') throw new ApiError('forbidden', `Only an owner can ${what} for an owner`);
}

/** A name given when accepting: trimmed, not empty. */
function cleanName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('name', 'must not be empty');
  return trimmed;
}

/**
 * A new invitation link for an invited user, in the caller's transaction (earlier links stop
 * working); `deliver`, after the commit, e-mails it when SMTP_URL is set and answers the link.
 */
async function issue(request: FastifyRequest, ctx: Ctx, user: { id: string; email: string | null }): Promise<IssuedInvitation> {
  const { config, log } = request.server;
  const issued = await authTokens.issue(ctx.db, { id: user.id, account_id: ctx.accountId }, 'invitation', new Date());
  const url = linkUrl(config.publicUrl, 'accept-invitation', issued.token);
  const accountName = config.smtp === undefined ? '' : (await accounts.get(ctx)).name;
  return {
    async deliver() {
      const emailed =
        user.email !== null &&
        config.smtp !== undefined &&
        (await sendMail(config.smtp, log, invitationMail({ to: user.email, url, expiresAt: issued.expiresAt, inviterName: ctx.userName, accountName })));
      return { url, expiresAt: issued.expiresAt, emailed };
    },
  };
}

/** Invitations (docs/access.md#invitations). */
export const invitations = {
  /** For the users' routes (modules/index.ts): the invitation of a user just created with an e-mail. */
  invite: (request: FastifyRequest, ctx: Ctx, user: UserObject): Promise<IssuedInvitation> => issue(request, ctx, user),

  /** POST /v2/users/:id/invitation: a new link for a user still invited (409 otherwise). */
  async resend(request: FastifyRequest, ctx: Ctx, userId: string): Promise<IssuedInvitation> {
    const row = await userRepository.find(ctx.db, ctx.accountId, userId);
    if (row === undefined) throw notFound('user', userId);
    assertMayActFor(ctx, row, 'send an invitation');
    if (row.status !== 'invited' || row.email === null) {
      throw stateConflict(
        row.status === 'invited'
          ? 'This user has no e-mail address: set one (PUT /v2/users/:id) before inviting them'
          : `This user is ${row.status}, not invited: only an invited user gets an invitation`,
      );
    }
    return issue(request, ctx, row);
  },

  /**
   * POST /v2/auth/invitations/accept: the invited user chooses their password, becomes active
   * and is signed in. A link that cannot be used (malformed, unknown, used, replaced, expired)
   * is a 400 on `token`, and nothing changes.
   */
  async accept(
    app: FastifyInstance,
    request: FastifyRequest,
    input: { token: string; password: string; name?: string },
  ): Promise<{ user: UserObject; session: StartedSession }> {
    checkPassword(input.password);
    const name = cleanName(input.name);
    const now = new Date();
    const token = await authTokens.check(app.database.db, 'invitation', input.token, now, { dialect: app.database.dialect, address: request.ip });
    // Hashed outside the transaction: argon2 takes tens of milliseconds, the transaction none of them.
    const passwordHash = await hashPassword(input.password);
    return publicTransaction(app, request, async (db) => {
      await authTokens.use(db, token, now);
      const row = await userRepository.find(db, token.account_id, token.user_id);
      if (row === undefined || row.status !== 'invited' || row.email === null) throw invalid('token', 'this invitation is no longer valid: ask for a new one');
      const at = now.toISOString();
      const changes: Partial<UserRow> = { password_hash: passwordHash, password_changed_at: at, status: 'active', updated_at: at };
      if (name !== undefined) changes.name = name;
      await userRepository.update(db, row.account_id, row.id, changes);
      const accepted: UserRow = { ...row, ...changes };
      await recordEvent(selfCtx(app, db, accepted), 'user.updated', toUserObject(accepted));
      const session = await sessions.start(db, accepted, 'password');
      const signedIn = await userRepository.find(db, row.account_id, row.id);
      return { user: toUserObject(signedIn!), session };
    });
  },
};
