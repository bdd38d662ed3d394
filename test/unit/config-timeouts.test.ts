import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, IDLE_TIMEOUT_MS (slow clients). */
const timeouts = (env: Record<string, string>) => loadConfig(env).timeouts;

describe('HTTP timeouts in the configuration', () => {
  it('defaults: 20 s for the headers, 300 s for the whole request, 72 s keep-alive, 120 s idle, checked every second', () => {
    expect(timeouts({})).toEqual({ headersMs: 20_000, requestMs: 300_000, keepAliveMs: 72_000, idleMs: 120_000, checkIntervalMs: 1000 });
    expect(timeouts({ HEADERS_TIMEOUT_MS: '', REQUEST_TIMEOUT_MS: '', KEEP_ALIVE_TIMEOUT_MS: '', IDLE_TIMEOUT_MS: '' })).toEqual(timeouts({}));
  });

  it('reads each variable in milliseconds; IDLE_TIMEOUT_MS=0 turns the idle timeout off', () => {
    expect(timeouts({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '500', IDLE_TIMEOUT_MS: '0' })).toEqual({
      headersMs: 1000,
      requestMs: 2000,
      keepAliveMs: 500,
      idleMs: 0,
      checkIntervalMs: 250,
    });
    // Headers and request may be equal.
    expect(timeouts({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '60000' })).toMatchObject({ headersMs: 60_000, requestMs: 60_000 });
  });

  it('checks the timeouts every quarter of the header timeout, between 10 ms and 1 s', () => {
    expect(timeouts({ HEADERS_TIMEOUT_MS: '100' }).checkIntervalMs).toBe(25);
    expect(timeouts({ HEADERS_TIMEOUT_MS: '2000' }).checkIntervalMs).toBe(500);
    expect(timeouts({ HEADERS_TIMEOUT_MS: '4000' }).checkIntervalMs).toBe(1000);
    expect(timeouts({ HEADERS_TIMEOUT_MS: '3600000', REQUEST_TIMEOUT_MS: '3600000' }).checkIntervalMs).toBe(1000);
  });

  it('refuses values that are not whole numbers of milliseconds in range, naming the variable', () => {
    const invalid: Array<[Record<string, string>, RegExp]> = [
      [{ HEADERS_TIMEOUT_MS: '20s' }, /HEADERS_TIMEOUT_MS must be a whole number/],
      [{ HEADERS_TIMEOUT_MS: '0' }, /HEADERS_TIMEOUT_MS must be between 100 and 3600000/],
      [{ HEADERS_TIMEOUT_MS: '-1' }, /HEADERS_TIMEOUT_MS/],
      [{ HEADERS_TIMEOUT_MS: '1.5' }, /HEADERS_TIMEOUT_MS/],
      [{ REQUEST_TIMEOUT_MS: '99' }, /REQUEST_TIMEOUT_MS must be between 100 and 86400000/],
      [{ REQUEST_TIMEOUT_MS: '86400001' }, /REQUEST_TIMEOUT_MS/],
      [{ REQUEST_TIMEOUT_MS: 'never' }, /REQUEST_TIMEOUT_MS/],
      [{ KEEP_ALIVE_TIMEOUT_MS: '0' }, /KEEP_ALIVE_TIMEOUT_MS must be between 100 and 3600000/],
      [{ KEEP_ALIVE_TIMEOUT_MS: '1e4' }, /KEEP_ALIVE_TIMEOUT_MS/],
      [{ IDLE_TIMEOUT_MS: '-5' }, /IDLE_TIMEOUT_MS/],
      [{ IDLE_TIMEOUT_MS: '86400001' }, /IDLE_TIMEOUT_MS/],
    ];
    for (const [env, message] of invalid) {
      expect(() => timeouts(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => timeouts(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('refuses a header timeout longer than the request timeout (Node requires headers ≤ request)', () => {
    expect(() => timeouts({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' })).toThrow(ConfigError);
    expect(() => timeouts({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' })).toThrow(
      'HEADERS_TIMEOUT_MS (5000) must not be larger than REQUEST_TIMEOUT_MS (4000)',
    );
    // Also against the default request timeout.
    expect(() => timeouts({ HEADERS_TIMEOUT_MS: '600000' })).toThrow(/REQUEST_TIMEOUT_MS \(300000\)/);
  });
});
