/**
 * Test support for the CAT report readers: where the sample reports are, and small builders.
 *
 * - The repository's own samples: `test/fixtures/cat/<format>/…`, made up by `make-samples.ts`
 *   there, with the figures each must give in `expected.json`. The tests rely on these only.
 * - Real reports exported by the tools, when a folder of them is present: `shared/fixtures/cat`
 *   beside the repository, or where `TRANSDESK_FIXTURES` points (the `cat` folder itself or its
 *   parent). They run as an extra; without the folder those tests are skipped, never failed.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SAMPLES_DIR = path.join(repoRoot, 'test/fixtures/cat');

/** The folder of real reports, or undefined when there is none. */
export function realReportsDir(): string | undefined {
  const fromEnv = process.env.TRANSDESK_FIXTURES;
  const dir = fromEnv ? path.resolve(fromEnv, fromEnv.replace(/\/+$/, '').endsWith('cat') ? '.' : 'cat') : path.resolve(repoRoot, '../shared/fixtures/cat');
  return existsSync(dir) && statSync(dir).isDirectory() ? dir : undefined;
}

function reportsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((entry) => statSync(path.join(dir, entry)).isDirectory())
    .flatMap((folder) => readdirSync(path.join(dir, folder)).map((name) => `${folder}/${name}`))
    .sort();
}

/** The bytes of a repository sample, e.g. `sample('trados-xml/studio-fr-FR-utf8.xml')`. */
export function sample(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(SAMPLES_DIR, relative)));
}

/** Every repository sample as `folder/name`. */
export function allSamples(): string[] {
  return reportsIn(SAMPLES_DIR);
}

export interface SampleExpectation {
  catTool: string;
  format: string;
  units: string[];
  languages: Array<{ target: string | null; files: string[]; counts: Record<string, Triple> }>;
}

/** What each repository sample must give (written with the samples, from their data). */
export function sampleExpectations(): Record<string, SampleExpectation> {
  return JSON.parse(readFileSync(path.join(SAMPLES_DIR, 'expected.json'), 'utf8')) as Record<string, SampleExpectation>;
}

/** The bytes of a real report (only call when `realReportsDir()` is defined). */
export function realReport(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(realReportsDir()!, relative)));
}

/** Every real report as `folder/name` (none when the folder is absent). */
export function allRealReports(): string[] {
  const dir = realReportsDir();
  return dir ? reportsIn(dir).filter((name) => !name.endsWith('.md')) : [];
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function utf16le(text: string, bom = true): Uint8Array {
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array(bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body);
}

export function utf16be(text: string): Uint8Array {
  const body = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < body.length; i += 2) {
    const a = body[i]!;
    body[i] = body[i + 1]!;
    body[i + 1] = a;
  }
  return new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), body]));
}

export const TRADOS_CSV_BANDS = ['Context TM', 'Repetitions', '100% Matches', '95% - 99%', '85% - 94%', '75% - 84%', '50% - 74%', 'No Match', 'Total'];

/**
 * A Trados-compatible CSV: `rows` give the file cell and [segments, words] per band except Total
 * (computed unless `total` is given).
 */
export function tradosCsv(
  rows: Array<{ file: string; bands: Array<[number, number]>; total?: [number, number] }>,
  options: { delimiter?: string; bands?: string[]; ratio?: string } = {},
): string {
  const d = options.delimiter ?? ';';
  const bands = options.bands ?? TRADOS_CSV_BANDS;
  const quote = (cell: string) => (cell.includes(d) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);
  const header1 = ['', '', '', ...bands.flatMap((band) => [band, '', '', ''])];
  const header2 = [
    'File',
    'Tagging Errors',
    'Chars/Word',
    ...bands.flatMap((band) => (band === 'Total' ? ['Segments', ' Words', 'Placeables', 'Characters'] : ['Segments', ' Words', 'Placeables', 'Percent'])),
  ];
  const lines = [header1.join(d), header2.join(d)];
  for (const row of rows) {
    const total = row.total ?? row.bands.reduce<[number, number]>((acc, [s, w]) => [acc[0] + s, acc[1] + w], [0, 0]);
    const cells = [quote(row.file), '0', quote(options.ratio ?? '5.5')];
    bands.forEach((band, index) => {
      if (band === 'Total') cells.push(String(total[0]), String(total[1]), '0', String(total[1] * 6));
      else {
        const [s, w] = row.bands[index] ?? [0, 0];
        cells.push(String(s), String(w), '0', quote(options.ratio ?? '0.00'));
      }
    });
    lines.push(cells.join(d));
  }
  return lines.join('\r\n') + '\r\n';
}

/** One band of a CSV report built by `bandReport`: its name in row 1 and the unit headers under it, in the order written. */
export interface BandColumns {
  label: string;
  /** Key into a row's values ('total' for the Total band). */
  match: string;
  columns: string[];
}

export type Triple = [segments: number, words: number, characters: number];

