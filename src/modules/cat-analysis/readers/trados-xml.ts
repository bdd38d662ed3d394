/**
 * Trados Studio "Analyze Files" XML report: root `task name="analyse"`, one `file` element per
 * document with an `analyse` element holding one element per band, and a `batchTotal` with the
 * sums. `total` is the check sum: per unit it must equal the sum of every band (locked and internal
 * fuzzy bands included), in each file and in the batch total, and the batch total must equal the
 * sum of the files, band by band. Bands and attributes are found by name, in any order.
 *
 * Units: a unit (segments, words, characters) is read when the `total` elements carry it; a report
 * without `words` (Studio writes only characters for some Asian source languages) gives 0 words.
 *
 * The document is read as a stream of elements (`readXml`): only the bands of the `analyse`
 * element being read and the counts of the files already read are kept.
 */
import { excerpt } from '../../../core/errors.js';
import { tradosTarget } from './language.js';
import type { ReportBudget } from './limits.js';
import { readXml, type XmlElement } from './xml.js';
import { addCounts, emptyCounts, fail, UNITS, type MatchCounts, type ParsedReport, type Unit } from './types.js';

const PLAIN_BANDS = new Set(['perfect', 'inContextExact', 'exact', 'locked', 'crossFileRepeated', 'repeated', 'new', 'newBaseline', 'newLearnings']);
const FUZZY_RANGES = new Set(['5074', '7584', '8594', '9599']);

interface Analysis {
  counts: MatchCounts;
  total: Record<Unit, number>;
}

interface Band {
  name: string;
  match: string;
  line: number;
  values: Partial<Record<Unit, string>>;
}

interface Read {
  name: string;
  where: string;
  units: Unit[];
  analysis: Analysis;
}

const MATCHES = Object.keys(emptyCounts('trados')).length;
const MAX_LANGUAGE_NAME = 100;

