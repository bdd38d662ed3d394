/**
 * The layout shared by the two CSV formats: row 1 holds band names, row 2 the units under each
 * band (`Segments`, `Words`, `Characters`, possibly with a leading space, among columns that are
 * not read such as `Placeables` or `Percent`), then one row per document. A band's columns run
 * from its name up to the next band name. Every column is located by its header names, never by
 * its position: the units may come in any order under each band, and the bands in any order.
 *
 * Units: segments and words are required under every band; characters are read when every band,
 * `Total` included, has a `Characters` column (a report whose `Characters` is only under `Total`
 * does not count characters per band: 0 everywhere, and `units` says so). Each data row is checked:
 * per unit read, the bands add up to the row's `Total`.
 */
import { excerpt } from '../../../core/errors.js';
import { parseDecimal } from './csv.js';
import type { ReportBudget } from './limits.js';
import { fail, UNITS, type Count, type Unit } from './types.js';

export interface TableLayout {
  /** Band header (as normalised by `normaliseHeader`) → tool match name, or 'total'. */
  bands: ReadonlyMap<string, string>;
  /** How the report spells each band, for messages (same keys). */
  labels: ReadonlyMap<string, string>;
}

export interface TableRow {
  /** 1-based row number in the file. */
  row: number;
  file: string;
  /** The layout's match names (not 'total') → counts; units not read are 0. */
  counts: Record<string, Count>;
}

export interface Table {
  units: Unit[];
  rows: TableRow[];
}

const REQUIRED_UNITS: readonly Unit[] = ['segments', 'words'];
const UNIT_LABELS: Record<Unit, string> = { segments: 'Segments', words: 'Words', characters: 'Characters' };

/** Case, spaces and non-breaking spaces do not matter: `95% - 99%` = `95%-99%`, ` Words` = `words`. */
export function normaliseHeader(cell: string): string {
  return cell.replace(/[\s\u00a0]+/g, '').toLowerCase();
}

const column = (index: number) => `column ${index + 1}`;
const quoted = (text: string) => JSON.stringify(excerpt(text));

interface Cell {
  match: string;
  unit: Unit;
  column: number;
  label: string;
}

/** Reads the table one row at a time (`add`), then `finish` answers the documents. */
export class TableReader {
  private fileColumn = -1;
  private cells: Cell[] = [];
  private units: Unit[] = [];
  private bandColumns: Array<{ key: string; column: number }> = [];
  private readonly rows: TableRow[] = [];
  private readonly matches: string[];

  constructor(
    private readonly layout: TableLayout,
    private readonly budget: ReportBudget,
  ) {
    this.matches = [...new Set([...layout.bands.values()].filter((match) => match !== 'total'))];
  }

  add(cells: string[], row: number): void {
    this.budget.row(row);
    if (row === 1) this.readBands(cells);
    else if (row === 2) this.readUnits(cells);
    else this.readRow(cells, row);
  }

  finish(): Table {
    if (this.bandColumns.length === 0 || this.cells.length === 0) {
      fail('The report has no second header row (the units: Segments, Words, …); the file looks truncated.');
    }
    if (this.rows.length === 0) fail('The report has no data row (one row per document is expected after the two header rows).');
    return { units: this.units, rows: dropSummaryRow(this.rows, this.units) };
  }

  /** Row 1: the band names. */
  private readBands(bandRow: string[]): void {
    const { layout } = this;
    bandRow.forEach((cell, index) => {
      if (cell.trim() === '') return;
      const key = normaliseHeader(cell);
      if (!layout.bands.has(key)) {
        fail(`Header row 1, ${column(index)}: unknown band ${quoted(cell.trim())}; expected ${[...layout.labels.values()].map((l) => `"${l}"`).join(', ')}.`);
      }
      if (this.bandColumns.some((band) => band.key === key)) fail(`Header row 1, ${column(index)}: the band ${quoted(cell.trim())} appears twice.`);
      this.bandColumns.push({ key, column: index });
    });
    for (const [key, label] of layout.labels) {
      if (!this.bandColumns.some((band) => band.key === key)) fail(`Header row 1 has no "${label}" band.`);
    }
  }

