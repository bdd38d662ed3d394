import { ApiError, invalid } from '../../core/errors.js';
import { Dec } from '../../core/money.js';
import type { CatConfigurationObject } from '../cat-configurations/index.js';
import type { ParsedLanguage, ParsedReport, Unit } from './readers/index.js';

/**
 * The pure part of an import (docs/cat-analysis.md): which language of the report is imported, and
 * the quantity of each match category of the configuration.
 */
export interface CategoryQuantity {
  id: string;
  name: string;
  /** Exact decimal: (sum of the category's tool matches) × conversionFactor. */
  value: string;
}

const normal = (code: string) => code.trim().replace(/_/g, '-').toLowerCase();
const listed = (report: ParsedReport) => report.languages.map((language) => language.target ?? '(none)').join(', ');

/**
 * The language to import: `targetLanguage` when given (it must be one of the report's); else the
 * only one; else the one equal to the job's (or outsourcing's) target language. Codes compare
 * case-insensitively, `_` as `-`. Otherwise 400 listing the languages found.
 */
export function chooseLanguage(report: ParsedReport, targetLanguage: string | undefined, pairTarget: string | null): ParsedLanguage {
  if (report.languages.length === 0) throw invalid('file', 'the report holds no document');
  if (targetLanguage !== undefined) {
    const found = report.languages.find((language) => language.target !== null && normal(language.target) === normal(targetLanguage));
    if (!found) throw invalid('targetLanguage', `the report has no target language "${targetLanguage}"; it holds: ${listed(report)}`);
    return found;
  }
  if (report.languages.length === 1) return report.languages[0]!;
  const pair =
    pairTarget === null ? undefined : report.languages.find((language) => language.target !== null && normal(language.target) === normal(pairTarget));
  if (pair) return pair;
  const why = pairTarget === null ? 'the job has no language pair' : `none is the target language of the job (${pairTarget})`;
  throw new ApiError('parameter_missing', `targetLanguage: the report holds several target languages (${listed(report)}) and ${why}; give targetLanguage`, [
    { param: 'targetLanguage', message: `is required: the report holds ${listed(report)}` },
  ]);
}

/**
 * The quantity of each mapped match category, in the configuration's mapping order (zeros kept):
 * the configured count (`words` or `characters`) of its tool matches, summed, times the conversion
 * factor. A tool match with a non-zero count that no mapping names, or a count the report does not
 * hold (characters of a Trados-compatible CSV), is 400 and nothing changes.
 */
export function categoryQuantities(configuration: CatConfigurationObject, report: ParsedReport, language: ParsedLanguage): CategoryQuantity[] {
  const source = configuration.quantityTypes.source as Unit;
  if (source !== 'words' && source !== 'characters') throw invalid('catConfiguration', `unknown source quantity type "${source}"`);
  if (!report.units.includes(source)) {
    throw invalid(
      'catConfiguration',
      `CAT configuration "${configuration.name}" reads ${source}, but this report does not count ${source} (it counts ${report.units.join(', ')}); use a configuration reading ${report.units.filter((unit) => unit !== 'segments').join(' or ') || 'another unit'}`,
    );
  }
  if (configuration.mappings.length === 0)
    throw invalid('catConfiguration', `CAT configuration "${configuration.name}" maps no tool match to a match category`);
  const mapped = new Set(configuration.mappings.flatMap((mapping) => mapping.toolMatches));
  const unmapped = Object.entries(language.counts).filter(([match, count]) => count[source] !== 0 && !mapped.has(match));
  if (unmapped.length > 0) {
    const names = unmapped.map(([match, count]) => `"${match}" (${count[source]} ${source})`).join(', ');
    throw invalid(
      'catConfiguration',
      `the report counts ${source} in tool match(es) ${names} that no mapping of CAT configuration "${configuration.name}" names; add them to a match category`,
    );
  }
  const factor = new Dec(String(configuration.quantityTypes.conversionFactor));
  return configuration.mappings.map((mapping) => {
    const sum = mapping.toolMatches.reduce((total, match) => total.plus(language.counts[match]?.[source] ?? 0), new Dec(0));
    return { id: mapping.match.id, name: mapping.match.name, value: sum.times(factor).toFixed() };
  });
}
