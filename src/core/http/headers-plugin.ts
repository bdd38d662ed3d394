import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Content-Security-Policy of the API's own answers (JSON, file downloads, error bodies): nothing
 * in them may load anything, run anything or be framed, should a browser ever render one.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Content-Security-Policy of the API reference under /docs (Swagger UI): its own scripts and style
 * sheets from this origin only, no inline or evaluated script; images from this origin or data:
 * URLs (its icons); requests (the OpenAPI document, "Try it out") to this origin only. Inline
 * styles are allowed: Swagger UI sets style attributes in rendered descriptions.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/**
 * PDF documents are answered `inline` (GET …/pdf): a browser's PDF viewer must not be hindered by
 * a `default-src 'none'`, so they only restrict framing — to pages of this origin (the console
 * previews a document's PDF in an iframe); `X-Frame-Options: SAMEORIGIN` says the same to older
 * browsers.
 */
export const PDF_CSP = "frame-ancestors 'self'";

const isDocs = (url: string) => url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?');

/**
 * Headers of every response (docs/reference.md#request-id and the usual hardening): `X-Request-Id`,
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (`SAMEORIGIN` on PDF documents), `Referrer-Policy: no-referrer`, a
 * Content-Security-Policy, and `Cache-Control: no-store` except on the static API reference.
 * A route may set its own Content-Security-Policy or Cache-Control first. Fastify sends no
 * `X-Powered-By` (nor `Server`).
 */
export function commonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Request-Id', String(request.id));
  reply.header('X-Content-Type-Options', 'nosniff');
  const type = String(reply.getHeader('Content-Type') ?? '');
  const pdf = type.startsWith('application/pdf');
  reply.header('X-Frame-Options', pdf ? 'SAMEORIGIN' : 'DENY');
  reply.header('Referrer-Policy', 'no-referrer');
  const docs = isDocs(request.url);
  if (!reply.hasHeader('Content-Security-Policy')) {
    reply.header('Content-Security-Policy', docs ? DOCS_CSP : pdf ? PDF_CSP : API_CSP);
  }
  if (!docs && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
}

/** Sets commonHeaders on every answer that goes through Fastify's reply (errors and 404s included). */
export const headersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    commonHeaders(request, reply);
  });
});
