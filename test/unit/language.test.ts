import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isCountryCode, isTimeZone, languageName, parseLanguage } from '../../src/core/language.js';

describe('parseLanguage (docs/master-data.md#language-codes)', () => {
  it('names languages in English, with the region after a space', () => {
    expect(parseLanguage('fr')).toEqual({ code: 'fr', name: 'French' });
    expect(parseLanguage('en')).toEqual({ code: 'en', name: 'English' });
    expect(parseLanguage('en-US')).toEqual({ code: 'en-US', name: 'English United States' });
    expect(parseLanguage('en-GB')).toEqual({ code: 'en-GB', name: 'English United Kingdom' });
    expect(parseLanguage('pt-BR')).toEqual({ code: 'pt-BR', name: 'Portuguese Brazil' });
    expect(parseLanguage('zh-TW')).toEqual({ code: 'zh-TW', name: 'Chinese Taiwan' });
    expect(parseLanguage('de-CH')).toEqual({ code: 'de-CH', name: 'German Switzerland' });
    expect(parseLanguage('ja')).toEqual({ code: 'ja', name: 'Japanese' });
  });

  it('normalises case, surrounding blanks and the underscore form', () => {
    expect(parseLanguage('EN-us')).toEqual({ code: 'en-US', name: 'English United States' });
    expect(parseLanguage('FR')).toEqual({ code: 'fr', name: 'French' });
    expect(parseLanguage('pt-br')?.code).toBe('pt-BR');
    expect(parseLanguage(' de ')?.code).toBe('de');
    // POSIX locale spelling, common in CAT tool exports: the same language.
    expect(parseLanguage('en_US')).toEqual({ code: 'en-US', name: 'English United States' });
  });

  it('replaces deprecated codes by their current form, so one language has one code', () => {
    expect(parseLanguage('iw')).toEqual({ code: 'he', name: 'Hebrew' });
    expect(parseLanguage('in')?.code).toBe('id');
    expect(parseLanguage('en-UK')).toEqual({ code: 'en-GB', name: 'English United Kingdom' });
    expect(parseLanguage('de-DD')?.code).toBe('de-DE');
    // A replacement that is not two letters keeps the ISO 639-1 code.
    expect(parseLanguage('tl')?.code).toBe('tl');
  });

  it('rejects unknown languages and regions and other shapes', () => {
    for (const code of [
      'xx',
      'zz',
      'qa',
      'fr-XX',
      'en-ZZ',
      'en-AA',
      'f',
      'fra',
      'eng',
      'en-USA',
      'en-001',
      'es-419',
      'zh-Hant',
      'en-',
      '-US',
      'en US',
      'en--US',
      '',
      '  ',
      'e1',
      'und',
    ]) {
      expect(parseLanguage(code), code).toBeUndefined();
    }
  });

  it('rejects groupings and pseudo-regions that are no country', () => {
    for (const code of ['en-EU', 'en-UN', 'en-XA', 'en-XB', 'en-QO', 'en-EZ']) expect(parseLanguage(code), code).toBeUndefined();
  });

  it('answers the canonical code for every accepted input (parsing it again changes nothing)', () => {
    const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    const pair = fc.tuple(letters, letters).map(([a, b]) => a + b);
    const input = fc.oneof(
      pair,
      fc.tuple(pair, fc.constantFrom('-', '_'), pair).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(input, (code) => {
        const parsed = parseLanguage(code);
        if (!parsed) return true;
        expect(parsed.code).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
        expect(parseLanguage(parsed.code)).toEqual(parsed);
        expect(languageName(parsed.code)).toBe(parsed.name);
        return true;
      }),
      { numRuns: 3000 },
    );
  });

  it('languageName falls back to the code itself', () => {
    expect(languageName('fr-CA')).toBe('French Canada');
    expect(languageName('xx')).toBe('xx');
  });
});

describe('isCountryCode (ISO 3166-1 alpha-2)', () => {
  it('accepts current uppercase codes', () => {
    for (const code of ['FR', 'US', 'GB', 'DE', 'BE', 'CH', 'JP', 'BR', 'AQ', 'XK', 'CW']) expect(isCountryCode(code), code).toBe(true);
  });

  it('rejects lowercase, unknown, user-assigned, grouping and withdrawn codes', () => {
    for (const code of ['fr', 'Fr', 'XX', 'ZZ', 'AA', 'QM', 'XA', 'XB', 'QO', 'EU', 'EZ', 'UN', 'UK', 'SU', 'DD', 'YU', 'AN', 'FRA', 'F', '', '12']) {
      expect(isCountryCode(code), code).toBe(false);
    }
  });
});

describe('isTimeZone (IANA names)', () => {
  it('accepts canonical names, UTC and links spelt as in the database', () => {
    for (const zone of [
      'Europe/Paris',
      'America/New_York',
      'America/Argentina/Buenos_Aires',
      'Asia/Kolkata',
      'UTC',
      'Etc/UTC',
      'Etc/GMT+5',
      'US/Eastern',
      'Asia/Calcutta',
    ]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
  });

  it('rejects unknown names, wrong capitals, abbreviations and offsets', () => {
    for (const zone of [
      'Foo/Bar',
      'Europe/Pariss',
      'europe/paris',
      'EUROPE/PARIS',
      'us/eastern',
      'utc',
      'EST',
      'CET',
      'GMT',
      '+01:00',
      'UTC+1',
      '',
      'Europe/',
      '/Paris',
    ]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });
});
