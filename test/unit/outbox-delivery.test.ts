import { describe, expect, it } from 'vitest';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { Webhook } from 'standardwebhooks';
import { JITTER, MAX_ATTEMPTS, RETRY_WAITS_MS, nextAttemptAt } from '../../src/modules/outbox/schedule.js';
import { signatureHeader } from '../../src/modules/webhooks/send.js';
import { addressProblem, checkWebhookUrl, safeLookup } from '../../src/modules/webhooks/targets.js';

/** The outbox's pieces without a database (docs/webhooks.md): retry schedule, signatures, safe targets. */

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

describe('safe targets', () => {
  const refused = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ];
  const publicAddresses = ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

  it.each(refused)('refuses %s', (address) => expect(addressProblem(address, false)).not.toBeNull());
  it.each(publicAddresses)('allows %s', (address) => expect(addressProblem(address, false)).toBeNull());

  it('with private networks allowed: private and loopback yes; metadata, link-local, multicast, unspecified never', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '100.64.0.1', '::1', 'fc00::1', '::ffff:127.0.0.1'])
      expect(addressProblem(address, true)).toBeNull();
    for (const address of ['169.254.169.254', 'fd00:ec2::254', '169.254.1.1', 'fe80::1', '0.0.0.0', '::', '224.0.0.1'])
      expect(addressProblem(address, true)).not.toBeNull();
  });

  it('checks URLs: https, http only with private networks, no credentials, IP literals checked', () => {
    expect(checkWebhookUrl('https://hooks.example.com/x', false)).toBeNull();
    expect(checkWebhookUrl('http://hooks.example.com/x', false)).toMatch(/https/);
    expect(checkWebhookUrl('http://hooks.example.com/x', true)).toBeNull();
    expect(checkWebhookUrl('ftp://hooks.example.com/x', true)).toMatch(/https or http/);
    expect(checkWebhookUrl('https://user:pw@hooks.example.com/x', false)).toMatch(/user name or password/);
    expect(checkWebhookUrl('not a url', false)).toMatch(/valid/);
    expect(checkWebhookUrl('https://127.0.0.1/x', false)).toMatch(/loopback/);
    expect(checkWebhookUrl('https://[::1]/x', false)).toMatch(/loopback/);
    expect(checkWebhookUrl('https://169.254.169.254/latest', true)).toMatch(/metadata/);
    expect(checkWebhookUrl('https://localhost/x', false)).toMatch(/loopback/);
    expect(checkWebhookUrl('http://127.0.0.1:8080/x', true)).toBeNull();
  });

  const fakeResolver =
    (addresses: LookupAddress[]) => (_host: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
      callback(null, addresses);
  const lookUp = (addresses: LookupAddress[], allowPrivate: boolean, all: boolean) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) =>
      safeLookup(allowPrivate, fakeResolver(addresses) as never)('hooks.example.com', { all }, (error, result) => resolve({ error, result })),
    );

  it('at connection time answers only addresses that may be called', async () => {
    const inside = await lookUp([{ address: '10.0.0.5', family: 4 }], false, true);
    expect(inside.error?.message).toMatch(/refused target: 10\.0\.0\.5 is a private address/);
    const mixed = await lookUp(
      [
        { address: '169.254.169.254', family: 4 },
        { address: '93.184.216.34', family: 4 },
      ],
      false,
      true,
    );
    expect(mixed).toEqual({ error: null, result: [{ address: '93.184.216.34', family: 4 }] });
    expect((await lookUp([{ address: '93.184.216.34', family: 4 }], false, false)).result).toBe('93.184.216.34');
  });

  it('a real connection to a name that resolves to a loopback address is refused', async () => {
    const error = await new Promise<Error>((resolve) => {
      const request = https.request('https://localhost:1/', { agent: new https.Agent({ lookup: safeLookup(false) }) });
      request.on('error', resolve);
      request.end();
    });
    expect(error.message).toMatch(/refused target: (127\.0\.0\.1|::1) is a loopback address/);
  });
});
