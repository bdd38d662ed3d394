import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CatAnalysisBands } from '../../../console/src/modules/jobs/job/cat-analysis-bands';
import { CatAnalysisDropZone } from '../../../console/src/modules/jobs/job/cat-analysis-drop-zone';
import {
  bandLabel,
  bandRows,
  configurationsFor,
  defaultConfigurationId,
  defaultLanguageIndex,
  importPreview,
  type CatConfiguration,
  type Counts,
  type ParsedReport,
} from '../../../console/src/modules/jobs/job/cat-analysis-report';
import { renderWithProviders } from '../render';

/** The pure side of the CAT analysis section, and its two small components. */
const count = (segments: number, words: number, characters = 0) => ({ segments, words, characters });

const counts: Counts = {
  perfect: count(1, 2, 9),
  inContextExact: count(0, 0),
  exact: count(3, 30, 170),
  locked: count(2, 11, 60),
  new: count(15, 160, 930),
  fuzzy9599: count(1, 8, 41),
};

function report(
  languages: Array<{ target: string | null; files?: Array<{ name: string; counts: Counts }> }>,
  units = ['segments', 'words', 'characters'],
): ParsedReport {
  return {
    catTool: 'trados',
    format: 'trados-xml',
    units,
    languages: languages.map((language) => ({ target: language.target, files: language.files ?? [{ name: 'a.docx', counts }], counts })),
  };
}

