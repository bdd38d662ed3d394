import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';

/** The session cookie (docs/access.md#sessions). */
export const SESSION_COOKIE = 'td_session';

/** The session secret a request's cookie carries, if any (a malformed value counts as none). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || header.length > 8192 || !header.includes(SESSION_COOKIE)) return undefined;
  const value = parse(header)[SESSION_COOKIE];
  return value !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when Transdesk is reached over https. */
export function setSessionCookie(reply: FastifyReply, token: string, options: { secure: boolean; maxAgeMs: number }): void {
  reply.header(
    'Set-Cookie',
    serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: Math.floor(options.maxAgeMs / 1000) }),
  );
}

export function clearSessionCookie(reply: FastifyReply, options: { secure: boolean }): void {
  reply.header('Set-Cookie', serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/', maxAge: 0 }));
}
