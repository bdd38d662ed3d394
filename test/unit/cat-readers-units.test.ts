import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerRow, parseCsv, parseDecimal, readCsv, writeCsv, type Delimiter } from '../../src/modules/cat-analysis/readers/csv.js';
import { readXml } from '../../src/modules/cat-analysis/readers/xml.js';
import { canonicalTag, lcidToTag, nameToTag, tradosTarget } from '../../src/modules/cat-analysis/readers/language.js';
import { detectEncoding, decode } from '../../src/modules/cat-analysis/readers/decode.js';
import { splitPhraseFile } from '../../src/modules/cat-analysis/readers/trados-csv.js';
import { splitMemoqFile } from '../../src/modules/cat-analysis/readers/memoq-csv.js';
import { CatReportError, parseReport } from '../../src/modules/cat-analysis/readers/index.js';
import { allSamples, sample } from './cat-fixtures.js';

/** The elements `readXml` reports, as `name@depth`, or the CatReportError message. */
function xmlEvents(text: string, chunk = 7, maxDepth = 64): string[] {
  const events: string[] = [];
  const chunks = Array.from({ length: Math.ceil(text.length / chunk) }, (_, k) => text.slice(k * chunk, (k + 1) * chunk));
  readXml(chunks, { open: (e) => events.push(`<${e.name}@${e.depth} ${JSON.stringify(e.attributes)}`), close: (e) => events.push(`</${e.name}`) }, maxDepth);
  return events;
}

describe('CSV (csv-parse)', () => {
  it('reads quoted cells, doubled quotes, empty cells and every line end', () => {
    expect(parseCsv('a;"b;c";"d""e"\r\n;;\n"x\r\ny"\rz', ';')).toEqual([['a', 'b;c', 'd"e'], ['', '', ''], ['x\r\ny'], ['z']]);
    expect(parseCsv('', ';')).toEqual([]);
    expect(parseCsv('a;', ';')).toEqual([['a', '']]);
    expect(parseCsv('\r\n', ',')).toEqual([['']]);
  });

  it('streams rows from chunks cut anywhere, numbering them', async () => {
    const text = 'a;"b\r\nc";d\r\n1;2;3\n';
    for (let size = 1; size <= text.length; size++) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, k) => text.slice(k * size, (k + 1) * size));
      const rows: Array<[number, string[]]> = [];
      await readCsv(chunks, ';', 1000, (cells, row) => rows.push([row, cells]));
      expect(rows).toEqual([
        [1, ['a', 'b\r\nc', 'd']],
        [2, ['1', '2', '3']],
      ]);
    }
  });

  it('rejects an unclosed quote, text after a closing quote, a stray quote and an over-long row', async () => {
    expect(() => parseCsv('a;"b', ';')).toThrow(/Row 1, column 2: a quoted cell is not closed/);
    expect(() => parseCsv('x\r\n"b"c;d', ';')).toThrow(/Row 2, column 1: unexpected text after the closing quote/);
    expect(() => parseCsv('x\r\nab"c;d', ';')).toThrow(/Row 2, column 1: a quote inside a cell/);
    await expect(readCsv(['a;b\r\n', 'x'.repeat(500), ';c\r\n'], ';', 100, () => {})).rejects.toThrow(/^Row 2 is longer than 100 characters/);
  });

  it('finds the header row and its delimiter, ignoring quoted ones', () => {
    expect(headerRow(';;;Context TM;;;;Repetitions\r\nx')).toMatchObject({ delimiter: ';', ended: true });
    expect(headerRow('a,b,"c;d;e;f"\n')).toMatchObject({ delimiter: ',', cells: ['a', 'b', 'c;d;e;f'] });
    expect(headerRow('a\tb\tc,d')).toMatchObject({ delimiter: '\t', ended: false });
    expect(headerRow('abc')).toBeUndefined();
  });

  it('reads decimal commas and points', () => {
    expect(parseDecimal('7,68')).toBe(7.68);
    expect(parseDecimal(' 6.20 ')).toBe(6.2);
    expect(parseDecimal('557')).toBe(557);
    for (const bad of ['', '-1', '1e3', '1.2.3', 'NaN', '0x10', '1 234']) expect(parseDecimal(bad)).toBeUndefined();
  });

  it('round-trips generated cells through writeCsv and parseCsv', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ';', ',', '\t', '"', '\r', '\n', 'é', '%', '1'), maxLength: 12 });
    fc.assert(
      fc.property(fc.constantFrom<Delimiter>(';', ',', '\t'), fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 6 }), (delimiter, rows) => {
        expect(parseCsv(writeCsv(rows, delimiter), delimiter)).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });
});

