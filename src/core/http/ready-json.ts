import type { FastifyReply } from 'fastify';

/** The content type Fastify gives its JSON answers. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends text that is JSON already (e.g. from the job view cache) as it is: Fastify does not
 * serialise a string answer again when its content type is set. The text must be what the route's
 * response schema would have produced.
 */
export function sendReadyJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json as never);
}
