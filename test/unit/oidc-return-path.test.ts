import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ApiError } from '../../src/core/errors.js';
import { isLoopbackHttp } from '../../src/modules/auth/oidc-client.js';
import { returnPathOf } from '../../src/modules/auth/oidc-return-path.js';

const SITE = 'https://transdesk.example';

/** returnPathOf's answer, or the parameter its 400 names. */
function outcome(returnTo: string | undefined): string | null | { refused: string } {
  try {
    return returnPathOf(returnTo, SITE);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'parameter_invalid') return { refused: error.details![0]!.param };
    throw error;
  }
}

describe('returnPathOf (single sign-on: where the browser goes once signed in)', () => {
  it('takes paths of this site, and absolute URLs of its origin', () => {
    expect(outcome(undefined)).toBeNull();
    expect(outcome('')).toBeNull();
    expect(outcome('/')).toBe('/');
    expect(outcome('/jobs?status=open#top')).toBe('/jobs?status=open#top');
    expect(outcome('/a/../jobs')).toBe('/jobs');
    expect(outcome(`${SITE}/groups`)).toBe('/groups');
  });

  it('refuses what could lead elsewhere', () => {
    for (const returnTo of [
      'https://evil.example/',
      'http://transdesk.example/jobs',
      'https://transdesk.example.evil.example/',
      'https://user@transdesk.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/.//evil.example',
      'jobs',
      'javascript:alert(1)',
      'data:text/html,x',
      `/${'x'.repeat(2000)}`,
    ]) {
      expect(outcome(returnTo), returnTo).toEqual({ refused: 'returnTo' });
    }
  });

  it('never answers a path that a browser would read as another site', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `/${s}`),
          fc.string().map((s) => `${SITE}${s}`),
        ),
        (returnTo) => {
          const result = outcome(returnTo);
          if (result === null || typeof result === 'object') return;
          expect(result.startsWith('/')).toBe(true);
          expect(result.startsWith('//')).toBe(false);
          expect(result).not.toContain('\\');
          // Read the way a browser reads a Location header, relative to this site.
          expect(new URL(result, SITE).origin).toBe(SITE);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('plain http issuers (single sign-on)', () => {
  const env = { OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' };

  it('are allowed only on this machine', () => {
    expect(isLoopbackHttp('http://127.0.0.1:4000')).toBe(true);
    expect(isLoopbackHttp('http://localhost/realms/x')).toBe(true);
    expect(isLoopbackHttp('http://[::1]:9000')).toBe(true);
    expect(isLoopbackHttp('https://127.0.0.1')).toBe(false);
    expect(isLoopbackHttp('http://127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackHttp('http://login.example')).toBe(false);
    expect(loadConfig({ ...env, OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc?.issuer).toBe('http://127.0.0.1:4000');
    expect(loadConfig({ ...env, OIDC_ISSUER: 'https://login.example' }).oidc).toEqual({
      issuer: 'https://login.example',
      clientId: 'c',
      clientSecret: 's',
      name: 'single sign-on',
    });
    expect(() => loadConfig({ ...env, OIDC_ISSUER: 'http://login.example' })).toThrow(/https/);
    expect(() => loadConfig({ ...env, OIDC_ISSUER: 'not a url' })).toThrow(/https/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example' })).toThrow(/OIDC_CLIENT_ID/);
  });
});
