import { describe, expect, it } from 'vitest';
import { CAT_TOOLS } from '../../src/modules/cat-configurations/cat-tools.js';
import { parseReport, type MatchCounts, type ParsedReport } from '../../src/modules/cat-analysis/readers/index.js';
import { allRealReports, allSamples, realReport, realReportsDir, sample, sampleExpectations } from './cat-fixtures.js';

type Totals = { segments: number; words: number; characters: number };

function sum(counts: MatchCounts): Totals {
  const total = { segments: 0, words: 0, characters: 0 };
  for (const count of Object.values(counts)) {
    total.segments += count.segments;
    total.words += count.words;
    total.characters += count.characters;
  }
  return total;
}

function reportTotal(report: ParsedReport): Totals {
  const total = { segments: 0, words: 0, characters: 0 };
  for (const language of report.languages) {
    const s = sum(language.counts);
    total.segments += s.segments;
    total.words += s.words;
    total.characters += s.characters;
  }
  return total;
}

/** Every language's counts are the sum of its files; every counts object lists all the tool's matches. */
function checkShape(report: ParsedReport): void {
  const matches = CAT_TOOLS.find((tool) => tool.id === report.catTool)!.matches;
  for (const language of report.languages) {
    expect(Object.keys(language.counts)).toEqual([...matches]);
    const files: MatchCounts = {};
    for (const match of matches) {
      files[match] = { segments: 0, words: 0, characters: 0 };
      for (const file of language.files) {
        expect(Object.keys(file.counts)).toEqual([...matches]);
        files[match].segments += file.counts[match]!.segments;
        files[match].words += file.counts[match]!.words;
        files[match].characters += file.counts[match]!.characters;
      }
    }
    expect(language.counts).toEqual(files);
  }
}

/** The figures of each real report's own Total / batchTotal, read by hand from the file. */
const EXPECTED: Record<
  string,
  { catTool: string; format: string; targets: Array<string | null>; files: number; total: Totals; bands: Record<string, Partial<Totals>> }
> = {
  'memoq-csv/memoq-all-info-utf16.csv': {
    catTool: 'memoq',
    format: 'memoq-csv',
    targets: ['en-GB'],
    files: 1,
    total: { segments: 43, words: 557, characters: 4277 },
    bands: { contextMatch: { segments: 43, words: 557, characters: 4277 }, exact: { words: 0 }, noMatch: { words: 0 } },
  },
  'phrase-csv/phrase-monolingual.csv': {
    catTool: 'phrase',
    format: 'trados-csv',
    targets: ['pl'],
    files: 4,
    total: { segments: 13, words: 24, characters: 0 },
    bands: { exact: { segments: 3, words: 3 }, fuzzy9599: { segments: 1, words: 1 }, noMatch: { segments: 9, words: 20, characters: 0 } },
  },
  'phrase-csv/phrase-multilingual.csv': {
    catTool: 'phrase',
    format: 'trados-csv',
    targets: ['as', 'km', 'pl'],
    files: 4,
    total: { segments: 13, words: 24, characters: 0 },
    bands: {},
  },
  'trados-csv/memoq-trados-compatible-utf16.csv': {
    catTool: 'memoq',
    format: 'trados-csv',
    targets: [null],
    files: 1,
    total: { segments: 70, words: 38, characters: 0 },
    bands: {
      repetitions: { segments: 10, words: 7 },
      exact: { segments: 3, words: 4 },
      fuzzy9599: { segments: 49, words: 3 },
      fuzzy5074: { segments: 5, words: 17 },
      noMatch: { segments: 3, words: 7 },
    },
  },
  'trados-csv/trados-utf16.csv': {
    catTool: 'memoq',
    format: 'trados-csv',
    targets: [null],
    files: 1,
    total: { segments: 60, words: 541, characters: 0 },
    bands: { noMatch: { segments: 60, words: 541, characters: 0 }, contextMatch: { segments: 0 } },
  },
  'trados-xml/studio-ja-JP_en-US.xml': {
    catTool: 'trados',
    format: 'trados-xml',
    targets: ['en-US'],
    files: 1,
    total: { segments: 5573, words: 0, characters: 78039 },
    bands: { repeated: { segments: 3607, characters: 20836, words: 0 }, new: { segments: 1966, characters: 57203 } },
  },
  'trados-xml/studio2011.xml': {
    catTool: 'trados',
    format: 'trados-xml',
    targets: ['ar-EG'],
    files: 3,
    total: { segments: 1795, words: 15561, characters: 82369 },
    bands: {
      crossFileRepeated: { segments: 5, words: 79, characters: 417 },
      repeated: { segments: 665, words: 3227, characters: 17160 },
      new: { segments: 1121, words: 12245, characters: 64732 },
      fuzzy7584: { segments: 2, words: 8, characters: 50 },
      locked: { segments: 0, words: 0, characters: 0 },
    },
  },
  'trados-xml/studio2014-locked.xml': {
    catTool: 'trados',
    format: 'trados-xml',
    targets: ['es-ES'],
    files: 1,
    total: { segments: 640, words: 4978, characters: 31948 },
    bands: {
      locked: { segments: 94, words: 426, characters: 2541 },
      internalFuzzy9599: { segments: 3, words: 68, characters: 331 },
      internalFuzzy8594: { segments: 13, words: 101, characters: 593 },
      fuzzy8594: { segments: 21, words: 361, characters: 2415 },
    },
  },
  'trados-xml/studio2017-greek.xml': {
    catTool: 'trados',
    format: 'trados-xml',
    targets: ['el-GR'],
    files: 1,
    total: { segments: 145, words: 1515, characters: 8453 },
    bands: { repeated: { segments: 7, words: 7, characters: 43 }, new: { segments: 138, words: 1508, characters: 8410 }, newBaseline: { words: 0 } },
  },
};

