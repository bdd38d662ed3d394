import type { FastifyRequest } from 'fastify';

/** Paths that belong to the server itself: never answered with the web console's page. */
const SERVER_PATHS = /^\/(v2|docs|health|metrics|assets)(\/|$|\?)/;

/**
 * Does this request, which no route serves, want a page of the web console? A browser's navigation
 * (GET or HEAD, asking for HTML) to a path outside the server's own: the console's router decides
 * what it shows (its own "page not found" among them), and the page asks the API who is signed in,
 * so no key or session is needed. API clients keep the 404 error body.
 */
export function wantsConsolePage(request: FastifyRequest): boolean {
  if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  if (SERVER_PATHS.test(request.url)) return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}