/**
 * A CSV report of either layout: row 1 the band names, row 2 `lead` then each band's columns, one
 * row per document. Segments/Words/Characters cells hold the document's figures (Total: their sum
 * unless given), other columns a filler. Bands are written in the order given.
 */
export function bandReport(
  bands: BandColumns[],
  rows: Array<{ file: string; values: Record<string, Triple>; total?: Triple }>,
  options: { delimiter?: string; lead?: string[] } = {},
): string {
  const d = options.delimiter ?? ';';
  const lead = options.lead ?? ['File', 'Chars/Word'];
  const quote = (cell: string) => (cell.includes(d) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = [
    [...lead.map(() => ''), ...bands.flatMap((band) => [band.label, ...band.columns.slice(1).map(() => '')])].join(d),
    [...lead, ...bands.flatMap((band) => band.columns)].map(quote).join(d),
  ];
  for (const row of rows) {
    const total = row.total ?? Object.values(row.values).reduce<Triple>((acc, v) => [acc[0] + v[0], acc[1] + v[1], acc[2] + v[2]], [0, 0, 0]);
    const cells = [quote(row.file), ...lead.slice(1).map(() => '5,5')];
    for (const band of bands) {
      const [s, w, c] = band.match === 'total' ? total : (row.values[band.match] ?? [0, 0, 0]);
      for (const column of band.columns) {
        const key = column.trim().toLowerCase();
        cells.push(key === 'segments' ? String(s) : key === 'words' ? String(w) : key === 'characters' ? String(c) : key === 'percent' ? quote('12,5') : '7');
      }
    }
    lines.push(cells.join(d));
  }
  return lines.join('\r\n') + '\r\n';
}

export const PHRASE_BANDS: Array<[label: string, match: string]> = [
  ['Context TM', 'contextMatch'],
  ['Repetitions', 'repetitions'],
  ['100% Matches', 'exact'],
  ['95% - 99%', 'fuzzy9599'],
  ['85% - 94%', 'fuzzy8594'],
  ['75% - 84%', 'fuzzy7584'],
  ['50% - 74%', 'fuzzy5074'],
  ['No Match', 'noMatch'],
  ['Total', 'total'],
];
export const MEMOQ_BANDS: Array<[label: string, match: string]> = [
  ['X-translated', 'xTranslated'],
  ['101%', 'contextMatch'],
  ['Repetitions', 'repetitions'],
  ['100%', 'exact'],
  ['95% - 99%', 'fuzzy9599'],
  ['85% - 94%', 'fuzzy8594'],
  ['75% - 84%', 'fuzzy7584'],
  ['50% - 74%', 'fuzzy5074'],
  ['No match', 'noMatch'],
  ['Fragments', 'fragments'],
  ['Total', 'total'],
];

/**
 * A Trados Studio XML report of `files` documents with every band, each band carrying the eight
 * attributes Studio writes (about 2.7 KB a document: 15 000 documents make 40 MB), all check sums right.
 */
export function largeTradosReport(files: number): Uint8Array {
  const plain = ['perfect', 'inContextExact', 'exact', 'locked', 'crossFileRepeated', 'repeated', 'new', 'newBaseline', 'newLearnings'];
  const fuzzy = ['5074', '7584', '8594', '9599'];
  const bands: Array<[string, string]> = [
    ...plain.map((name): [string, string] => [name, '']),
    ...fuzzy.flatMap((range): Array<[string, string]> => [
      ['fuzzy', ` min="${range.slice(0, 2)}" max="${range.slice(2)}"`],
      ['internalFuzzy', ` min="${range.slice(0, 2)}" max="${range.slice(2)}"`],
    ]),
  ];
  const element = (name: string, extra: string, [s, w, c]: number[]) =>
    `<${name}${extra} segments="${s}" words="${w}" characters="${c}" placeables="0" tags="2" repairWords="0" fullRecallWords="${w}" editDistanceRelativeSum="0"/>`;
  const chunks: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>\n<task name="analyse"><taskInfo><language lcid="1031" name="German (Germany)"/></taskInfo>\n',
  ];
  const batch = bands.map(() => [0, 0, 0]);
  for (let f = 0; f < files; f++) {
    const parts: string[] = [];
    const total = [0, 0, 0];
    bands.forEach(([name, extra], b) => {
      const values = [(f + b) % 7, ((f + b) * 13) % 97, (((f + b) * 13) % 97) * 6];
      values.forEach((v, k) => {
        total[k]! += v;
        batch[b]![k]! += v;
      });
      parts.push(element(name, extra, values));
    });
    chunks.push(`<file name="document ${f}.docx.sdlxliff" guid="${f}"><analyse>${parts.join('\n')}\n${element('total', '', total)}</analyse></file>\n`);
  }
  const batchTotal = batch.reduce((acc, v) => acc.map((x, k) => x + v[k]!), [0, 0, 0]);
  chunks.push(
    `<batchTotal><analyse>${bands.map(([name, extra], b) => element(name, extra, batch[b]!)).join('')}${element('total', '', batchTotal)}</analyse></batchTotal></task>\n`,
  );
  return new TextEncoder().encode(chunks.join(''));
}
