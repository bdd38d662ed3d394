import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../console/src/shared/session/session';
import { t } from '../../../console/src/shared/i18n';

describe('safeReturnPath: where sign-in may send the browser back to', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/jobs?status=3&page=2')).toBe('/jobs?status=3&page=2');
    expect(safeReturnPath('/jobs/abc#files')).toBe('/jobs/abc#files');
  });

  it('sends anything else to the dashboard: another site, a scheme, backslashes, sign-in itself, nothing', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'jobs',
      '',
      '/sign-in?returnTo=/x',
      undefined,
      42,
    ]) {
      expect(safeReturnPath(value), String(value)).toBe('/');
    }
  });
});

describe('t: the message catalogue', () => {
  it('fills the placeholders it is given and leaves the others visible', () => {
    expect(t('search.nothing', { query: 'Acme' })).toBe('Nothing found for “Acme”');
    expect(t('pagination.summary', { from: 1, to: 50 })).toBe('1–50 of {total}');
    expect(t('nav.jobs')).toBe('Jobs');
  });
});
