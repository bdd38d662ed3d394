import { en } from './en/index';

/**
 * The console's message catalogue (docs/console.md#text): every text a page shows is a key here.
 * Another language is another folder beside `en/` with the same keys (the type checks it), chosen
 * in `catalogue` below.
 */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

const catalogue: Catalogue = en;

/** The text of `key`, with `{name}` placeholders replaced by `params`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogue[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The language of the catalogue: numbers, amounts and dates are formatted for it. */
export const LOCALE = 'en-GB';
