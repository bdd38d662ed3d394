import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { JITTER, MAX_ATTEMPTS, RETRY_WAITS_MS, nextAttemptAt } from '../../src/modules/outbox/schedule.js';
import { signatureHeader } from '../../src/modules/webhooks/send.js';

/** The outbox's pieces without a database (docs/webhooks.md): retry schedule, signatures (safe targets: webhook-targets.test.ts). */

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h, for about three days', () => {
    const hour = 3_600_000;
    expect(RETRY_WAITS_MS.slice(0, 6)).toEqual([5_000, 300_000, 1_800_000, 2 * hour, 5 * hour, 10 * hour]);
    expect(RETRY_WAITS_MS.slice(5).every((wait) => wait === 10 * hour)).toBe(true);
    const total = RETRY_WAITS_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.8);
    expect(total / 86_400_000).toBeLessThan(3.5);
    expect(MAX_ATTEMPTS).toBe(13);
  });

  it('spreads each wait by the jitter and stops after the last attempt', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    for (const [index, wait] of RETRY_WAITS_MS.entries()) {
      const low = nextAttemptAt(index + 1, now, () => 0)!.getTime() - now.getTime();
      const high = nextAttemptAt(index + 1, now, () => 0.999999)!.getTime() - now.getTime();
      const middle = nextAttemptAt(index + 1, now, () => 0.5)!.getTime() - now.getTime();
      expect(low).toBe(Math.round(wait * (1 - JITTER)));
      expect(high).toBeCloseTo(wait * (1 + JITTER), -2);
      expect(middle).toBe(wait);
    }
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeNull();
  });
});

describe('signatures (Standard Webhooks 1.0)', () => {
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
  const previous = `whsec_${Buffer.from('the old secret of 32 bytes......').toString('base64')}`;
  const body = JSON.stringify({ id: 'e1', type: 'job.created', createdAt: '2026-01-01T00:00:00.000Z', data: { id: 'j1' } });

  const headersFor = (endpoint: Parameters<typeof signatureHeader>[0], timestamp = new Date()) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(endpoint, 'msg_1', timestamp, body),
  });

  it('verifies with the receiver library, and not with another secret or another body', () => {
    const headers = headersFor({ secret, previous_secret: null, previous_secret_expires_at: null });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(previous).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('j1', 'j2'), headers)).toThrow();
  });

  it('signs with both secrets until the previous one expires, each verifying', () => {
    const rotating = { secret, previous_secret: previous, previous_secret_expires_at: new Date(Date.now() + 3_600_000).toISOString() };
    const headers = headersFor(rotating);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
    const expired = headersFor({ ...rotating, previous_secret_expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(expired['webhook-signature'].split(' ')).toHaveLength(1);
    expect(() => new Webhook(previous).verify(body, expired)).toThrow();
  });
});
