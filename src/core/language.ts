/**
 * Language codes: two letters, optionally with a region (`xx` or `xx-XX`, DESIGN §7.3).
 * English names come from `Intl.DisplayNames`: `fr` → French, `en-US` → English United States.
 */
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export interface Language {
  code: string;
  name: string;
}

/** Normalises case (`EN-us` → `en-US`) and returns the language, or undefined for an unknown code. */
export function parseLanguage(input: string): Language | undefined {
  const match = /^([a-zA-Z]{2})(?:[-_]([a-zA-Z]{2}))?$/.exec(input.trim());
  if (!match) return undefined;
  const language = match[1]!.toLowerCase();
  const region = match[2]?.toUpperCase();
  const languageName = safeOf(languageNames, language);
  if (!languageName || languageName === language) return undefined;
  if (region === undefined) return { code: language, name: languageName };
  const regionName = safeOf(regionNames, region);
  if (!regionName || regionName === region || regionName === 'Unknown Region') return undefined;
  return { code: `${language}-${region}`, name: `${languageName} ${regionName}` };
}

function safeOf(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

/** The English name of a known code (codes in the database were validated on the way in). */
export function languageName(code: string): string {
  return parseLanguage(code)?.name ?? code;
}

/** ISO 3166-1 alpha-2 country codes, validated through the same `Intl` data. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const name = safeOf(regionNames, code);
  return name !== undefined && name !== code && name !== 'Unknown Region';
}

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
export function isTimeZone(zone: string): boolean {
  if (TIME_ZONES.has(zone) || zone === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/');
  } catch {
    return false;
  }
}
