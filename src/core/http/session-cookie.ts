import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';

/** The session cookie of the agency's users (docs/access.md#sessions). */
export const SESSION_COOKIE = 'td_session';

/**
 * The session cookie of portal people (docs/supplier-portal.md#sessions): another name, so that
 * neither kind of session is ever read as the other, even by a browser signed in to both.
 */
export const PORTAL_SESSION_COOKIE = 'td_portal';

type CookieName = typeof SESSION_COOKIE | typeof PORTAL_SESSION_COOKIE;

/** The session secret a request's cookie carries, if any (a malformed value counts as none). */
export function sessionTokenOf(request: FastifyRequest, name: CookieName = SESSION_COOKIE): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || header.length > 8192 || !header.includes(name)) return undefined;
  const value = parse(header)[name];
  return value !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/** Sets a session cookie: HttpOnly, SameSite=Lax, Secure when Transdesk is reached over https. */
export function setSessionCookie(reply: FastifyReply, token: string, options: { secure: boolean; maxAgeMs: number; name?: CookieName }): void {
  reply.header(
    'Set-Cookie',
    serialize(options.name ?? SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      path: '/',
      maxAge: Math.floor(options.maxAgeMs / 1000),
    }),
  );
}

export function clearSessionCookie(reply: FastifyReply, options: { secure: boolean; name?: CookieName }): void {
  reply.header('Set-Cookie', serialize(options.name ?? SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: 0 }));
}
