import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateApiKey, hashApiKey, keyFromAuthorization, keyPrefix } from '../../src/core/auth.js';
import { ApiError, ErrorCodes, errorBody, statusName } from '../../src/core/errors.js';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('API keys (docs/reference.md#authentication)', () => {
  it('are random, with at least 32 bytes of entropy, and hashed with SHA-256', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^td_[A-Za-z0-9_-]{43}$/);
    expect(new Set(Array.from({ length: 1000 }, generateApiKey)).size).toBe(1000);
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(`${key}x`));
    expect(keyPrefix(key)).toBe(key.slice(0, 8));
  });
});

describe('keyFromAuthorization (docs/reference.md#authentication)', () => {
  it('reads Basic with the key as user name and an empty password', () => {
    expect(keyFromAuthorization(basic('td_key:'))).toBe('td_key');
    expect(keyFromAuthorization(basic('td_key:ignored'))).toBe('td_key');
    expect(keyFromAuthorization(basic('td_key'))).toBe('td_key');
    expect(keyFromAuthorization(`basic ${Buffer.from('td_key:').toString('base64')}`)).toBe('td_key');
  });

  it('reads Bearer', () => {
    expect(keyFromAuthorization('Bearer td_key')).toBe('td_key');
    expect(keyFromAuthorization('bearer td_key')).toBe('td_key');
    expect(keyFromAuthorization('Bearer   td_key  ')).toBe('td_key');
  });

  it('answers nothing for missing, empty, unknown or oversized credentials', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer    ',
      'Basic',
      'Basic ',
      basic(':'),
      basic(':password'),
      'Digest abc',
      'Token td_key',
      'td_key',
      `Bearer ${'x'.repeat(2000)}`,
    ]) {
      expect(keyFromAuthorization(header), String(header)).toBeUndefined();
    }
  });

  it('property: never throws, whatever the header', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `Basic ${s}`),
          fc.string().map((s) => `Bearer ${s}`),
        ),
        (header) => {
          const key = keyFromAuthorization(header);
          return key === undefined || (typeof key === 'string' && key.length > 0);
        },
      ),
    );
  });

  it('property: Basic and Bearer give back any key without a colon', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => !s.includes(':') && s.trim() === s && s !== ''),
        (key) => {
          expect(keyFromAuthorization(basic(`${key}:`))).toBe(key);
          expect(keyFromAuthorization(`Bearer ${key}`)).toBe(key);
        },
      ),
    );
  });
});

describe('errors (docs/reference.md#errors)', () => {
  it('maps every code to its status and every status to its name', () => {
    expect(ErrorCodes).toMatchObject({
      parameter_missing: 400,
      parameter_invalid: 400,
      parameter_unknown: 400,
      body_invalid: 400,
      unauthorized: 401,
      forbidden: 403,
      resource_missing: 404,
      route_missing: 404,
      method_not_allowed: 405,
      resource_exists: 409,
      resource_in_use: 409,
      invalid_transition: 409,
      state_conflict: 409,
      payload_too_large: 413,
      unsupported_media_type: 415,
      range_not_satisfiable: 416,
      rate_limited: 429,
      internal_error: 500,
    });
    const names: Record<number, string> = {
      400: 'BadRequest',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      405: 'MethodNotAllowed',
      409: 'Conflict',
      413: 'PayloadTooLarge',
      415: 'UnsupportedMediaType',
      416: 'RangeNotSatisfiable',
      429: 'TooManyRequests',
      500: 'InternalServerError',
    };
    for (const status of Object.values(ErrorCodes)) expect(statusName(status)).toBe(names[status]);
  });

  it('builds the body with details only when there are some', () => {
    expect(errorBody(new ApiError('resource_missing', 'No job with id x'), 'req-1')).toEqual({
      message: 'No job with id x',
      name: 'NotFound',
      code: 'resource_missing',
      id: 'req-1',
    });
    expect(errorBody(new ApiError('parameter_invalid', 'bad', []), 'r')).not.toHaveProperty('details');
    expect(errorBody(new ApiError('parameter_invalid', 'bad', [{ param: 'a', message: 'is invalid' }]), 'r').details).toEqual([
      { param: 'a', message: 'is invalid' },
    ]);
  });
});
