import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv, parseDecimal, writeCsv, type Delimiter } from '../../src/modules/cat-analysis/readers/csv.js';
import { parseXml } from '../../src/modules/cat-analysis/readers/xml.js';
import { canonicalTag, lcidToTag, nameToTag, tradosTarget } from '../../src/modules/cat-analysis/readers/language.js';
import { detectEncoding, decode } from '../../src/modules/cat-analysis/readers/decode.js';
import { splitPhraseFile } from '../../src/modules/cat-analysis/readers/trados-csv.js';
import { splitMemoqFile } from '../../src/modules/cat-analysis/readers/memoq-csv.js';
import { CatReportError, parseReport } from '../../src/modules/cat-analysis/readers/index.js';
import { allFixtures, fixture } from './cat-fixtures.js';

describe('CSV tokenizer', () => {
  it('reads quoted cells, doubled quotes, empty cells and every line end', () => {
    expect(parseCsv('a;"b;c";"d""e"\r\n;;\n"x\r\ny"\rz', ';')).toEqual([['a', 'b;c', 'd"e'], ['', '', ''], ['x\r\ny'], ['z']]);
    expect(parseCsv('', ';')).toEqual([]);
    expect(parseCsv('a;', ';')).toEqual([['a', '']]);
    expect(parseCsv('\r\n', ',')).toEqual([['']]);
  });

  it('rejects an unclosed quote and text after a closing quote', () => {
    expect(() => parseCsv('a;"b', ';')).toThrow(/Row 1, column 2: a quoted cell is not closed/);
    expect(() => parseCsv('x\r\n"b"c;d', ';')).toThrow(/Row 2, column 1: unexpected text after the closing quote/);
  });

  it('detects the delimiter of the header row, ignoring quoted ones', () => {
    expect(detectDelimiter(';;;Context TM;;;;Repetitions')).toBe(';');
    expect(detectDelimiter('a,b,"c;d;e;f"')).toBe(',');
    expect(detectDelimiter('a\tb\tc,d')).toBe('\t');
    expect(() => detectDelimiter('abc')).toThrow(CatReportError);
  });

  it('reads decimal commas and points', () => {
    expect(parseDecimal('7,68')).toBe(7.68);
    expect(parseDecimal(' 6.20 ')).toBe(6.2);
    expect(parseDecimal('557')).toBe(557);
    for (const bad of ['', '-1', '1e3', '1.2.3', 'NaN', '0x10', '1 234']) expect(parseDecimal(bad)).toBeUndefined();
  });

  it('round-trips generated cells through writeCsv and parseCsv', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ';', ',', '\t', '"', '\r', '\n', 'é', '%', '1') , maxLength: 12 });
    fc.assert(
      fc.property(fc.constantFrom<Delimiter>(';', ',', '\t'), fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 6 }), (delimiter, rows) => {
        expect(parseCsv(writeCsv(rows, delimiter), delimiter)).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });
});

describe('XML reader', () => {
  it('reads elements, attributes (both quotes), references, comments and PIs', () => {
    const root = parseXml(`<?xml version="1.0"?><!-- c --><a x='1 &lt; 2' y="&#65;&#x42;"><b/><c><![CDATA[<ignored>]]></c></a>`);
    expect(root.name).toBe('a');
    expect(root.attributes.get('x')).toBe('1 < 2');
    expect(root.attributes.get('y')).toBe('AB');
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
  });

  it('rejects malformed documents with the line', () => {
    expect(() => parseXml('<a>\n<b>\n</a>')).toThrow(/XML line 3: closing tag <\/a> does not match <b> \(line 2\)/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/attribute x appears twice/);
    expect(() => parseXml('<a/><b/>')).toThrow(/second root element/);
    expect(() => parseXml('text<a/>')).toThrow(/text outside the root/);
    expect(() => parseXml('<a x="&#0;"/>')).toThrow(/invalid character reference/);
    expect(() => parseXml('<a x="a & b"/>')).toThrow(/bare "&"/);
    expect(() => parseXml('<a>')).toThrow(/ends before element <a> \(line 1\) is closed/);
    expect(() => parseXml('<!ENTITY x "y"><a/>')).toThrow(/DOCTYPE and entity declarations are not accepted/);
  });

  it('handles very deep nesting without recursion', () => {
    const depth = 100_000;
    const root = parseXml('<a>'.repeat(depth) + '</a>'.repeat(depth));
    expect(root.name).toBe('a');
  });
});

