import { de } from './de';
import { en, type PortalCatalogue, type PortalKey } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';

export type { PortalCatalogue, PortalKey };

/**
 * The portal's own texts (docs/console.md#portal-pages), apart from the agency console's English
 * catalogue: the eight languages of documents, one catalogue each with the same keys.
 */
export const PORTAL_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'pl'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];

export const CATALOGUES: Readonly<Record<PortalLanguage, PortalCatalogue>> = { en, fr, de, es, it, nl, pt, pl };

/** Each language by its own name: what a reader of that language looks for in the menu. */
export const LANGUAGE_NAMES: Readonly<Record<PortalLanguage, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  pl: 'Polski',
};

/** The locale dates and numbers are written in, for each language. */
const LOCALES: Readonly<Record<PortalLanguage, string>> = {
  en: 'en-GB',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  pt: 'pt-PT',
  pl: 'pl-PL',
};

export const isPortalLanguage = (value: unknown): value is PortalLanguage => (PORTAL_LANGUAGES as readonly unknown[]).includes(value);

/** The first of the browser's languages the portal speaks (`fr-CA` is French), else English. */
export function browserLanguage(languages: readonly string[] = globalThis.navigator?.languages ?? []): PortalLanguage {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isPortalLanguage(primary)) return primary;
  }
  return 'en';
}

/** The placeholders of a text: `{name}` → `name`. */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

/** What the pages write with: the language, its texts, and its way of writing dates and numbers. */
export interface PortalText {
  language: PortalLanguage;
  locale: string;
  /** The text of `key`, with `{name}` placeholders replaced by `params`. */
  t: (key: PortalKey, params?: Record<string, string | number>) => string;
  formatDate: (date: Date | string, options?: Intl.DateTimeFormatOptions) => string;
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** A language's name in the reader's language (`fr-CA` → "Französisch (Kanada)"); `fallback` (the API's English name) when the browser has none. */
  languageName: (code: string, fallback?: string) => string;
}

export function portalText(language: PortalLanguage): PortalText {
  const catalogue = CATALOGUES[language];
  const locale = LOCALES[language];
  return {
    language,
    locale,
    t: (key, params) => {
      const text = catalogue[key];
      if (!params) return text;
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
    },
    formatDate: (date, options = { dateStyle: 'medium' }) => new Intl.DateTimeFormat(locale, options).format(typeof date === 'string' ? new Date(date) : date),
    formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    languageName: (code, fallback) => {
      try {
        return new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code) ?? fallback ?? code;
      } catch {
        return fallback ?? code;
      }
    },
  };
}
