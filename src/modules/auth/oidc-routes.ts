import { Type } from '@sinclair/typebox';
import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../core/errors.js';
import { EmptyQuery, Input, errorResponses } from '../../core/schemas.js';
import { RETURN_TO_MAX_CHARS } from './oidc-return-path.js';
import { ATTEMPT_LIFETIME_MS, oidc } from './oidc.js';
import { sessions } from './sessions.js';

const tags = ['Authentication'];

/** What a sign-in page offers (docs/access.md#single-sign-on). */
export const AuthMethods = Type.Object(
  {
    password: Type.Boolean({ description: 'users sign in with their e-mail and password (always true)' }),
    oidc: Type.Union([Type.Object({ name: Type.String({ description: 'the name of the single sign-on to show on the button (OIDC_NAME)' }) }), Type.Null()], {
      description: 'single sign-on with OpenID Connect (`GET /v2/auth/oidc/start`), or null when it is not configured',
    }),
  },
  { title: 'Authentication methods' },
);

const StartQuery = Input({
  returnTo: Type.Optional(Type.String({ maxLength: RETURN_TO_MAX_CHARS, description: 'the page of this site to go to once signed in (default `/`)' })),
});

/** The provider's answer: other parameters it adds (`iss`, `session_state`, …) are let through; openid-client reads `iss`. */
const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 512 })),
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: true },
);

/**
 * The cookie that ties an attempt to the browser that started it (the attempt's state): sent back
 * only to the callback, on the top-level navigation from the provider (SameSite=Lax), for as long
 * as an attempt lasts. One at a time: a second sign-in started in the same browser replaces it.
 */
const ATTEMPT_COOKIE = 'td_oidc_state';
const CALLBACK_PATH = '/v2/auth/oidc/callback';

function setAttemptCookie(reply: FastifyReply, config: Config, state: string | null): void {
  reply.header(
    'Set-Cookie',
    serialize(ATTEMPT_COOKIE, state ?? '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https:'),
      path: CALLBACK_PATH,
      maxAge: state === null ? 0 : ATTEMPT_LIFETIME_MS / 1000,
    }),
  );
}

function attemptCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || header.length > 8192 || !header.includes(ATTEMPT_COOKIE)) return undefined;
  return parse(header)[ATTEMPT_COOKIE] || undefined;
}

const notConfigured = () => new ApiError('route_missing', 'Single sign-on is not set up on this server');

/**
 * Single sign-on (docs/access.md#single-sign-on). The start and the callback are pages a browser
 * is sent to, answered by redirects, not operations of the JSON API: they are left out of the
 * OpenAPI document.
 */
export const oidcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/auth/methods',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'How people can sign in (for a sign-in page; no authentication)',
        security: [],
        querystring: EmptyQuery,
        response: { 200: AuthMethods, ...errorResponses },
      },
    },
    async () => ({ password: true, oidc: app.config.oidc ? { name: app.config.oidc.name } : null }),
  );

  app.get('/v2/auth/oidc/start', { config: { public: true }, schema: { hide: true, querystring: StartQuery } }, async (request, reply) => {
    const settings = app.config.oidc;
    if (settings === undefined) throw notConfigured();
    const attempt = await oidc.start(app.database, settings, app.config.publicUrl, request.query.returnTo, request.log);
    setAttemptCookie(reply, app.config, attempt.state);
    return reply.code(302).header('Cache-Control', 'no-store').header('Location', attempt.location.href).send();
  });

  app.get(CALLBACK_PATH, { config: { public: true }, schema: { hide: true, querystring: CallbackQuery } }, async (request, reply) => {
    const settings = app.config.oidc;
    if (settings === undefined) throw notConfigured();
    reply.header('Cache-Control', 'no-store');
    // The attempt's cookie has done its work, whatever the outcome.
    const browserState = attemptCookieOf(request);
    if (browserState !== undefined) setAttemptCookie(reply, app.config, null);
    const question = request.url.indexOf('?');
    const rawQuery = question < 0 ? '' : request.url.slice(question + 1);
    const { session, location } = await oidc.finish(app.database, settings, app.config.publicUrl, request.query, rawQuery, browserState, request.log);
    sessions.setCookie(reply, app.config, session);
    return reply.code(302).header('Location', location).send();
  });
};
