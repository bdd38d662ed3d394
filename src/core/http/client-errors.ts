import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Answers to what Node rejects before a request reaches Fastify's routing (a client too slow to
 * send its headers or body, headers over the size limit, a request that is not HTTP): the error
 * body (docs/reference.md#errors) instead of Fastify's own, then the connection is closed. The error list names no class
 * for 408 and 431; these follow its pattern (name from the status, a snake_case code).
 */
const ANSWERS: Record<string, { status: number; name: string; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, name: 'RequestTimeout', code: 'request_timeout', message: 'The request was not received in time' },
  HPE_HEADER_OVERFLOW: { status: 431, name: 'RequestHeaderFieldsTooLarge', code: 'headers_too_large', message: 'The request headers are too large' },
};
const MALFORMED = { status: 400, name: 'BadRequest', code: 'body_invalid', message: 'The request is not valid HTTP' };

let counter = 0;

export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = ANSWERS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ code: error.code }, `client error: ${answer.code}`);
  // Never write into an answer already under way.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    counter = (counter + 1) % 1_000_000;
    const id = `conn-${Date.now().toString(36)}-${process.pid.toString(36)}-${counter.toString(36)}`;
    const body = JSON.stringify({ message: answer.message, name: answer.name, code: answer.code, id });
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
