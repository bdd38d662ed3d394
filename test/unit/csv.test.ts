import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvHead, csvRecord, csvWriter, safeCell, type CsvColumn } from '../../src/core/csv.js';

async function write(
  records: object[],
  columns: CsvColumn[] = [
    { key: 'name', header: 'Name' },
    { key: 'total', header: 'Total' },
    { key: 'paid', header: 'Paid' },
  ],
): Promise<string> {
  const writer = csvWriter(columns);
  const chunks: Buffer[] = [];
  writer.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
  const done = new Promise((resolve) => writer.on('end', resolve));
  for (const record of records) writer.write(record);
  writer.end();
  await done;
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV written by Transdesk', () => {
  it('escapes text a spreadsheet would run as a formula', () => {
    for (const text of ["=cmd|' /C calc'!A0", '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(safeCell(text)).toBe(`'${text}`);
    for (const text of ['Acme', '', ' =x', 'a=b', '1-2']) expect(safeCell(text)).toBe(text);
  });

  it('escapes the fullwidth formula signs ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) like their ASCII forms', () => {
    expect(safeCell('\uFF1DHYPERLINK("https://evil.example","x")')).toBe('\'\uFF1DHYPERLINK("https://evil.example","x")');
    expect(safeCell('\uFF0Bcmd')).toBe("'＋cmd");
    expect(safeCell('\uFF0D2＋3')).toBe("'－2＋3");
    expect(safeCell('\uFF20SUM(A1)')).toBe("'＠SUM(A1)");
    // First only: inside a name they are text, as the ASCII ones are.
    for (const text of ['Acme＝', 'a＋b', 'x－y', 'a＠b', 'ＡＣＭＥ']) expect(safeCell(text)).toBe(text);
  });

  it('writes a BOM, a header, CRLF lines, quoting and numbers as numbers', async () => {
    const text = await write([
      { name: '=HYPERLINK("x")', total: -12.5, paid: true },
      { name: 'Müller, "Jr"', total: 3, paid: null },
    ]);
    expect(text).toBe('\uFEFFName,Total,Paid\r\n"\'=HYPERLINK(""x"")",-12.5,true\r\n"Müller, ""Jr""",3,\r\n');
    expect(await write([{ name: "＝cmd|' /C calc'!A0", total: 1, paid: false }])).toBe("\uFEFFName,Total,Paid\r\n'＝cmd|' /C calc'!A0,1,false\r\n");
  });

  /**
   * Text made of what CSV and spreadsheets treat apart (quote, comma, CR, LF, CRLF, formula
   * starts, the separator of another locale, spaces) among letters, accents, wide and astral
   * characters (a lone surrogate too), and any text at all.
   */
  const tricky = fc.constantFrom(
    '"',
    ',',
    '\r',
    '\n',
    '\r\n',
    '=',
    '+',
    '-',
    '@',
    '\t',
    ';',
    ' ',
    'a',
    'Z',
    '0',
    'é',
    'ß',
    '\u00A0',
    '\uFEFF',
    '＝',
    '日本',
    '😀',
    '\uD800',
    "'",
  );
  const cell = fc.oneof(
    fc.string({ unit: tricky, maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.double(),
    fc.integer(),
    fc.bigInt(),
    fc.boolean(),
    fc.date({ noInvalidDate: true }),
    fc.constant(null),
    fc.constant(undefined),
  );

  it('csvRecord writes every cell exactly as csv-stringify does (csvWriter), and csvHead its header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }), async (rows) => {
        const width = Math.max(...rows.map((row) => row.length));
        const columns = Array.from({ length: width }, (_, i) => ({ key: `c${i}`, header: `Column ${i}, "${i}"` }));
        const records = rows.map((row) => Object.fromEntries(columns.map((column, i) => [column.key, row[i]])));
        const expected = await write(records, columns);
        const written = csvHead(columns) + rows.map((row) => csvRecord(columns.map((_, i) => row[i]))).join('');
        // Compared as the bytes sent (UTF-8: a lone surrogate is U+FFFD either way).
        expect(Buffer.from(written, 'utf8').toString('utf8')).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
