/**
 * Language codes: two letters, optionally with a region (`xx` or `xx-XX`, docs/master-data.md#language-codes).
 * English names come from `Intl.DisplayNames`: `fr` → French, `en-US` → English United States.
 */
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export interface Language {
  code: string;
  name: string;
}

/**
 * Normalises case (`EN-us` → `en-US`, `en_US` → `en-US`) and deprecated codes (`iw` → `he`,
 * `en-UK` → `en-GB`), and returns the language, or undefined for an unknown code.
 */
export function parseLanguage(input: string): Language | undefined {
  const match = /^([a-zA-Z]{2})(?:[-_]([a-zA-Z]{2}))?$/.exec(input.trim());
  if (!match) return undefined;
  let language = match[1]!.toLowerCase();
  let region = match[2]?.toUpperCase();
  const canonical = safeCanonical(region === undefined ? language : `${language}-${region}`);
  // A replacement outside the two-letter forms (`tl` → `fil`, `sh` → `sr-Latn`) keeps the input.
  const parts = canonical === undefined ? null : /^([a-z]{2})(?:-([A-Z]{2}))?$/.exec(canonical);
  if (parts) {
    language = parts[1]!;
    region = parts[2];
  }
  const languageName = safeOf(languageNames, language);
  if (!languageName || languageName === language) return undefined;
  if (region === undefined) return { code: language, name: languageName };
  if (!isCountryCode(region)) return undefined;
  return { code: `${language}-${region}`, name: `${languageName} ${safeOf(regionNames, region)!}` };
}

function safeCanonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

function safeOf(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}

/**
 * The English name of a known code (codes in the database were validated on the way in). Every
 * job read names its languages: the `Intl` look-ups are remembered per code (a few hundred at most).
 */
export function languageName(code: string): string {
  let name = namesByCode.get(code);
  if (name === undefined) {
    if (namesByCode.size >= 10_000) namesByCode.clear();
    name = parseLanguage(code)?.name ?? code;
    namesByCode.set(code, name);
  }
  return name;
}
const namesByCode = new Map<string, string>();

/**
 * Region codes that `Intl` names but that are no country or territory: groupings (European Union,
 * Eurozone, United Nations, Outlying Oceania), pseudo-locales and "Unknown Region".
 */
const NOT_TERRITORIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/**
 * ISO 3166-1 alpha-2 country codes (uppercase), validated through the same `Intl` data. Codes that
 * `Intl` maps to a successor (`UK` → `GB`, `SU`, `DD`, `YU`, `AN`) are not current codes.
 */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_TERRITORIES.has(code)) return false;
  const name = safeOf(regionNames, code);
  if (name === undefined || name === code || name === 'Unknown Region') return false;
  return safeCanonical(`und-${code}`) === `und-${code}`;
}

/** The English name of an ISO 3166-1 alpha-2 code (`PL` → Poland); the code itself when `Intl` has no name for it. */
export function countryName(code: string): string {
  return safeOf(regionNames, code) ?? code;
}

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));
/**
 * IANA time zone names. Beyond the canonical list, `Intl` knows links such as `US/Eastern`; it
 * matches names case-insensitively, but `europe/paris` is not how the zone is spelt, so the name
 * must have its own capitals. Abbreviations without a slash (EST, GMT) are refused.
 */
export function isTimeZone(zone: string): boolean {
  if (TIME_ZONES.has(zone) || zone === 'UTC') return true;
  if (!/^[A-Z][A-Za-z0-9_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)+$/.test(zone)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    return resolved === zone || resolved.toLowerCase() !== zone.toLowerCase();
  } catch {
    return false;
  }
}