describe('languages', () => {
  it('maps LCIDs to BCP-47 codes', () => {
    expect(lcidToTag(1036)).toBe('fr-FR');
    expect(lcidToTag(1033)).toBe('en-US');
    expect(lcidToTag(3073)).toBe('ar-EG');
    expect(lcidToTag(3082)).toBe('es-ES');
    expect(lcidToTag(1032)).toBe('el-GR');
    expect(lcidToTag(2052)).toBe('zh-CN');
    expect(lcidToTag(99999)).toBeUndefined();
  });

  it('falls back to the English name, then to the name as written', () => {
    expect(nameToTag('Spanish (Spain, International Sort)')).toBe('es-ES');
    expect(nameToTag('German (Switzerland)')).toBe('de-CH');
    expect(nameToTag('German')).toBe('de');
    expect(nameToTag('Klingon (Qo’noS)')).toBeUndefined();
    expect(tradosTarget('99999', 'French (Canada)')).toBe('fr-CA');
    expect(tradosTarget('99999', 'Klingon')).toBe('Klingon');
    expect(tradosTarget(undefined, undefined)).toBeNull();
  });

  it('canonicalises memoQ and Phrase codes', () => {
    expect(canonicalTag('eng-GB')).toBe('en-GB');
    expect(canonicalTag('ger')).toBe('de');
    expect(canonicalTag('en_us')).toBe('en-US');
    expect(canonicalTag('not a code')).toBeUndefined();
    expect(splitMemoqFile('[fre-FR] C:\\a [1].docx')).toEqual({ target: 'fr-FR', name: 'C:\\a [1].docx' });
    expect(splitMemoqFile('[draft notes] a.docx')).toEqual({ target: null, name: '[draft notes] a.docx' });
    expect(splitPhraseFile('a | b.txt | en>pt_br')).toEqual({ source: 'en', target: 'pt-BR', name: 'a | b.txt' });
    expect(splitPhraseFile('a.txt | draft')).toBeUndefined();
  });
});

describe('encodings', () => {
  it('detects BOMs and decodes UTF-16 BE', () => {
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ encoding: 'utf-8', bomLength: 3 });
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x00, 0x42]);
    expect(decode(be, detectEncoding(be))).toBe('AB');
  });

  it('decodes a prefix without failing on a character cut at the limit', () => {
    const bytes = new TextEncoder().encode('aé');
    expect(decode(bytes, detectEncoding(bytes), 2)).toBe('a');
  });
});

describe('properties: nothing but CatReportError escapes', () => {
  const expectOnlyCatReportError = (bytes: Uint8Array) => {
    try {
      parseReport(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(CatReportError);
      // The safety net in parseReport keeps a cause: none may be needed.
      expect((error as CatReportError).cause).toBeUndefined();
    }
  };

  it('random byte strings', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => expectOnlyCatReportError(bytes)), { numRuns: 2000 });
  });

  it('random text made of report-like tokens', () => {
    const token = fc.constantFrom('<', '>', '/', '"', '=', ';', '\r\n', '<task name="analyse">', '<file name="a">', '</file>', '<analyse>', '<total segments="1"/>', '100%', 'Total', 'File', 'Words', 'Segments', '1', '&amp;', '<!DOCTYPE');
    fc.assert(fc.property(fc.array(token, { maxLength: 60 }), (tokens) => expectOnlyCatReportError(new TextEncoder().encode(tokens.join('')))), { numRuns: 2000 });
  });

  it('fixtures with random bytes changed, inserted or removed', () => {
    const files = allFixtures().filter((name) => !name.endsWith('.md')).map((name) => fixture(name));
    fc.assert(
      fc.property(fc.nat(files.length - 1), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'insert', 'delete')), { minLength: 1, maxLength: 5 }), (index, edits) => {
        let bytes = Array.from(files[index]!);
        for (const [at, value, kind] of edits) {
          const k = at % (bytes.length + 1);
          if (kind === 'set' && k < bytes.length) bytes[k] = value;
          else if (kind === 'insert') bytes = [...bytes.slice(0, k), value, ...bytes.slice(k)];
          else bytes = [...bytes.slice(0, k), ...bytes.slice(k + 1)];
        }
        expectOnlyCatReportError(Uint8Array.from(bytes));
      }),
      { numRuns: 1000 },
    );
  });
});
