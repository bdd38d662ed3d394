/**
 * The layout shared by the two CSV formats: row 1 holds band names (one every 8 or 4 columns),
 * row 2 the units under each band (`Segments`, `Words`, `Characters`, possibly with a leading
 * space), then one row per document. Columns are located by these header names, never by offsets.
 * Each data row is checked: per unit read, the bands add up to the row's `Total`.
 */
import { parseDecimal } from './csv.js';
import { emptyCounts, fail, type CatToolId, type MatchCounts, type Unit } from './types.js';

export interface TableLayout {
  /** Band header (as normalised by `normaliseHeader`) → tool match name, or 'total'. */
  bands: ReadonlyMap<string, string>;
  /** How the report spells each band, for messages (same keys). */
  labels: ReadonlyMap<string, string>;
  /** Units read under every band (and under Total). */
  units: readonly Unit[];
}

export interface TableRow {
  /** 1-based row number in the file. */
  row: number;
  file: string;
  counts: MatchCounts;
}

const UNIT_HEADERS: Record<Unit, string> = { segments: 'segments', words: 'words', characters: 'characters' };
const UNIT_LABELS: Record<Unit, string> = { segments: 'Segments', words: 'Words', characters: 'Characters' };

/** Case, spaces and non-breaking spaces do not matter: `95% - 99%` = `95%-99%`, ` Words` = `words`. */
export function normaliseHeader(cell: string): string {
  return cell.replace(/[\s\u00a0]+/g, '').toLowerCase();
}

const column = (index: number) => `column ${index + 1}`;

export function readTable(rows: string[][], layout: TableLayout, tool: CatToolId): TableRow[] {
  const [bandRow, unitRow] = rows;
  if (!bandRow || !unitRow) fail('The report has no second header row (the units: Segments, Words, …); the file looks truncated.');

  // Row 1: the band names.
  const bandColumns: Array<{ key: string; column: number }> = [];
  bandRow.forEach((cell, index) => {
    if (cell.trim() === '') return;
    const key = normaliseHeader(cell);
    if (!layout.bands.has(key)) {
      fail(`Header row 1, ${column(index)}: unknown band ${JSON.stringify(cell.trim())}; expected ${[...layout.labels.values()].map((l) => `"${l}"`).join(', ')}.`);
    }
    if (bandColumns.some((band) => band.key === key)) fail(`Header row 1, ${column(index)}: the band ${JSON.stringify(cell.trim())} appears twice.`);
    bandColumns.push({ key, column: index });
  });
  for (const [key, label] of layout.labels) {
    if (!bandColumns.some((band) => band.key === key)) fail(`Header row 1 has no "${label}" band.`);
  }

  // Row 2: "File" and the units under each band (a band's columns run up to the next band).
  const fileColumn = unitRow.findIndex((cell) => normaliseHeader(cell) === 'file');
  if (fileColumn < 0) fail('Header row 2 has no "File" column.');
  const cells: Array<{ match: string; unit: Unit; column: number; label: string }> = [];
  bandColumns.forEach((band, index) => {
    const end = bandColumns[index + 1]?.column ?? unitRow.length;
    const label = layout.labels.get(band.key)!;
    for (const unit of layout.units) {
      let found = -1;
      for (let c = band.column; c < end; c++) if (normaliseHeader(unitRow[c] ?? '') === UNIT_HEADERS[unit]) found = found < 0 ? c : found;
      if (found < 0) fail(`Header row 2 has no "${UNIT_LABELS[unit]}" column under the band "${label}" (${column(band.column)} to ${end}).`);
      cells.push({ match: layout.bands.get(band.key)!, unit, column: found, label });
    }
  });

  // Data rows.
  const result: TableRow[] = [];
  for (let r = 2; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.every((cell) => cell.trim() === '')) continue;
    const file = (row[fileColumn] ?? '').trim();
    if (file === '') fail(`Row ${r + 1}: the "File" cell (${column(fileColumn)}) is empty.`);
    const counts = emptyCounts(tool);
    const total: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
    const sum: Record<Unit, number> = { segments: 0, words: 0, characters: 0 };
    for (const cell of cells) {
      const raw = row[cell.column];
      if (raw === undefined) {
        fail(`Row ${r + 1} (${JSON.stringify(file)}) ends after ${row.length} cells; "${cell.label}" ${UNIT_LABELS[cell.unit]} is in ${column(cell.column)} (the file looks truncated).`);
      }
      const value = parseDecimal(raw);
      if (value === undefined || !Number.isInteger(value)) {
        fail(`Row ${r + 1} (${JSON.stringify(file)}), ${column(cell.column)}: "${cell.label}" ${UNIT_LABELS[cell.unit]} is ${JSON.stringify(raw.slice(0, 40))}, not a whole number.`);
      }
      if (cell.match === 'total') total[cell.unit] = value;
      else {
        counts[cell.match]![cell.unit] = value;
        sum[cell.unit] += value;
      }
    }
    for (const unit of layout.units) {
      if (sum[unit] !== total[unit]) {
        fail(`Row ${r + 1} (${JSON.stringify(file)}): the bands add up to ${sum[unit]} ${unit} but "Total" says ${total[unit]}.`);
      }
    }
    result.push({ row: r + 1, file, counts });
  }
  if (result.length === 0) fail('The report has no data row (one row per document is expected after the two header rows).');
  return dropSummaryRow(result);
}

/**
 * The fixtures have no summary row, but a last row named "Total" after several documents is taken
 * as one: it must equal the sum of the rows above it (else the report is rejected) and is dropped.
 */
function dropSummaryRow(rows: TableRow[]): TableRow[] {
  const last = rows[rows.length - 1]!;
  if (rows.length < 2 || !/^(total|summary|all)$/i.test(last.file)) return rows;
  for (const [match, count] of Object.entries(last.counts)) {
    for (const unit of ['segments', 'words', 'characters'] as const) {
      const sum = rows.slice(0, -1).reduce((acc, row) => acc + row.counts[match]![unit], 0);
      if (sum !== count[unit]) {
        fail(`Row ${last.row} ("${last.file}") looks like a summary row but its ${match} ${unit} (${count[unit]}) differ from the sum of the rows above (${sum}).`);
      }
    }
  }
  return rows.slice(0, -1);
}