/** Reads a Trados Studio XML report given as chunks of text. */
export function readTradosXml(chunks: Iterable<string>, budget: ReportBudget): ParsedReport {
  const names: string[] = [];
  let language: XmlElement | undefined;
  let batch: Read | undefined;
  let batchSeen = false;
  const files: Read[] = [];
  /** The `file` or `batchTotal` being read, its `analyse` elements and the bands of the current one. */
  let owner: { element: XmlElement; where: string; analyses: number; bands?: Band[]; read?: Read; isBatch: boolean } | undefined;

  readXml(
    chunks,
    {
      open(element) {
        const parent = names[names.length - 1];
        names.push(element.name);
        const { depth, name, attributes } = element;
        if (depth === 0) {
          if (name !== 'task' || attributes.name !== 'analyse') {
            const label = attributes.name;
            fail(
              `The root element is <${excerpt(name)}${label === undefined ? '' : ` name="${excerpt(label)}"`}>; a Trados Studio analysis report has <task name="analyse">.`,
            );
          }
        } else if (depth === 1 && name === 'file') {
          const fileName = attributes.name;
          if (fileName === undefined || fileName.trim() === '') fail(`<file> number ${files.length + 1} (line ${element.line}) has no name attribute.`);
          owner = { element, where: `file "${excerpt(fileName)}" (line ${element.line})`, analyses: 0, isBatch: false };
        } else if (depth === 1 && name === 'batchTotal' && !batchSeen) {
          batchSeen = true;
          owner = { element, where: 'the <batchTotal>', analyses: 0, isBatch: true };
        } else if (depth === 2 && parent === 'taskInfo' && name === 'language') {
          language ??= element;
        } else if (depth === 2 && owner && name === 'analyse') {
          owner.analyses += 1;
          if (owner.analyses > 1) fail(`${capitalise(owner.where)} has several <analyse> elements.`);
          owner.bands = [];
        } else if (depth === 3 && owner?.bands && parent === 'analyse') {
          const match = name === 'total' ? 'total' : matchOf(element, owner.where);
          if (owner.bands.some((band) => band.match === match)) fail(`In ${owner.where}, the band ${match} appears twice (line ${element.line}).`);
          const values: Partial<Record<Unit, string>> = {};
          for (const unit of UNITS) if (attributes[unit] !== undefined) values[unit] = attributes[unit];
          owner.bands.push({ name, match, line: element.line, values });
        }
      },
      close(element) {
        names.pop();
        if (!owner) return;
        if (element.depth === 2 && element.name === 'analyse' && owner.bands) {
          const units = unitsOf(owner.bands, owner.where);
          owner.read = { name: owner.element.attributes.name ?? '', where: owner.where, units, analysis: readAnalyse(owner.bands, units, owner.where) };
          owner.bands = undefined;
        } else if (element.depth === 1 && element === owner.element) {
          if (!owner.read) fail(`${capitalise(owner.where)} has no <analyse> element.`);
          if (owner.isBatch) batch = owner.read;
          else {
            budget.document(owner.read.name, MATCHES, capitalise(owner.where));
            files.push(owner.read);
          }
          owner = undefined;
        }
      },
    },
    budget.limits.xmlDepth,
  );

  if (!language) fail('The report has no <taskInfo><language> element: the target language is unknown.');
  const target = tradosTarget(language.attributes.lcid, language.attributes.name);
  // A name that maps to no code is answered as written: it must stay a name, not a payload.
  if (target !== null && target.length > MAX_LANGUAGE_NAME) {
    fail(
      `<language> (line ${language.line}) names an unknown language of ${target.length} characters (${JSON.stringify(excerpt(target))}); at most ${MAX_LANGUAGE_NAME} are accepted.`,
    );
  }
  if (!batch) fail('The report has no <batchTotal> element (the file looks truncated).');
  if (files.length === 0) fail('The report lists no <file> element.');
  const { units } = batch;
  for (const file of files) {
    if (file.units.join() !== units.join()) fail(`In ${file.where}, <total> counts ${file.units.join(', ')} but the <batchTotal> counts ${units.join(', ')}.`);
  }

  const sum = emptyCounts('trados');
  const sumTotal: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
  for (const file of files) {
    addCounts(sum, file.analysis.counts);
    for (const unit of units) sumTotal[unit] += file.analysis.total[unit];
  }
  for (const unit of units) {
    if (sumTotal[unit] !== batch.analysis.total[unit]) {
      fail(`The files' <total> elements add up to ${sumTotal[unit]} ${unit} but the <batchTotal> says ${batch.analysis.total[unit]}.`);
    }
    for (const [match, count] of Object.entries(sum)) {
      if (count[unit] !== batch.analysis.counts[match]![unit]) {
        fail(`The files' ${match} bands add up to ${count[unit]} ${unit} but the <batchTotal> says ${batch.analysis.counts[match]![unit]}.`);
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

/** The units the `total` band carries. */
function unitsOf(bands: Band[], where: string): Unit[] {
  const total = bands.find((band) => band.match === 'total');
  if (!total) fail(`The <analyse> element of ${where} has no <total> element.`);
  const units = UNITS.filter((unit) => total.values[unit] !== undefined);
  if (units.length === 0) fail(`The <total> element of ${where} (line ${total.line}) has no segments, words or characters attribute.`);
  return units;
}

/** The tool match name of a band element, or an error naming it. */
function matchOf(band: XmlElement, where: string): string {
  const name = band.name;
  if (PLAIN_BANDS.has(name)) return name;
  if (name === 'fuzzy' || name === 'internalFuzzy') {
    const min = band.attributes.min ?? '';
    const max = band.attributes.max ?? '';
    if (FUZZY_RANGES.has(`${min}${max}`)) return `${name}${min}${max}`;
    fail(
      `In ${where}, <${name} min="${excerpt(min)}" max="${excerpt(max)}"> (line ${band.line}) is not one of ` +
        'the fuzzy bands 50-74, 75-84, 85-94, 95-99; analyse again with the default fuzzy bands.',
    );
  }
  return fail(`In ${where}, <${excerpt(name)}> (line ${band.line}) is not a Trados Studio analysis band.`);
}

function readAnalyse(bands: Band[], units: Unit[], where: string): Analysis {
  const counts = emptyCounts('trados');
  const total: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
  const sum: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
  for (const band of bands) {
    for (const unit of UNITS) {
      const raw = band.values[unit];
      if (raw === undefined) {
        if (units.includes(unit)) fail(`In ${where}, <${band.name}> (line ${band.line}) has no ${unit} attribute although <total> counts ${unit}.`);
        continue;
      }
      if (!units.includes(unit)) fail(`In ${where}, <${band.name}> (line ${band.line}) counts ${unit} but <total> does not.`);
      const value = wholeNumber(raw);
      if (value < 0) fail(`In ${where}, <${band.name}> (line ${band.line}) has ${unit}=${JSON.stringify(excerpt(raw))}, not a whole number.`);
      if (band.match === 'total') total[unit] = value;
      else {
        counts[band.match]![unit] = value;
        sum[unit] += value;
      }
    }
  }
  for (const unit of units) {
    if (sum[unit] !== total[unit]) fail(`In ${where}, the bands add up to ${sum[unit]} ${unit} but <total> says ${total[unit]}.`);
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
