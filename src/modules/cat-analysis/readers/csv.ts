/**
 * A small RFC-4180-style CSV tokenizer: quoted cells (`""` inside quotes is one quote), CRLF, LF or
 * CR line ends, the delimiter detected from the header row (`;`, `,` or tab).
 */
import { fail } from './types.js';

export type Delimiter = ';' | ',' | '\t';
const DELIMITERS: readonly Delimiter[] = [';', '\t', ','];

/** The delimiter used most in the first line outside quotes (ties: `;`, then tab, then `,`). */
export function detectDelimiter(firstLine: string): Delimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: Delimiter | undefined;
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (best === undefined ? 0 : counts.get(best)!)) best = d;
  if (best === undefined) fail('Header row 1 holds no delimiter (";", "," or tab): this is not a CSV analysis report.');
  return best;
}

/** The text up to the first line end outside quotes (or all of it). */
export function firstLine(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) return text.slice(0, i);
  }
  return text;
}

/**
 * Rows of cells. A line end closes a row; text after the last line end is a last row. An empty
 * text has no rows. An unclosed quote or text after a closing quote is rejected.
 */
export function parseCsv(text: string, delimiter: Delimiter): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  let rowStart = 0;
  while (i < n) {
    let cell: string;
    if (text[i] === '"') {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close < 0) fail(`Row ${rows.length + 1}, column ${row.length + 1}: a quoted cell is not closed (the file looks truncated).`);
        value += text.slice(i, close);
        if (text[close + 1] === '"') {
          value += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      const next = text[i];
      if (i < n && next !== delimiter && next !== '\n' && next !== '\r') {
        fail(`Row ${rows.length + 1}, column ${row.length + 1}: unexpected text after the closing quote of ${JSON.stringify(text.slice(start, Math.min(i, start + 40)))}.`);
      }
      cell = value;
    } else {
      let j = i;
      while (j < n) {
        const ch = text[j];
        if (ch === delimiter || ch === '\n' || ch === '\r') break;
        j++;
      }
      cell = text.slice(i, j);
      i = j;
    }
    row.push(cell);
    if (i >= n) break;
    const ch = text[i];
    if (ch === delimiter) {
      i++;
      if (i >= n) row.push('');
      continue;
    }
    // A line end: CRLF, LF or CR.
    i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    rows.push(row);
    row = [];
    rowStart = i;
  }
  if (n > rowStart) rows.push(row);
  return rows;
}

/** Writes rows so that `parseCsv` gives them back (used by tests and fixtures). */
export function writeCsv(rows: readonly (readonly string[])[], delimiter: Delimiter): string {
  const quote = (cell: string) =>
    cell.includes(delimiter) || cell.includes('"') || cell.includes('\n') || cell.includes('\r') ? `"${cell.replace(/"/g, '""')}"` : cell;
  return rows.map((row) => row.map(quote).join(delimiter) + '\r\n').join('');
}

/**
 * A number cell: digits with an optional decimal comma or point (`7,68`, `6.20`). Undefined when
 * the cell is no such number.
 */
export function parseDecimal(cell: string): number | undefined {
  const text = cell.trim();
  if (!/^\d{1,15}(?:[.,]\d{1,15})?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}
