import { describe, expect, it } from 'vitest';
import { decodeImport, detectDelimiter, isFormula, readCsv } from '../../src/modules/imports/csv.js';

describe('imports: reading a CSV file (docs/imports.md#the-file)', () => {
  it('takes the separator from the header line, outside quotes', () => {
    expect(detectDelimiter('name,email\n')).toBe(',');
    expect(detectDelimiter('name;email\n')).toBe(';');
    expect(detectDelimiter('"a,b,c";x;y\n1,2,3,4,5')).toBe(';');
    expect(detectDelimiter('name\nx;y;z')).toBe(',');
  });

  it('strips the byte order mark and refuses UTF-16 and bad UTF-8', () => {
    expect(decodeImport(Buffer.from('\ufeffname\n', 'utf8'))).toBe('name\n');
    expect(() => decodeImport(Buffer.from([0xfe, 0xff, 0, 0x6e]))).toThrow(/UTF-16/);
    expect(() => decodeImport(Buffer.from('a\nb\n\xe9', 'latin1'))).toThrow(/line 3/);
  });

  it('reads quoted cells, CRLF and semicolons', () => {
    expect(readCsv('a;b\r\n"x;1";"line\r\nbreak"\r\n')).toEqual({ header: ['a', 'b'], rows: [['x;1', 'line\r\nbreak']], delimiter: ';' });
  });

  it('tells formulas from phone numbers and negative numbers', () => {
    for (const cell of ["=cmd|' /C calc'!A0", '@SUM(A1:A2)', '+cmd', '-cmd', '=1+1', '-2+3', '+A1']) expect(isFormula(cell), cell).toBe(true);
    for (const cell of ['+44 20 7946 0958', '-12.5', '+1 (555) 010-9999', 'Acme', '0.3', '100%']) expect(isFormula(cell), cell).toBe(false);
  });

  it('reads a fullwidth ＝ ＋ － ＠ first as its ASCII form', () => {
    for (const cell of ["＝cmd|' /C calc'!A0", '＠SUM(A1:A2)', '＋cmd', '－cmd', '＝1+1', '－2+3', '＋A1', '\uFF1D', '\uFF20x'])
      expect(isFormula(cell), cell).toBe(true);
    // Before a number or a phone number the fullwidth sign is as harmless as the ASCII one; further on they are text.
    for (const cell of ['＋44 20 7946 0958', '－12.5', 'Acme＝', 'a＠b.example', 'ＡＣＭＥ']) expect(isFormula(cell), cell).toBe(false);
  });
});
