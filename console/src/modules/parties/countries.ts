import type { Choice } from './choices';

/** Region codes the browser names that are no country (as the server's src/core/language.ts). */
const NOT_TERRITORIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/**
 * The ISO 3166-1 alpha-2 countries the browser can name, by name: every two-letter code the
 * server accepts (it validates with the same `Intl` data), for the address's country field.
 */
export function countryChoices(): Choice[] {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  } catch {
    return [];
  }
  const choices: Choice[] = [];
  for (let a = 65; a <= 90; a += 1)
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (NOT_TERRITORIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names.of(code);
        if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) name = undefined;
      } catch {
        name = undefined;
      }
      if (name && name !== code && name !== 'Unknown Region') choices.push({ value: code, label: name });
    }
  return choices.sort((x, y) => x.label.localeCompare(y.label));
}
