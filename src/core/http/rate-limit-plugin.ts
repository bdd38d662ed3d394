import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * Per-key rate limit (docs/reference.md#rate-limits): a fixed one-minute window per API key, counted in this
 * process (several processes each allow the limit; the README says so). 0 disables it.
 */
export class RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();
  // `Date.now()` read at each call (not the function captured once), so that a mocked clock applies.
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts one request; answers what the headers need. */
  hit(key: string): { allowed: boolean; remaining: number; resetSeconds: number } {
    const now = this.now();
    const window = Math.floor(now / 60_000) * 60_000;
    if (window !== this.windowStart) {
      this.windowStart = window;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    const resetSeconds = Math.max(1, Math.ceil((window + 60_000 - now) / 1000));
    return { allowed: count <= this.perMinute, remaining: Math.max(0, this.perMinute - count), resetSeconds };
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { perMinute: number }) => {
  if (options.perMinute <= 0) {
    app.decorate('rateLimit', () => {});
    return;
  }
  const limiter = new RateLimiter(options.perMinute);
  /** Counts a request of the caller `key`: the headers, and 429 past the limit. */
  const limit = (key: string, reply: FastifyReply): void => {
    const { allowed, remaining, resetSeconds } = limiter.hit(key);
    reply.header('RateLimit-Limit', String(options.perMinute));
    reply.header('RateLimit-Remaining', String(remaining));
    reply.header('RateLimit-Reset', String(resetSeconds));
    if (!allowed) {
      throw new ApiError('rate_limited', `Rate limit of ${options.perMinute} requests per minute reached; retry in ${resetSeconds} s`, undefined, {
        'Retry-After': String(resetSeconds),
      });
    }
  };
  // The portal's tree counts its sessions with it too (modules/portal-access/tree.ts).
  app.decorate('rateLimit', limit);
  // Runs after authentication (registered after it), so the key is known.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.auth) return;
    limit(request.auth.keyId ?? request.auth.sessionId ?? request.auth.userId, reply);
  });
});
