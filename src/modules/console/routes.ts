import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { join } from 'node:path';
import { NOT_BUILT_HTML, type ConsolePage } from './page.js';

/** A year: the assets' names carry a hash of their content, so a new build has new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers the console's page (a fresh nonce, its policy, never stored: a new build must show at once). */
export function sendConsolePage(page: ConsolePage | undefined, reply: FastifyReply): FastifyReply {
  reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
  if (page === undefined) return reply.code(503).send(NOT_BUILT_HTML);
  const { html, policy } = page.render();
  return reply.header('Content-Security-Policy', policy).send(html);
}

/**
 * The web console (docs/console.md#how-it-is-served): `/` answers its page, `/assets/…` its
 * hashed scripts, styles and fonts with a year's cache (gzip or brotli twins when the client
 * accepts them); other browser paths (`/jobs/…`) get the page from the not-found handler
 * (wantsConsolePage). All public: the page asks the API who is signed in.
 */
export function consoleRoutes(page: ConsolePage | undefined) {
  return async (app: FastifyInstance) => {
    app.get('/', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => sendConsolePage(page, reply));
    if (page === undefined) return;
    await app.register(fastifyStatic, { root: join(page.dir, 'assets'), serve: false, preCompressed: true, index: false });
    app.get<{ Params: { '*': string } }>('/assets/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) =>
      reply.header('Cache-Control', IMMUTABLE).sendFile(request.params['*'], { cacheControl: false }),
    );
  };
}