function configuration(id: string, mappings: Array<[string, string[]]>, extra: { tool?: string; source?: string; factor?: number } = {}): CatConfiguration {
  return {
    id,
    name: `Configuration ${id}`,
    catTool: { id: extra.tool ?? 'trados', name: 'Trados Studio' },
    quantityTypes: { destination: { id: 'words', name: 'Words' }, conversionFactor: extra.factor ?? 1, source: extra.source ?? 'words' },
    mappings: mappings.map(([name, toolMatches]) => ({ match: { id: `match-${name}`, name }, toolMatches })),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('bandRows', () => {
  it('keeps the bands with a count in the report’s order, counts the others, and totals every band', () => {
    const { rows, hidden, total } = bandRows(counts);
    expect(rows.map((row) => row.band)).toEqual(['perfect', 'exact', 'locked', 'new', 'fuzzy9599']);
    expect(rows[1]).toEqual({ band: 'exact', segments: 3, words: 30, characters: 170 });
    expect(hidden).toBe(1);
    expect(total).toEqual({ band: 'total', segments: 22, words: 211, characters: 1210 });
  });
});

describe('importPreview', () => {
  it('sums the tool matches of each mapping in the source unit, times the conversion factor, in the configuration’s order', () => {
    const preview = importPreview(
      report([{ target: 'fr-FR' }]),
      counts,
      configuration('c', [
        ['No match', ['new']],
        ['100%', ['exact', 'locked']],
        ['Context match', ['perfect', 'inContextExact']],
        ['95-99%', ['fuzzy9599']],
      ]),
    );
    expect(preview.lines.map((line) => [line.category, line.quantity])).toEqual([
      ['No match', 160],
      ['100%', 41],
      ['Context match', 2],
      ['95-99%', 8],
    ]);
    expect(preview.unmapped).toEqual([]);
    expect(preview.missingUnit).toBe(false);

    const characters = importPreview(
      report([{ target: 'fr-FR' }]),
      counts,
      configuration('c', [['All', ['new', 'exact']]], { source: 'characters', factor: 0.1 }),
    );
    // (930 + 170) × 0.1 = 110, without the float noise of 110.00000000000001.
    expect(characters.lines[0]!.quantity).toBe(110);
  });

  it('names the bands with a count that no mapping takes (the API refuses them), and a unit the report does not count', () => {
    const preview = importPreview(
      report([{ target: null }], ['segments', 'words']),
      counts,
      configuration('c', [['No match', ['new']]], { source: 'characters' }),
    );
    expect(preview.missingUnit).toBe(true);
    const words = importPreview(report([{ target: null }]), counts, configuration('c', [['No match', ['new']]]));
    expect(words.unmapped).toEqual([
      { band: 'perfect', count: 2 },
      { band: 'exact', count: 30 },
      { band: 'locked', count: 11 },
      { band: 'fuzzy9599', count: 8 },
    ]);
  });
});

describe('defaultLanguageIndex', () => {
  it('takes the only language, or the one equal to the job’s target as the API compares codes', () => {
    expect(defaultLanguageIndex(report([{ target: 'de-DE' }]), 'fr')).toBe(0);
    const several = report([{ target: 'de-DE' }, { target: 'fr_FR' }]);
    expect(defaultLanguageIndex(several, 'FR-fr')).toBe(1);
    // es-ES is not es: the user chooses.
    expect(defaultLanguageIndex(several, 'fr')).toBe(-1);
    expect(defaultLanguageIndex(several, undefined)).toBe(-1);
  });
});

describe('the configuration chosen at first', () => {
  const trados = [configuration('t1', []), configuration('t2', []), configuration('m1', [], { tool: 'memoq' })];
  it('is the destination’s default (supplier’s, then client’s) when it reads the report’s tool, else the first that does', () => {
    const usable = configurationsFor(trados, 'trados');
    expect(usable.map((item) => item.id)).toEqual(['t1', 't2']);
    expect(defaultConfigurationId(usable, ['t2', 't1'])).toBe('t2');
    expect(defaultConfigurationId(usable, [null, 't2'])).toBe('t2');
    expect(defaultConfigurationId(usable, ['m1', undefined])).toBe('t1');
    expect(defaultConfigurationId([], ['t1'])).toBeUndefined();
  });
});

it('names the bands for people, and a band it does not know as the report wrote it', () => {
  expect(bandLabel('fuzzy9599')).toBe('95–99%');
  expect(bandLabel('inContextExact')).toBe('Context match');
  expect(bandLabel('someFutureBand')).toBe('someFutureBand');
});

describe('CatAnalysisBands', () => {
  it('shows all files together, and one file when it is chosen', () => {
    const parsed = report([
      {
        target: 'fr-FR',
        files: [
          { name: 'Guide.docx', counts: { new: count(10, 120, 700), exact: count(0, 0) } },
          { name: 'Prices.xlsx', counts: { new: count(5, 40, 230), exact: count(1, 5, 20) } },
        ],
      },
    ]);
    renderWithProviders(<CatAnalysisBands report={parsed} language={parsed.languages[0]!} />);
    expect(screen.getByRole('table', { name: 'Match bands of the report: All files (2)' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Counts of'), { target: { value: '1' } });
    const table = screen.getByRole('table', { name: 'Match bands of the report: Prices.xlsx' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['BandSegmentsWordsCharacters', 'New540230', '100%1520', 'Total645250']);
  });
});

describe('CatAnalysisDropZone', () => {
  it('is a labelled button with its hint, and hands the chosen file on', async () => {
    const onFile = vi.fn();
    renderWithProviders(<CatAnalysisDropZone onFile={onFile} />);
    const button = screen.getByRole('button', { name: 'Drop a CAT analysis report here, or choose a file' });
    expect(button).toHaveAttribute('tabindex', '0');
    expect(button).toHaveAccessibleDescription(/Trados Studio \(XML\), memoQ or Phrase \(CSV\)/);
    const file = new File(['<task/>'], 'report.xml', { type: 'text/xml' });
    fireEvent.change(screen.getByLabelText('CAT analysis report file'), { target: { files: [file] } });
    await waitFor(() => expect(onFile).toHaveBeenCalledWith(file));
  });

  it('says what it is reading while busy, and takes no file then', () => {
    renderWithProviders(<CatAnalysisDropZone onFile={() => {}} busy="Reading report.xml…" progress={0.5} />);
    expect(screen.getByRole('button', { name: 'Reading report.xml…' })).toHaveAttribute('aria-disabled', 'true');
  });
});
