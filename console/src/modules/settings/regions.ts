/**
 * Country and language codes the API accepts (src/core/language.ts: the same `Intl` data), with
 * their English names, for the searchable selects of the address and the language pairs.
 */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Region codes `Intl` names that are no country or territory (groupings, pseudo-regions). */
const NOT_TERRITORIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const pairsOfLetters = (): string[] => [...LETTERS].flatMap((first) => [...LETTERS].map((second) => first + second));

/** The name of an ISO 3166-1 alpha-2 country code, or undefined when the API would refuse it. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_TERRITORIES.has(code)) return undefined;
  const name = safe(() => regionNames.of(code));
  if (name === undefined || name === code || name === 'Unknown Region') return undefined;
  return safe(() => Intl.getCanonicalLocales(`und-${code}`)[0]) === `und-${code}` ? name : undefined;
}

export interface CodeOption {
  value: string;
  label: string;
}

let countries: CodeOption[] | undefined;
/** Every country, by name: "Belgium (BE)". */
export function countryOptions(): CodeOption[] {
  countries ??= pairsOfLetters()
    .map((pair) => pair.toUpperCase())
    .flatMap((code) => {
      const name = countryName(code);
      return name ? [{ value: code, label: `${name} (${code})` }] : [];
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return countries;
}

/**
 * A language code as the API normalises it (`EN_us` → `en-US`) with its English name as the API
 * writes it ("English United States"), or undefined for a code the API refuses.
 */
export function parseLanguageCode(input: string): { code: string; name: string } | undefined {
  const match = /^([a-zA-Z]{2})(?:[-_]([a-zA-Z]{2}))?$/.exec(input.trim());
  if (!match) return undefined;
  const language = match[1]!.toLowerCase();
  const region = match[2]?.toUpperCase();
  const name = safe(() => languageNames.of(language));
  if (!name || name === language) return undefined;
  if (region === undefined) return { code: language, name };
  const country = countryName(region);
  return country ? { code: `${language}-${region}`, name: `${name} ${country}` } : undefined;
}

/** Regional variants agencies often price apart; any other `xx-XX` code can be typed. */
const VARIANTS = [
  'en-GB',
  'en-US',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-IN',
  'en-NZ',
  'en-ZA',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'es-ES',
  'es-MX',
  'es-AR',
  'es-CO',
  'es-US',
  'pt-PT',
  'pt-BR',
  'it-IT',
  'it-CH',
  'nl-NL',
  'nl-BE',
  'sv-SE',
  'sv-FI',
  'zh-CN',
  'zh-TW',
  'zh-HK',
  'zh-SG',
  'ar-SA',
  'ar-AE',
  'ar-EG',
  'ar-MA',
  'ru-RU',
  'ko-KR',
  'ja-JP',
  'ms-MY',
  'sr-RS',
  'hr-HR',
  'el-GR',
  'el-CY',
  'tr-TR',
];

let languages: CodeOption[] | undefined;
/** Every two-letter language the API knows, and the common regional variants, by name: "French (fr)". */
export function languageOptions(): CodeOption[] {
  languages ??= [...pairsOfLetters().filter((code) => safe(() => Intl.getCanonicalLocales(code)[0]) === code), ...VARIANTS]
    .flatMap((code) => {
      const language = parseLanguageCode(code);
      return language && language.code === code ? [{ value: code, label: `${language.name} (${code})` }] : [];
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return languages;
}

/** The options with a typed code added when it is a valid code the list lacks (`fr-LU`). */
export function languageOptionsFor(search: string): CodeOption[] {
  const options = languageOptions();
  const typed = parseLanguageCode(search);
  if (!typed || options.some((option) => option.value === typed.code)) return options;
  return [{ value: typed.code, label: `${typed.name} (${typed.code})` }, ...options];
}
