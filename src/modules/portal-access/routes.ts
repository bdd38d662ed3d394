import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stateConflict } from '../../core/errors.js';
import { clearSessionCookie, PORTAL_SESSION_COOKIE, setSessionCookie } from '../../core/http/session-cookie.js';
import { Binary, EmptyQuery, errorResponses } from '../../core/schemas.js';
import { accounts, sendLogo } from '../accounts/index.js';
import { csrfTokenOf } from '../../core/auth.js';
import { sessionTokenOf } from '../../core/http/session-cookie.js';
import { toPortalMe } from './people.js';
import { portalPasswords } from './passwords.js';
import {
  PORTAL_PUBLIC_OPERATION,
  PortalMe,
  PortalSignedIn,
  RequestSignInLink,
  SetPortalPassword,
  SignInWithLink,
  SignInWithPassword,
  UpdatePortalMe,
} from './schemas.js';
import { portalSessions } from './sessions.js';
import { principalOf } from './tree.js';

const PUBLIC = { config: { public: true } } as const;

/**
 * Signing in and out of the portal, and the person's own settings (docs/supplier-portal.md#signing-in),
 * for every kind of portal person: a branch of the portal's tree (paths relative to /v2/portal).
 */
export const portalSelfRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, dialect } = app.database;
  const secure = app.config.publicUrl.startsWith('https:');
  // Link requests are handled after their answer: the database must outlive them.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.post(
    '/auth/link',
    {
      ...PUBLIC,
      schema: {
        summary: 'Ask for a sign-in link by e-mail (always 204, whether or not the address has portal access)',
        body: RequestSignInLink,
        ...PORTAL_PUBLIC_OPERATION,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      // After the answer: its time says nothing of whether the address has access.
      const work = portalSessions
        .requestLink(db, dialect, { config: app.config, log: request.log, db: app.database.db }, request.body.email)
        .catch((error: unknown) => request.log.error({ err: error }, 'could not handle a portal sign-in link request'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/sign-in',
    {
      ...PUBLIC,
      schema: {
        summary: 'Redeem a sign-in link: sets the portal session cookie',
        body: SignInWithLink,
        ...PORTAL_PUBLIC_OPERATION,
        response: { 200: PortalSignedIn, ...errorResponses },
      },
    },
    async (request, reply) => {
      const started = await portalSessions.signIn(db, dialect, request.body.token, { address: request.ip });
      setSessionCookie(reply, started.token, { secure, maxAgeMs: app.config.sessions.maxAgeMs, name: PORTAL_SESSION_COOKIE });
      return { person: toPortalMe(started.identity), csrfToken: started.csrfToken };
    },
  );

  app.post(
    '/auth/password',
    {
      ...PUBLIC,
      schema: {
        summary: 'Sign in with your e-mail address and the password you chose: sets the portal session cookie',
        body: SignInWithPassword,
        ...PORTAL_PUBLIC_OPERATION,
        response: { 200: PortalSignedIn, ...errorResponses },
      },
    },
    async (request, reply) => {
      const started = await portalPasswords.signIn(db, dialect, request.body);
      setSessionCookie(reply, started.token, { secure, maxAgeMs: app.config.sessions.maxAgeMs, name: PORTAL_SESSION_COOKIE });
      return { person: toPortalMe(started.identity), csrfToken: started.csrfToken };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { summary: 'Sign out of the portal: ends the session and clears its cookie', response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await portalSessions.signOut(db, principalOf(request));
      clearSessionCookie(reply, { secure, name: PORTAL_SESSION_COOKIE });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/session',
    {
      schema: {
        summary: 'The signed-in portal person and the CSRF token of the session (after a page reload)',
        response: { 200: PortalSignedIn, ...errorResponses },
      },
    },
    async (request) => {
      const token = sessionTokenOf(request, PORTAL_SESSION_COOKIE);
      if (token === undefined) throw stateConflict('No portal session cookie');
      return { person: await portalSessions.me(app.portalCtx(request).db, principalOf(request)), csrfToken: csrfTokenOf(token) };
    },
  );

  app.put(
    '/me',
    {
      schema: {
        summary: 'Change your own settings: the language the portal speaks to you',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: UpdatePortalMe,
        response: { 200: PortalMe, ...errorResponses },
      },
    },
    async (request) => app.portalTransaction(request, (ctx) => portalSessions.setLanguage(ctx.db, ctx.principal, request.body.language)),
  );

  app.put(
    '/me/password',
    {
      schema: {
        summary: 'Choose a password (or change yours): your other sessions end; e-mailed links keep working',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: SetPortalPassword,
        response: { 200: PortalMe, ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await portalPasswords.set(db, dialect, principal, request.body);
      return portalSessions.me(db, principal);
    },
  );

  app.delete(
    '/me/password',
    { schema: { summary: 'Remove your password: you sign in with e-mailed links only', response: { 200: PortalMe, ...errorResponses } } },
    async (request) => {
      const principal = principalOf(request);
      await portalPasswords.remove(db, principal);
      return portalSessions.me(db, principal);
    },
  );

  app.get(
    '/agency/logo',
    {
      schema: {
        summary: "The agency's logo, which heads the portal's pages (404 when it has none)",
        querystring: EmptyQuery,
        response: { 200: Binary('the image (PNG, JPEG or sanitised SVG), with its content type'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const logo = await accounts.logoOf(app.portalCtx(request).db, principalOf(request).accountId);
      // Private (the person's agency's), kept a few minutes: every page of the portal shows it.
      return sendLogo(reply, logo, 'private, max-age=300');
    },
  );
};
