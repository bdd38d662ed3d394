import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../../../console/src/shared/api/client';
import { browserLanguage, CATALOGUES, LANGUAGE_NAMES, placeholdersOf, PORTAL_LANGUAGES, portalText } from '../../../console/src/modules/portal/i18n';
import { linkProblemKey } from '../../../console/src/modules/portal/queries';

/** The portal's eight catalogues (docs/console.md#portal-pages): the same keys, no empty text, the same placeholders. */
describe("the portal's catalogues", () => {
  const keys = Object.keys(CATALOGUES.en).sort();

  it('has one catalogue and one name per language of documents', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...PORTAL_LANGUAGES].sort());
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...PORTAL_LANGUAGES].sort());
    expect(PORTAL_LANGUAGES).toHaveLength(8);
  });

  it.each(PORTAL_LANGUAGES)('%s has every key, no other, and no empty text', (language) => {
    const catalogue = CATALOGUES[language];
    expect(Object.keys(catalogue).sort()).toEqual(keys);
    const empty = Object.entries(catalogue).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(PORTAL_LANGUAGES)('%s has the placeholders of English in every text', (language) => {
    const catalogue = CATALOGUES[language];
    const different = keys.filter((key) => {
      const k = key as keyof typeof catalogue;
      return placeholdersOf(catalogue[k]).join() !== placeholdersOf(CATALOGUES.en[k]).join();
    });
    expect(different).toEqual([]);
  });

  it('translates: no language but English repeats a whole sentence of English', () => {
    for (const language of PORTAL_LANGUAGES.filter((code) => code !== 'en')) {
      const catalogue = CATALOGUES[language];
      const copied = keys.filter((key) => {
        const k = key as keyof typeof catalogue;
        return catalogue[k] === CATALOGUES.en[k] && CATALOGUES.en[k].includes(' ');
      });
      expect(copied, language).toEqual([]);
    }
  });
});

describe('portalText', () => {
  it('fills placeholders and writes dates and numbers for the language', () => {
    const date = new Date(Date.UTC(2026, 10, 29, 12));
    const fr = portalText('fr');
    expect(fr.t('home.hello', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(fr.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).toBe('29 novembre 2026');
    expect(portalText('de').formatNumber(1234.5)).toBe('1.234,5');
    expect(portalText('en').formatNumber(1234.5)).toBe('1,234.5');
    expect(portalText('pl').formatDate(date, { day: 'numeric', month: 'long', timeZone: 'UTC' })).toBe('29 listopada');
  });
});

describe('browserLanguage', () => {
  it("takes the first of the browser's languages the portal speaks, else English", () => {
    expect(browserLanguage(['fr-CA', 'en-US'])).toBe('fr');
    expect(browserLanguage(['ja-JP', 'pt-BR'])).toBe('pt');
    expect(browserLanguage(['ja-JP', 'zh'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('linkProblemKey', () => {
  const onToken = (message: string) => new ApiProblem(400, 'parameter_invalid', `token ${message}`, [{ param: 'token', message }]);

  it("reads why a link did not sign in from the server's message", () => {
    expect(linkProblemKey(onToken('this link has already been used or was replaced by a newer one: ask for a new one'))).toBe('signIn.used');
    expect(linkProblemKey(onToken('this link has expired: ask for a new one'))).toBe('signIn.expired');
    expect(linkProblemKey(onToken('this link is not valid: copy the whole link you were sent, or ask for a new one'))).toBe('signIn.invalid');
    expect(linkProblemKey(new ApiProblem(429, 'rate_limited', 'Too many'))).toBe('problem.throttled');
    expect(linkProblemKey(new Error('network'))).toBe('problem.generic');
  });
});
