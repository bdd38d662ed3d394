import { writableAreas } from '../../core/access.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { csrfTokenOf } from '../../core/auth.js';
import { ApiError, invalid, stateConflict } from '../../core/errors.js';
import { sessionTokenOf } from '../../core/http/session-cookie.js';
import { checkPassword, hashPassword, verifyPassword } from '../../core/passwords.js';
import { errorResponses } from '../../core/schemas.js';
import { User, toUserObject, userRepository, users } from '../users/index.js';
import { credentials } from './credentials.js';
import { signIn } from './login.js';
import { ownerSetup } from './owner-setup.js';
import { ChangePassword, CurrentSession, Login, OwnerSetup, PUBLIC_OPERATION, SignedIn } from './schemas.js';
import { sessions } from './sessions.js';
import { loginThrottle } from './throttle.js';

const tags = ['Authentication'];
/** Routes anyone may call: no key, no session (the document says so with an empty `security`). */
const PUBLIC = { config: { public: true } } as const;

/**
 * Sign-in, sign-out, the current session, a password change and the first owner's set-up
 * (docs/access.md#sessions, #passwords, #first-owner). Every route is under /v2/auth/.
 */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, dialect } = app.database;

  app.post(
    '/v2/auth/login',
    {
      ...PUBLIC,
      schema: {
        tags,
        summary: 'Sign in with an e-mail and a password: sets the session cookie',
        body: Login,
        ...PUBLIC_OPERATION,
        response: { 200: SignedIn, ...errorResponses },
      },
    },
    async (request, reply) => sessions.answer(reply, app.config, await signIn(db, dialect, request.body, Date.now())),
  );

  app.post(
    '/v2/auth/logout',
    { schema: { tags, summary: 'Sign out: ends the calling session and clears its cookie', response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const sessionId = request.auth.sessionId;
      if (sessionId === null) throw stateConflict('Signed in with an API key, not a session: there is nothing to sign out of (revoke the key instead)');
      await app.inTransaction(request, (ctx) => sessions.end(ctx.db, sessionId));
      sessions.clearCookie(reply, app.config);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v2/auth/session',
    {
      schema: {
        tags,
        summary: 'The signed-in user and the CSRF token of the session (after a page reload)',
        response: { 200: CurrentSession, ...errorResponses },
      },
    },
    async (request) => {
      const user = await users.me(app.readCtx(request));
      const areas = request.auth.scope === 'read' ? [] : writableAreas(request.auth.role);
      if (request.auth.method === 'key') return { user, method: 'key' as const, csrfToken: null, writableAreas: areas };
      return { user, method: 'session' as const, csrfToken: csrfTokenOf(sessionTokenOf(request)!), writableAreas: areas };
    },
  );

  app.post(
    '/v2/auth/password',
    {
      schema: {
        tags,
        summary: "Change the caller's own password: the user's other sessions end",
        body: ChangePassword,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => {
      const { accountId, userId, sessionId } = request.auth;
      checkPassword(request.body.password);
      const now = Date.now();
      const row = await userRepository.find(db, accountId, userId);
      if (row === undefined) throw new ApiError('unauthorized', 'Wrong e-mail address or password');
      // A wrong current password counts as a failed sign-in of the user's e-mail: a borrowed session cannot guess it either.
      // Counted before the check (throttle.ts), so that a burst is judged no faster than one guess after another.
      const attempt = row.email_key === null ? undefined : await loginThrottle.reserve(db, dialect, row.email_key, now);
      const verified = row.password_hash;
      if (!(await verifyPassword(verified, request.body.currentPassword))) {
        throw invalid('currentPassword', verified === null ? 'you have no password yet (use your invitation or set-up link)' : 'is not your current password');
      }
      // The right password is no failure (storing the new one clears the e-mail's failures as well).
      if (attempt !== undefined) await loginThrottle.release(db, attempt);
      const passwordHash = await hashPassword(request.body.password);
      const stored = await app.inTransaction(request, async (ctx) => {
        const current = await userRepository.find(ctx.db, accountId, userId);
        if (current === undefined || current.password_hash !== verified) throw stateConflict('The password was changed meanwhile: try again');
        return credentials.store(ctx, current, passwordHash, { keepSessionId: sessionId });
      });
      return toUserObject(stored);
    },
  );

  app.post(
    '/v2/auth/owner-setup',
    {
      ...PUBLIC,
      schema: {
        tags,
        summary: "Redeem the first owner's set-up link: choose the owner's e-mail and password, and sign in",
        body: OwnerSetup,
        ...PUBLIC_OPERATION,
        response: { 200: SignedIn, ...errorResponses },
      },
    },
    async (request, reply) => sessions.answer(reply, app.config, await ownerSetup.redeem(db, dialect, request.body, request.ip)),
  );
};
