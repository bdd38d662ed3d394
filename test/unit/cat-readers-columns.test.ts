/**
 * Columns are found by their header names, never by position, in every reader: units in any order
 * under each band, bands in any order, columns that are not read anywhere, characters read
 * whenever every band has them; a duplicated unit column is refused. XML bands and attributes
 * likewise in any order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatReportError, parseReport, type ParsedReport } from '../../src/modules/cat-analysis/readers/index.js';
import { bandReport, MEMOQ_BANDS, PHRASE_BANDS, utf8, type BandColumns, type Triple } from './cat-fixtures.js';

const PHRASE_COLUMNS = ['Segments', 'Words', 'Characters', 'Placeables', 'Percent'];
const PHRASE_TOTAL = ['Segments', 'Words', 'Placeables', 'Characters'];
const phraseBands = (columns = PHRASE_COLUMNS, total = PHRASE_TOTAL): BandColumns[] =>
  PHRASE_BANDS.map(([label, match]) => ({ label, match, columns: match === 'total' ? total : columns }));
const MEMOQ_COLUMNS = ['Segments', 'Words', 'Characters', 'Asian characters', 'Tags', 'Reserved1', 'Reserved2', 'Reserved3'];
const memoqBands = (): BandColumns[] => MEMOQ_BANDS.map(([label, match]) => ({ label, match, columns: MEMOQ_COLUMNS }));

const ROWS = [
  { file: 'a.txt | en>pl', values: { exact: [1, 2, 11], fuzzy9599: [2, 5, 26], noMatch: [3, 9, 50] } as Record<string, Triple> },
  { file: 'b.txt | en>pl', values: { contextMatch: [4, 8, 40], repetitions: [1, 1, 6] } as Record<string, Triple> },
];
const MEMOQ_ROWS = [
  {
    file: '[eng-GB] a.docx',
    values: { xTranslated: [1, 3, 15], contextMatch: [2, 10, 52], fragments: [1, 2, 9], noMatch: [5, 40, 230] } as Record<string, Triple>,
  },
];

const parse = async (text: string, catTool?: 'memoq' | 'phrase') => parseReport(utf8(text), catTool ? { catTool } : {});
async function rejection(text: string): Promise<string> {
  try {
    await parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CatReportError);
    return (error as Error).message;
  }
  throw new Error('expected a CatReportError');
}
const counts = (report: ParsedReport, match: string) => report.languages[0]!.counts[match];

describe('CSV columns by header name', () => {
  it('reads characters under every band when Total orders its columns differently (the Phrase export)', async () => {
    const report = await parse(bandReport(phraseBands(), ROWS, { lead: ['File', 'Tagging Errors', 'Chars/Word'] }));
    expect(report.units).toEqual(['segments', 'words', 'characters']);
    expect(counts(report, 'exact')).toEqual({ segments: 1, words: 2, characters: 11 });
    expect(counts(report, 'fuzzy9599')).toEqual({ segments: 2, words: 5, characters: 26 });
    expect(counts(report, 'noMatch')).toEqual({ segments: 3, words: 9, characters: 50 });
    expect(counts(report, 'contextMatch')).toEqual({ segments: 4, words: 8, characters: 40 });
    expect(report.languages[0]!.files[1]!.counts.repetitions).toEqual({ segments: 1, words: 1, characters: 6 });
  });

  it('checks the characters against Total as every other unit', async () => {
    const text = bandReport(phraseBands(), [{ ...ROWS[0]!, total: [6, 16, 88] }]);
    expect(await rejection(text)).toBe('Row 3 ("a.txt | en>pl"): the bands add up to 87 characters but "Total" says 88.');
  });

  it('gives the same report whatever the order of the columns under each band and of the bands', async () => {
    const canonical = await parse(bandReport(phraseBands(), ROWS));
    const reordered = PHRASE_BANDS.map(([label, match], k) => ({
      label,
      match,
      columns: k % 2 ? ['Percent', 'Characters', 'Placeables', 'Words', 'Segments'] : ['Words', 'Placeables', 'Segments', 'Percent', 'Characters'],
    }));
    expect(await parse(bandReport(reordered, ROWS))).toEqual(canonical);
    expect(await parse(bandReport([...reordered].reverse(), ROWS))).toEqual(canonical);
  });

  it('does not read characters when some band lacks them (Characters under Total only), and says so in units', async () => {
    const totalOnly = await parse(bandReport(phraseBands(['Segments', ' Words', 'Placeables', 'Percent']), ROWS));
    expect(totalOnly.units).toEqual(['segments', 'words']);
    expect(counts(totalOnly, 'noMatch')).toEqual({ segments: 3, words: 9, characters: 0 });
    const oneBandWithout = phraseBands().map((band) => (band.match === 'fuzzy8594' ? { ...band, columns: ['Segments', 'Words'] } : band));
    const partial = await parse(bandReport(oneBandWithout, ROWS));
    expect(partial.units).toEqual(['segments', 'words']);
    expect(counts(partial, 'exact')).toEqual({ segments: 1, words: 2, characters: 0 });
  });

  it('reads bands lacking the columns it does not read (Placeables, Percent)', async () => {
    const lean = PHRASE_BANDS.map(([label, match]) => ({ label, match, columns: ['Characters', 'Words', 'Segments'] }));
    expect(await parse(bandReport(lean, ROWS))).toEqual(await parse(bandReport(phraseBands(), ROWS)));
  });

  it('refuses a band lacking Segments or Words, naming it', async () => {
    const noWords = phraseBands().map((band) => (band.match === 'repetitions' ? { ...band, columns: ['Segments', 'Characters', 'Percent'] } : band));
    expect(await rejection(bandReport(noWords, ROWS))).toMatch(/^Header row 2 has no "Words" column under the band "Repetitions" \(column \d+ to \d+\)\.$/);
  });

  it('refuses a unit column written twice under one band, and ignores a repeated column it does not read', async () => {
    const twice = phraseBands().map((band) => (band.match === 'exact' ? { ...band, columns: ['Segments', 'Words', 'Characters', 'Words'] } : band));
    expect(await rejection(bandReport(twice, ROWS))).toMatch(/^Header row 2 has two "Words" columns under the band "100% Matches" \(column \d+ and \d+\)\.$/);
    const percentTwice = phraseBands(['Segments', 'Percent', 'Words', 'Characters', 'Percent']);
    expect(await parse(bandReport(percentTwice, ROWS))).toEqual(await parse(bandReport(phraseBands(), ROWS)));
  });

  it('memoQ "all information": units in any order per band, characters only when every band has them', async () => {
    const canonical = await parse(bandReport(memoqBands(), MEMOQ_ROWS));
    expect(canonical.units).toEqual(['segments', 'words', 'characters']);
    expect(counts(canonical, 'fragments')).toEqual({ segments: 1, words: 2, characters: 9 });
    const shuffled = memoqBands().map((band, k) => ({
      ...band,
      columns: k % 2 ? [...MEMOQ_COLUMNS].reverse() : ['Tags', 'Characters', 'Reserved1', 'Segments', 'Words'],
    }));
    expect(await parse(bandReport(shuffled, MEMOQ_ROWS))).toEqual(canonical);
    const noChars = memoqBands().map((band) => (band.match === 'noMatch' ? { ...band, columns: ['Segments', 'Words', 'Tags'] } : band));
    const without = await parse(bandReport(noChars, MEMOQ_ROWS));
    expect(without.units).toEqual(['segments', 'words']);
    expect(counts(without, 'contextMatch')).toEqual({ segments: 2, words: 10, characters: 0 });
  });

  it('property: shuffling the columns within bands (and the bands) never changes the result', async () => {
    const triple = fc.tuple(fc.nat(500), fc.nat(5000), fc.nat(50000));
    const layouts = [
      { bands: PHRASE_BANDS, columns: PHRASE_COLUMNS, file: (k: number) => `f${k}.txt | en>de` },
      { bands: MEMOQ_BANDS, columns: MEMOQ_COLUMNS, file: (k: number) => `[ger-DE] f${k}.docx` },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1),
        fc.array(fc.array(triple, { minLength: 11, maxLength: 11 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), { minLength: 11, maxLength: 11 }),
        fc.array(fc.nat(), { minLength: 11, maxLength: 11 }),
        async (which, figures, columnKeys, bandKeys) => {
          const layout = layouts[which]!;
          const rows = figures.map((values, k) => ({
            file: layout.file(k),
            values: Object.fromEntries(layout.bands.filter(([, m]) => m !== 'total').map(([, m], i) => [m, values[i]!])),
          }));
          const plain = layout.bands.map(([label, match]) => ({ label, match, columns: layout.columns }));
          // Sort each band's columns (and the bands) by random keys: a random permutation.
          const permute = <T>(items: readonly T[], keys: number[]) =>
            items
              .map((item, i) => [keys[i] ?? 0, i, item] as const)
              .sort((a, b) => a[0] - b[0] || a[1] - b[1])
              .map(([, , item]) => item);
          const shuffled = permute(
            plain.map((band, b) => ({ ...band, columns: permute(band.columns, columnKeys[b]!) })),
            bandKeys,
          );
          expect(await parse(bandReport(shuffled, rows))).toEqual(await parse(bandReport(plain, rows)));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Trados XML: bands and attributes by name', () => {
  const head = '<task name="analyse"><taskInfo><language lcid="1049" name="Russian (Russia)"/></taskInfo>';
  const element = (name: string, attributes: Array<[string, string]>) => `<${name} ${attributes.map(([k, v]) => `${k}="${v}"`).join(' ')}/>`;

  it('property: shuffling the bands of an analyse and the attributes of each band never changes the result', async () => {
    const bands: Array<[string, Array<[string, string]>]> = [
      ['exact', []],
      ['new', []],
      ['locked', []],
      [
        'fuzzy',
        [
          ['min', '75'],
          ['max', '84'],
        ],
      ],
      [
        'internalFuzzy',
        [
          ['min', '95'],
          ['max', '99'],
        ],
      ],
      ['repeated', []],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(100), fc.nat(1000), fc.nat(9000)), { minLength: bands.length, maxLength: bands.length }),
        fc.array(fc.nat(), { minLength: bands.length + 1, maxLength: bands.length + 1 }),
        fc.array(fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), { minLength: bands.length + 1, maxLength: bands.length + 1 }),
        async (figures, bandKeys, attributeKeys) => {
          const permute = <T>(items: readonly T[], keys: number[]) =>
            items
              .map((item, i) => [keys[i] ?? 0, i, item] as const)
              .sort((a, b) => a[0] - b[0] || a[1] - b[1])
              .map(([, , item]) => item);
          const total = figures.reduce((acc, [s, w, c]) => [acc[0] + s, acc[1] + w, acc[2] + c], [0, 0, 0]);
          const elements = (shuffle: boolean) => {
            const list = [...bands.map(([name, extra], i) => [name, extra, figures[i]!] as const), ['total', [], total] as const].map(
              ([name, extra, [s, w, c]], i) => {
                const attributes: Array<[string, string]> = [
                  ...extra,
                  ['segments', String(s)],
                  ['words', String(w)],
                  ['characters', String(c)],
                  ['placeables', '0'],
                ];
                return element(name, shuffle ? permute(attributes, attributeKeys[i]!) : attributes);
              },
            );
            return (shuffle ? permute(list, bandKeys) : list).join('');
          };
          const doc = (shuffle: boolean) =>
            `${head}<file name="a.docx"><analyse>${elements(shuffle)}</analyse></file><batchTotal><analyse>${elements(!shuffle)}</analyse></batchTotal></task>`;
          const plain = await parseReport(utf8(doc(false)));
          expect(plain.languages[0]!.counts.fuzzy7584).toEqual({ segments: figures[3]![0], words: figures[3]![1], characters: figures[3]![2] });
          expect(await parseReport(utf8(doc(true)))).toEqual(plain);
        },
      ),
      { numRuns: 150 },
    );
  });
});
