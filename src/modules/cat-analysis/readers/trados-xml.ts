/**
 * Trados Studio "Analyze Files" XML report (docs/cat-analysis.md): root `task name="analyse"`, one
 * `file` element per document with an `analyse` element holding one element per band, and a
 * `batchTotal` with the sums. `total` is the check sum: per unit it must equal the sum of every band
 * (locked and internal fuzzy bands included), in each file and in the batch total, and the batch
 * total must equal the sum of the files, band by band.
 *
 * Units: a unit (segments, words, characters) is read when the `total` elements carry it; a report
 * without `words` (Studio writes only characters for some Asian source languages) gives 0 words.
 */
import { childrenNamed, parseXml, type XmlElement } from './xml.js';
import { tradosTarget } from './language.js';
import { addCounts, emptyCounts, fail, UNITS, type MatchCounts, type ParsedReport, type Unit } from './types.js';

const PLAIN_BANDS = new Set(['perfect', 'inContextExact', 'exact', 'locked', 'crossFileRepeated', 'repeated', 'new', 'newBaseline', 'newLearnings']);
const FUZZY_RANGES = new Set(['5074', '7584', '8594', '9599']);

interface Analysis {
  counts: MatchCounts;
  total: Record<Unit, number>;
}

export function readTradosXml(text: string): ParsedReport {
  const root = parseXml(text);
  if (root.name !== 'task' || root.attributes.get('name') !== 'analyse') {
    const name = root.attributes.get('name');
    fail(`The root element is <${root.name}${name === undefined ? '' : ` name="${name}"`}>; a Trados Studio analysis report has <task name="analyse">.`);
  }
  const language = childrenNamed(root, 'taskInfo').flatMap((info) => childrenNamed(info, 'language'))[0];
  if (!language) fail('The report has no <taskInfo><language> element: the target language is unknown.');
  const target = tradosTarget(language.attributes.get('lcid'), language.attributes.get('name'));

  const batch = childrenNamed(root, 'batchTotal')[0];
  if (!batch) fail('The report has no <batchTotal> element (the file looks truncated).');
  const batchAnalyse = analyseOf(batch, 'the <batchTotal>');
  const units = unitsOf(batchAnalyse, 'the <batchTotal>');
  const batchTotal = readAnalyse(batchAnalyse, units, 'the <batchTotal>');

  const fileElements = childrenNamed(root, 'file');
  if (fileElements.length === 0) fail('The report lists no <file> element.');
  const files = fileElements.map((element, index) => {
    const name = element.attributes.get('name');
    if (name === undefined || name.trim() === '') fail(`<file> number ${index + 1} (line ${element.line}) has no name attribute.`);
    const where = `file "${name}" (line ${element.line})`;
    const analyse = analyseOf(element, where);
    const fileUnits = unitsOf(analyse, where);
    if (fileUnits.join() !== units.join()) {
      fail(`In ${where}, <total> counts ${fileUnits.join(', ')} but the <batchTotal> counts ${units.join(', ')}.`);
    }
    return { name, analysis: readAnalyse(analyse, units, where) };
  });

  const sum = emptyCounts('trados');
  const sumTotal: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
  for (const file of files) {
    addCounts(sum, file.analysis.counts);
    for (const unit of units) sumTotal[unit] += file.analysis.total[unit];
  }
  for (const unit of units) {
    if (sumTotal[unit] !== batchTotal.total[unit]) {
      fail(`The files' <total> elements add up to ${sumTotal[unit]} ${unit} but the <batchTotal> says ${batchTotal.total[unit]}.`);
    }
    for (const [match, count] of Object.entries(sum)) {
      if (count[unit] !== batchTotal.counts[match]![unit]) {
        fail(`The files' ${match} bands add up to ${count[unit]} ${unit} but the <batchTotal> says ${batchTotal.counts[match]![unit]}.`);
      }
    }
  }
  return {
    catTool: 'trados',
    format: 'trados-xml',
    units,
    languages: [{ target, files: files.map((file) => ({ name: file.name, counts: file.analysis.counts })), counts: sum }],
  };
}

function analyseOf(parent: XmlElement, where: string): XmlElement {
  const analyses = childrenNamed(parent, 'analyse');
  if (analyses.length !== 1) fail(`${capitalise(where)} has ${analyses.length === 0 ? 'no' : 'several'} <analyse> element${analyses.length === 0 ? '' : 's'}.`);
  return analyses[0]!;
}

/** The units the `total` element carries. */
function unitsOf(analyse: XmlElement, where: string): Unit[] {
  const totals = childrenNamed(analyse, 'total');
  if (totals.length !== 1) fail(`The <analyse> element of ${where} has ${totals.length === 0 ? 'no' : 'several'} <total> element${totals.length === 0 ? '' : 's'}.`);
  const units = UNITS.filter((unit) => totals[0]!.attributes.has(unit));
  if (units.length === 0) fail(`The <total> element of ${where} (line ${totals[0]!.line}) has no segments, words or characters attribute.`);
  return units;
}

/** The tool match name of a band element, or an error naming it. */
function matchOf(band: XmlElement, where: string): string {
  if (PLAIN_BANDS.has(band.name)) return band.name;
  if (band.name === 'fuzzy' || band.name === 'internalFuzzy') {
    const range = `${band.attributes.get('min') ?? ''}${band.attributes.get('max') ?? ''}`;
    if (FUZZY_RANGES.has(range)) return `${band.name}${range}`;
    fail(
      `In ${where}, <${band.name} min="${band.attributes.get('min') ?? ''}" max="${band.attributes.get('max') ?? ''}"> (line ${band.line}) is not one of ` +
        'the fuzzy bands 50-74, 75-84, 85-94, 95-99; analyse again with the default fuzzy bands.',
    );
  }
  return fail(`In ${where}, <${band.name}> (line ${band.line}) is not a Trados Studio analysis band.`);
}

function readAnalyse(analyse: XmlElement, units: Unit[], where: string): Analysis {
  const counts = emptyCounts('trados');
  const seen = new Set<string>();
  const total: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
  const sum: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
  for (const band of analyse.children) {
    const isTotal = band.name === 'total';
    const match = isTotal ? 'total' : matchOf(band, where);
    if (seen.has(match)) fail(`In ${where}, the band ${match} appears twice (line ${band.line}).`);
    seen.add(match);
    for (const unit of UNITS) {
      const raw = band.attributes.get(unit);
      if (raw === undefined) {
        if (units.includes(unit)) fail(`In ${where}, <${band.name}> (line ${band.line}) has no ${unit} attribute although <total> counts ${unit}.`);
        continue;
      }
      if (!units.includes(unit)) fail(`In ${where}, <${band.name}> (line ${band.line}) counts ${unit} but <total> does not.`);
      const value = wholeNumber(raw);
      if (value < 0) fail(`In ${where}, <${band.name}> (line ${band.line}) has ${unit}="${raw.slice(0, 40)}", not a whole number.`);
      if (isTotal) total[unit] = value;
      else {
        counts[match]![unit] = value;
        sum[unit] += value;
      }
    }
  }
  for (const unit of units) {
    if (sum[unit] !== total[unit]) {
      fail(`In ${where}, the bands add up to ${sum[unit]} ${unit} but <total> says ${total[unit]}.`);
    }
  }
  return { counts, total };
}

/** Digits only (at most 15) → the number; anything else → -1. */
function wholeNumber(raw: string): number {
  if (raw.length === 0 || raw.length > 15) return -1;
  let value = 0;
  for (let k = 0; k < raw.length; k++) {
    const digit = raw.charCodeAt(k) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
