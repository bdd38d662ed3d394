import { describe, expect, it } from 'vitest';
import { csvWriter, safeCell } from '../../src/core/csv.js';

async function write(records: object[]): Promise<string> {
  const writer = csvWriter([
    { key: 'name', header: 'Name' },
    { key: 'total', header: 'Total' },
    { key: 'paid', header: 'Paid' },
  ]);
  const chunks: string[] = [];
  writer.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
  const done = new Promise((resolve) => writer.on('end', resolve));
  for (const record of records) writer.write(record);
  writer.end();
  await done;
  return chunks.join('');
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
});