describe('CAT report readers: the repository samples (every format, encoding and layout)', () => {
  const expectations = sampleExpectations();

  it('has an expectation for every sample, and a sample of each format and encoding', () => {
    const files = allSamples().filter((name) => !name.endsWith('.ts'));
    expect(files).toEqual(Object.keys(expectations).sort());
    const formats = new Set(Object.values(expectations).map((e) => e.format));
    expect([...formats].sort()).toEqual(['memoq-csv', 'trados-csv', 'trados-xml']);
    const starts = files.map((name) => Array.from(sample(name).subarray(0, 3)).join(','));
    expect(starts.some((s) => s.startsWith('255,254'))).toBe(true); // UTF-16 LE
    expect(starts.some((s) => s.startsWith('254,255'))).toBe(true); // UTF-16 BE
    expect(starts.some((s) => s === '239,187,191')).toBe(true); // UTF-8 BOM
    expect(starts.some((s) => !s.startsWith('255') && !s.startsWith('254') && s !== '239,187,191')).toBe(true); // UTF-8
  });

  for (const [name, expected] of Object.entries(expectations)) {
    it(`${name}: every language, file and count as written`, async () => {
      const report = await parseReport(sample(name));
      expect(report.catTool).toBe(expected.catTool);
      expect(report.format).toBe(expected.format);
      expect(report.units).toEqual(expected.units);
      checkShape(report);
      expect(report.languages.map((l) => l.target)).toEqual(expected.languages.map((l) => l.target));
      report.languages.forEach((language, k) => {
        const want = expected.languages[k]!;
        expect(language.files.map((f) => f.name)).toEqual(want.files);
        const counts: MatchCounts = {};
        for (const match of Object.keys(language.counts)) {
          const [segments, words, characters] = want.counts[match] ?? [0, 0, 0];
          counts[match] = { segments, words, characters };
        }
        expect(language.counts).toEqual(counts);
        // Every match the sample counts is a match of the tool.
        for (const match of Object.keys(want.counts)) expect(Object.keys(language.counts)).toContain(match);
      });
    });
  }

  it('reads a Trados-compatible CSV for the configured tool (memoQ or Phrase)', async () => {
    const asPhrase = await parseReport(sample('trados-csv/memoq-trados-compatible-utf16le.csv'), { catTool: 'phrase' });
    expect(asPhrase.catTool).toBe('phrase');
    expect(Object.keys(asPhrase.languages[0]!.counts)).not.toContain('fragments');
    const asMemoq = await parseReport(sample('phrase-csv/phrase-characters-utf8.csv'), { catTool: 'memoq' });
    expect(asMemoq.catTool).toBe('memoq');
    expect(asMemoq.languages[0]!.counts.xTranslated).toEqual({ segments: 0, words: 0, characters: 0 });
    expect(asMemoq.languages[0]!.counts.noMatch).toEqual({ segments: 3, words: 5, characters: 27 });
  });

  it('accepts the matching catTool and rejects another one', async () => {
    expect((await parseReport(sample('trados-xml/studio-fr-FR-utf8.xml'), { catTool: 'trados' })).catTool).toBe('trados');
    await expect(parseReport(sample('trados-xml/studio-fr-FR-utf8.xml'), { catTool: 'memoq' })).rejects.toThrow(/Trados Studio XML.*cannot be read for memoQ/);
    await expect(parseReport(sample('memoq-csv/memoq-all-info-utf16le.csv'), { catTool: 'phrase' })).rejects.toThrow(/memoQ "all information".*Phrase TMS/);
    await expect(parseReport(sample('phrase-csv/phrase-tab-utf16be.csv'), { catTool: 'trados' })).rejects.toThrow(/Trados-compatible CSV.*Trados Studio/);
  });
});

