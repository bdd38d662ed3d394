import { en } from './en/index';

/**
 * The console's message catalogue (docs/console.md#text): every text a page shows is a key here.
 * Another language is another folder beside `en/` with the same keys (the type checks it), chosen
 * in `catalogue` below.
 */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;

const catalogue: Catalogue = en;

/** The language of the catalogue: numbers, amounts and dates are formatted for it. */
export const LOCALE = 'en-GB';

/** The text of `key`, with `{name}` placeholders replaced by `params`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogue[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A text that counts something has one key per plural form of the language, named
 * `<key>#<form>` with the forms of `Intl.PluralRules` (`one`, `few`, `many`, `other`…): English has
 * `#one` and `#other`, Polish would add `#few` and `#many`. `#other` is always there.
 */
type PluralBase<K> = K extends `${infer Base}#other` ? Base : never;
export type PluralKey = PluralBase<MessageKey>;

const pluralRules = new Intl.PluralRules(LOCALE);
const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/**
 * The text of a plural key for `count` ("1 file", "3 files"): the form `Intl.PluralRules` chooses
 * for the catalogue's language, or `#other` when the catalogue has no key for that form. `{count}`
 * is the count written for the language ("1,200"); `params` fill the other placeholders.
 */
export function tCount(key: PluralKey, count: number, params?: Record<string, string | number>): string {
  const form = `${key}#${pluralRules.select(count)}`;
  const chosen = (form in catalogue ? form : `${key}#other`) as MessageKey;
  return t(chosen, { ...params, count: countFormat.format(count) });
}