  /** Row 2: "File" and the unit columns under each band (a band's columns run up to the next band). */
  private readUnits(unitRow: string[]): void {
    this.fileColumn = unitRow.findIndex((cell) => normaliseHeader(cell) === 'file');
    if (this.fileColumn < 0) fail('Header row 2 has no "File" column.');
    const found = new Map<string, Map<Unit, number>>();
    this.bandColumns.forEach((band, index) => {
      const end = this.bandColumns[index + 1]?.column ?? unitRow.length;
      const label = this.layout.labels.get(band.key)!;
      const columns = new Map<Unit, number>();
      for (let c = band.column; c < end; c++) {
        const unit = UNITS.find((u) => normaliseHeader(unitRow[c] ?? '') === u);
        if (unit === undefined) continue;
        const first = columns.get(unit);
        if (first !== undefined) fail(`Header row 2 has two "${UNIT_LABELS[unit]}" columns under the band "${label}" (${column(first)} and ${c + 1}).`);
        columns.set(unit, c);
      }
      for (const unit of REQUIRED_UNITS) {
        if (!columns.has(unit)) fail(`Header row 2 has no "${UNIT_LABELS[unit]}" column under the band "${label}" (${column(band.column)} to ${end}).`);
      }
      found.set(band.key, columns);
    });
    this.units = UNITS.filter((unit) => [...found.values()].every((columns) => columns.has(unit)));
    for (const band of this.bandColumns) {
      const label = this.layout.labels.get(band.key)!;
      for (const unit of this.units) this.cells.push({ match: this.layout.bands.get(band.key)!, unit, column: found.get(band.key)!.get(unit)!, label });
    }
  }

  /** A data row: one document. */
  private readRow(row: string[], r: number): void {
    if (this.cells.length === 0) return; // cannot happen: rows 1 and 2 came first
    if (row.every((cell) => cell.trim() === '')) return;
    const file = (row[this.fileColumn] ?? '').trim();
    if (file === '') fail(`Row ${r}: the "File" cell (${column(this.fileColumn)}) is empty.`);
    this.budget.document(file, this.matches.length, `Row ${r}`);
    const counts: Record<string, Count> = {};
    for (const match of this.matches) counts[match] = { segments: 0, words: 0, characters: 0 };
    const total: Count = { segments: 0, words: 0, characters: 0 };
    const sum: Count = { segments: 0, words: 0, characters: 0 };
    for (const cell of this.cells) {
      const raw = row[cell.column];
      if (raw === undefined) {
        fail(
          `Row ${r} (${quoted(file)}) ends after ${row.length} cells; "${cell.label}" ${UNIT_LABELS[cell.unit]} is in ${column(cell.column)} (the file looks truncated).`,
        );
      }
      const value = parseDecimal(raw);
      if (value === undefined || !Number.isInteger(value)) {
        fail(`Row ${r} (${quoted(file)}), ${column(cell.column)}: "${cell.label}" ${UNIT_LABELS[cell.unit]} is ${quoted(raw)}, not a whole number.`);
      }
      if (cell.match === 'total') total[cell.unit] = value;
      else {
        counts[cell.match]![cell.unit] = value;
        sum[cell.unit] += value;
      }
    }
    for (const unit of this.units) {
      if (sum[unit] !== total[unit]) fail(`Row ${r} (${quoted(file)}): the bands add up to ${sum[unit]} ${unit} but "Total" says ${total[unit]}.`);
    }
    this.rows.push({ row: r, file, counts });
  }
}

/**
 * A last row named "Total" (or "Summary", "All") after several documents is taken as a summary:
 * it must equal the sum of the rows above it (else the report is rejected) and is dropped.
 */
function dropSummaryRow(rows: TableRow[], units: Unit[]): TableRow[] {
  const last = rows[rows.length - 1]!;
  if (rows.length < 2 || !/^(total|summary|all)$/i.test(last.file)) return rows;
  for (const [match, count] of Object.entries(last.counts)) {
    for (const unit of units) {
      const sum = rows.slice(0, -1).reduce((acc, row) => acc + row.counts[match]![unit], 0);
      if (sum !== count[unit]) {
        fail(
          `Row ${last.row} ("${last.file}") looks like a summary row but its ${match} ${unit} (${count[unit]}) differ from the sum of the rows above (${sum}).`,
        );
      }
    }
  }
  return rows.slice(0, -1);
}
