import type { FastifyReply } from 'fastify';

/** The content type Fastify gives its JSON answers. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON that is ready (e.g. from the job view cache, as UTF-8 bytes) as it is: Fastify does
 * not serialise a string or buffer answer again. It must be what the route's response schema would
 * have produced.
 */
export function sendReadyJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