// The real reports exported by the tools: an extra, when their folder lies beside the repository.
describe.skipIf(realReportsDir() === undefined)('CAT report readers: real reports exported by the tools', () => {
  it('has an expectation for every real report in the folder', async () => {
    expect(allRealReports()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: totals equal the file's own Total, bands as written`, async () => {
      const report = await parseReport(realReport(name));
      expect(report.catTool).toBe(expected.catTool);
      expect(report.format).toBe(expected.format);
      expect(report.languages.map((language) => language.target)).toEqual(expected.targets);
      expect(report.languages.reduce((n, language) => n + language.files.length, 0)).toBe(expected.files);
      checkShape(report);
      expect(reportTotal(report)).toEqual(expected.total);
      const counts = report.languages[0]!.counts;
      for (const [match, values] of Object.entries(expected.bands)) expect(counts[match]).toMatchObject(values);
    });
  }

  it('names the units each format really counts', async () => {
    expect((await parseReport(realReport('trados-xml/studio2011.xml'))).units).toEqual(['segments', 'words', 'characters']);
    expect((await parseReport(realReport('trados-xml/studio-ja-JP_en-US.xml'))).units).toEqual(['segments', 'characters']);
    expect((await parseReport(realReport('memoq-csv/memoq-all-info-utf16.csv'))).units).toEqual(['segments', 'words', 'characters']);
    expect((await parseReport(realReport('phrase-csv/phrase-monolingual.csv'))).units).toEqual(['segments', 'words']);
  });

  it('keeps the Trados file names and their own figures', async () => {
    const report = await parseReport(realReport('trados-xml/studio2011.xml'));
    const files = report.languages[0]!.files;
    expect(files.map((file) => file.name)).toEqual([
      'EC Training - RAM Video Intro - Script Final 6-14-12.docx.sdlxliff',
      'Mandatory Compliance RTF.rtf.sdlxliff',
      'reporting-resources V3.docx.sdlxliff',
    ]);
    expect(files[1]!.counts.repeated).toEqual({ segments: 661, words: 3216, characters: 17105 });
    expect(files[1]!.counts.fuzzy9599).toEqual({ segments: 1, words: 1, characters: 3 });
    expect(sum(files[2]!.counts)).toEqual({ segments: 36, words: 235, characters: 1527 });
  });

  it('strips the memoQ [lang] prefix from the file name', async () => {
    const report = await parseReport(realReport('memoq-csv/memoq-all-info-utf16.csv'));
    expect(report.languages[0]!.files[0]!.name).toBe('G:\\Elumatec\\2014\\1403113\\00 Original\\Presse-Eroeffnungstext-V1.docx');
    expect(Object.keys(report.languages[0]!.counts)).toContain('fragments');
  });

  it('splits the multilingual Phrase file per target language, in order of appearance', async () => {
    const report = await parseReport(realReport('phrase-csv/phrase-multilingual.csv'));
    const [as, km, pl] = report.languages;
    expect(as!.files.map((file) => file.name)).toEqual(['dobry plik.txt']);
    expect(km!.files.map((file) => file.name)).toEqual(['dobry plik.txt']);
    expect(pl!.files.map((file) => file.name)).toEqual(['dobry plik.txt', 'bad file.txt']);
    expect(sum(as!.counts)).toEqual({ segments: 4, words: 6, characters: 0 });
    expect(as!.counts.exact).toEqual({ segments: 1, words: 1, characters: 0 });
    expect(as!.counts.noMatch).toEqual({ segments: 3, words: 5, characters: 0 });
    expect(pl!.counts.fuzzy9599).toEqual({ segments: 1, words: 1, characters: 0 });
    expect(pl!.counts.noMatch).toEqual({ segments: 3, words: 10, characters: 0 });
    expect(sum(pl!.counts)).toEqual({ segments: 5, words: 12, characters: 0 });
  });

  it('reads a Trados-compatible CSV for the configured tool (memoQ or Phrase)', async () => {
    const asPhrase = await parseReport(realReport('trados-csv/trados-utf16.csv'), { catTool: 'phrase' });
    expect(asPhrase.catTool).toBe('phrase');
    expect(Object.keys(asPhrase.languages[0]!.counts)).not.toContain('fragments');
    const asMemoq = await parseReport(realReport('phrase-csv/phrase-monolingual.csv'), { catTool: 'memoq' });
    expect(asMemoq.catTool).toBe('memoq');
    expect(asMemoq.languages[0]!.counts.xTranslated).toEqual({ segments: 0, words: 0, characters: 0 });
    expect(asMemoq.languages[0]!.counts.noMatch).toEqual({ segments: 9, words: 20, characters: 0 });
  });

  it('accepts the matching catTool and rejects another one', async () => {
    expect((await parseReport(realReport('trados-xml/studio2011.xml'), { catTool: 'trados' })).catTool).toBe('trados');
    await expect(parseReport(realReport('trados-xml/studio2011.xml'), { catTool: 'memoq' })).rejects.toThrow(/Trados Studio XML.*cannot be read for memoQ/);
    await expect(parseReport(realReport('memoq-csv/memoq-all-info-utf16.csv'), { catTool: 'phrase' })).rejects.toThrow(/memoQ "all information".*Phrase TMS/);
    await expect(parseReport(realReport('trados-csv/trados-utf16.csv'), { catTool: 'trados' })).rejects.toThrow(/Trados-compatible CSV.*Trados Studio/);
  });
});
