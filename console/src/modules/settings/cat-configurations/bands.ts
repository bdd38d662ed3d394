import type { CatConfiguration } from './queries';

/**
 * A CAT tool's band as people read it in the tool's report: `fuzzy9599` → "Fuzzy 95–99%",
 * `internalFuzzy7584` → "Internal fuzzy 75–84%", `crossFileRepeated` → "Cross file repeated".
 */
export function bandLabel(band: string): string {
  const fuzzy = /^(internalFuzzy|fuzzy)(\d{2})(\d{2,3})$/.exec(band);
  if (fuzzy) return `${fuzzy[1] === 'fuzzy' ? 'Fuzzy' : 'Internal fuzzy'} ${fuzzy[2]}–${fuzzy[3]}%`;
  const words = band
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^x /, 'x-');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The match category each band of the configuration feeds (a band feeds one category at most). */
export function categoryByBand(configuration: CatConfiguration): Map<string, string> {
  const map = new Map<string, string>();
  for (const mapping of configuration.mappings) for (const band of mapping.toolMatches) map.set(band, mapping.match.id);
  return map;
}