describe('XML (saxes, streaming)', () => {
  it('reports elements, attributes (both quotes) and references, across chunk boundaries', () => {
    const text = `<?xml version="1.0"?><!-- c --><a x='1 &lt; 2' y="&#65;&#x42;"><b/><c><![CDATA[<ignored>]]></c></a>`;
    for (const size of [1, 3, 7, 1000]) {
      expect(xmlEvents(text, size)).toEqual(['<a@0 {"x":"1 < 2","y":"AB"}', '<b@1 {}', '</b', '<c@1 {}', '</c', '</a']);
    }
  });

  it('rejects malformed documents with the line', () => {
    expect(() => xmlEvents('<a>\n<b>\n</a>')).toThrow(/XML line 3, column \d+: a closing tag does not match/);
    expect(() => xmlEvents('<a x="1" x="2"/>')).toThrow(/duplicate attribute: x/);
    expect(() => xmlEvents('<a/><b/>')).toThrow(/a second root element/);
    expect(() => xmlEvents('text<a/>')).toThrow(/text outside the root/);
    expect(() => xmlEvents('<a x="&#0;"/>')).toThrow(/XML line 1/);
    expect(() => xmlEvents('<a x="a & b"/>')).toThrow(/XML line 1/);
    expect(() => xmlEvents('<a>')).toThrow(/ends before element <a> is closed \(the file looks truncated\)/);
    expect(() => xmlEvents('<!DOCTYPE a [<!ENTITY x "y">]><a/>')).toThrow(/DOCTYPE and entity declarations are not accepted/);
    expect(() => xmlEvents('   ')).toThrow(/holds no XML element/);
  });

  it('quotes input only as a short excerpt', () => {
    const name = 'n'.repeat(100_000);
    const message = (() => {
      try {
        xmlEvents(`<${name}>`, 4096);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/ends before element <n+… \(100000 characters\)> is closed/);
    expect(message.length).toBeLessThan(200);
  });

  it('refuses nesting deeper than the limit, without reading on', () => {
    expect(() => xmlEvents('<a>'.repeat(100_000) + '</a>'.repeat(100_000), 4096)).toThrow(/nested more than 64 deep/);
    expect(xmlEvents('<a>'.repeat(64) + '</a>'.repeat(64), 4096).length).toBe(128);
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
  const expectOnlyCatReportError = async (bytes: Uint8Array) => {
    try {
      await parseReport(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(CatReportError);
      // The safety net in parseReport keeps a cause: none may be needed.
      expect((error as CatReportError).cause).toBeUndefined();
    }
  };

  it('random byte strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), (bytes) => expectOnlyCatReportError(bytes)),
      { numRuns: 2000 },
    );
  });

  it('random text made of report-like tokens', async () => {
    const token = fc.constantFrom(
      '<',
      '>',
      '/',
      '"',
      '=',
      ';',
      '\r\n',
      '<task name="analyse">',
      '<file name="a">',
      '</file>',
      '<analyse>',
      '<total segments="1"/>',
      '100%',
      'Total',
      'File',
      'Words',
      'Segments',
      '1',
      '&amp;',
      '<!DOCTYPE',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 60 }), (tokens) => expectOnlyCatReportError(new TextEncoder().encode(tokens.join('')))),
      { numRuns: 2000 },
    );
  });

  it('samples with random bytes changed, inserted or removed', async () => {
    const files = allSamples()
      .filter((name) => !name.endsWith('.ts'))
      .map((name) => sample(name));
    await fc.assert(
      fc.asyncProperty(
        fc.nat(files.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'insert', 'delete')), { minLength: 1, maxLength: 5 }),
        (index, edits) => {
          let bytes = Array.from(files[index]!);
          for (const [at, value, kind] of edits) {
            const k = at % (bytes.length + 1);
            if (kind === 'set' && k < bytes.length) bytes[k] = value;
            else if (kind === 'insert') bytes = [...bytes.slice(0, k), value, ...bytes.slice(k)];
            else bytes = [...bytes.slice(0, k), ...bytes.slice(k + 1)];
          }
          return expectOnlyCatReportError(Uint8Array.from(bytes));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
