import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * `IDLE_TIMEOUT_MS` (config.ts, docs/operations.md#slow-clients-and-timeouts) cuts a connection on
 * which no byte moves: a client that stops sending its body, or stops reading its answer. While the
 * server itself works on a request whose body has all arrived (a 10 000-row import on a busy
 * PostgreSQL takes minutes), no byte moves either, and a cut there would drop the answer of work
 * that still commits. So the timer is paused from the moment the whole body is in until the answer
 * starts (onSend), when it runs again for the client's reading.
 */
export const idleTimeoutPlugin = fp(
  async (app: FastifyInstance, options: { idleMs: number }) => {
    if (options.idleMs === 0) return;
    app.addHook('preHandler', async (request) => {
      const socket = request.raw.socket;
      // `inject` requests have a stand-in socket without timers.
      if (typeof socket?.setTimeout !== 'function') return;
      // A multipart body is read by the handler itself: pause only once it has all arrived.
      if (request.raw.complete) socket.setTimeout(0);
      else request.raw.once('end', () => socket.setTimeout(0));
    });
    app.addHook('onSend', async (request) => {
      const socket = request.raw.socket;
      if (typeof socket?.setTimeout === 'function') socket.setTimeout(options.idleMs);
    });
  },
  { name: 'idle-timeout' },
);
