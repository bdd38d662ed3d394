import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CatReportError, parseReport } from '../../src/modules/cat-analysis/readers/index.js';
import { allSamples, sample, TRADOS_CSV_BANDS, tradosCsv, utf16be, utf16le, utf8 } from './cat-fixtures.js';

/** The CatReportError message parseReport throws (fails the test on success or any other error). */
async function rejection(bytes: Uint8Array, options?: Parameters<typeof parseReport>[1]): Promise<string> {
  try {
    await parseReport(bytes, options);
  } catch (error) {
    expect(error).toBeInstanceOf(CatReportError);
    expect((error as CatReportError).cause).toBeUndefined();
    return (error as Error).message;
  }
  throw new Error('expected a CatReportError');
}

const XML_HEAD = '<task name="analyse"><taskInfo><language lcid="1036" name="French (France)"/></taskInfo>';
const band = (name: string, s: number, w: number, c: number, extra = '') => `<${name}${extra} segments="${s}" words="${w}" characters="${c}"/>`;
const analyse = (inner: string) => `<analyse>${inner}</analyse>`;
const goodAnalyse = analyse(band('exact', 1, 10, 50) + band('new', 2, 20, 100) + band('fuzzy', 1, 5, 25, ' min="75" max="84"') + band('total', 4, 35, 175));
const xml = (files: string, batch = goodAnalyse) => `${XML_HEAD}${files}<batchTotal>${batch}</batchTotal></task>`;

describe('CAT report readers: hostile and broken input', () => {
  it('rejects an empty file and a file of white space', async () => {
    expect(await rejection(new Uint8Array())).toMatch(/empty/);
    expect(await rejection(utf8('  \r\n\t '))).toMatch(/only white space/);
    expect(await rejection(new Uint8Array([0xef, 0xbb, 0xbf]))).toMatch(/only white space/);
  });

  it('reads a small hand-made Trados XML (French, lcid 1036), with a UTF-8 BOM and an XML declaration', async () => {
    const text = '\ufeff<?xml version="1.0" encoding="utf-8"?>\n<!-- x -->' + xml(`<file name="a &amp; b.docx">${goodAnalyse}</file>`);
    const report = await parseReport(utf8(text));
    expect(report.languages[0]!.target).toBe('fr-FR');
    expect(report.languages[0]!.files[0]!.name).toBe('a & b.docx');
    expect(report.languages[0]!.counts.fuzzy7584).toEqual({ segments: 1, words: 5, characters: 25 });
    expect((await parseReport(utf16le(text))).languages[0]!.counts.exact!.words).toBe(10);
    expect((await parseReport(utf16be(text))).languages[0]!.counts.new!.characters).toBe(100);
  });

  it('cuts every sample at many points: always a CatReportError, and XML or UTF-16 cuts never pass', async () => {
    for (const name of allSamples().filter((n) => !n.endsWith('.ts'))) {
      const bytes = sample(name);
      const whole = await parseReport(bytes);
      const cuts = new Set<number>([1, 2, 3, 17, 64, 65]);
      for (let k = 1; k < 40; k++) cuts.add(Math.floor((bytes.length * k) / 40));
      for (const cut of cuts) {
        if (cut >= bytes.length) continue;
        let result: Awaited<ReturnType<typeof parseReport>>;
        try {
          result = await parseReport(bytes.subarray(0, cut));
        } catch (error) {
          expect(error, `${name} cut at ${cut}`).toBeInstanceOf(CatReportError);
          continue;
        }
        // Only a CSV cut right at a row end (or inside an unread trailing column) can still be read.
        // What it reads is the start of the whole report: the same tool and format, and its
        // documents the first ones of the whole report's, in order.
        expect(name.endsWith('.xml'), `${name} cut at ${cut} was accepted`).toBe(false);
        expect({ catTool: result.catTool, format: result.format }, `${name} cut at ${cut}`).toEqual({ catTool: whole.catTool, format: whole.format });
        const fileNames = (report: typeof whole) => report.languages.flatMap((language) => language.files.map((file) => file.name));
        expect(fileNames(result), `${name} cut at ${cut}`).toEqual(fileNames(whole).slice(0, fileNames(result).length));
      }
    }
    const xml = sample('trados-xml/studio-fr-FR-utf8.xml');
    expect(await rejection(xml.subarray(0, Math.floor(xml.length / 2)))).toMatch(/truncated/);
    const memoq = sample('memoq-csv/memoq-all-info-utf16le.csv');
    expect(await rejection(memoq.subarray(0, 2001))).toMatch(/odd number of bytes.*truncated/);
    // Cut in the middle of row 3 (the first document), at a character boundary.
    const text = new TextDecoder('utf-16le').decode(memoq.subarray(2));
    const row3 = text.split('\r\n')[2]!;
    const cut = 2 + 2 * (text.indexOf(row3) + Math.floor(row3.length / 2));
    expect(await rejection(memoq.subarray(0, cut))).toMatch(/Row 3 .*ends after \d+ cells/);
  });

  it('rejects UTF-16 without a BOM and Latin-1 bytes, naming the byte', async () => {
    const text = new TextDecoder('utf-16le').decode(sample('trados-csv/memoq-trados-compatible-utf16le.csv').subarray(2));
    expect(await rejection(utf16le(text, false))).toMatch(/NUL byte at byte 2: it looks like UTF-16 without a byte-order mark/);
    const latin1 = Buffer.from(
      tradosCsv([
        {
          file: 'Übersicht.docx | de>fr',
          bands: [
            [0, 0],
            [1, 2],
          ],
        },
      ]),
      'latin1',
    );
    expect(await rejection(new Uint8Array(latin1))).toMatch(/not valid UTF-8 \(invalid byte 0xdc at byte \d+; Latin-1/);
    expect(await rejection(new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]))).toMatch(/not valid UTF-16/);
  });

  it('rejects a CSV with a missing band, an unknown band, a missing unit or a missing File column', async () => {
    const rows = [
      {
        file: 'a.txt | en>de',
        bands: [
          [0, 0],
          [1, 2],
        ] as Array<[number, number]>,
      },
    ];
    const without = TRADOS_CSV_BANDS.filter((b) => b !== 'Repetitions');
    expect(await rejection(utf8(tradosCsv(rows, { bands: without })))).toMatch(/Header row 1 has no "Repetitions" band/);
    const unknown = TRADOS_CSV_BANDS.map((b) => (b === '85% - 94%' ? '80% - 94%' : b));
    expect(await rejection(utf8(tradosCsv(rows, { bands: unknown })))).toMatch(/Header row 1, column 20: unknown band "80% - 94%"/);
    const text = tradosCsv(rows);
    expect(await rejection(utf8(text.replace('Segments; Words;Placeables;Percent;Segments', 'Segments;Wörter;Placeables;Percent;Segments')))).toMatch(
      /no "Words" column under the band "Context TM"/,
    );
    expect(await rejection(utf8(text.replace('File;', 'Datei;')))).toMatch(/no "File" column/);
    expect(await rejection(utf8(text.split('\r\n')[0]! + '\r\n'))).toMatch(/second header row/);
    expect(await rejection(utf8(text.split('\r\n').slice(0, 2).join('\r\n')))).toMatch(/no data row/);
  });

  it('rejects bands that do not add up to the Total, naming the row and file', async () => {
    const text = tradosCsv([
      { file: 'ok.txt | en>de', bands: [[1, 1]] },
      {
        file: 'bad.txt | en>de',
        bands: [
          [0, 0],
          [2, 7],
        ],
        total: [2, 8],
      },
    ]);
    expect(await rejection(utf8(text))).toBe('Row 4 ("bad.txt | en>de"): the bands add up to 7 words but "Total" says 8.');
    const memoq = new TextDecoder('utf-16le').decode(sample('memoq-csv/memoq-all-info-utf16le.csv').subarray(2));
    expect(memoq).toContain(';25;214;1175;0;0;0;0;0\r\n');
    expect(await rejection(utf16le(memoq.replace(';25;214;1175;0;0;0;0;0\r\n', ';25;214;1176;0;0;0;0;0\r\n')))).toMatch(
      /Row 3 .*add up to 1175 characters but "Total" says 1176/,
    );
    const trados = xml(`<file name="a">${analyse(band('exact', 1, 10, 50) + band('total', 1, 11, 50))}</file>`);
    expect(await rejection(utf8(trados))).toMatch(/In file "a" \(line 1\), the bands add up to 10 words but <total> says 11/);
  });

  it('refuses an unknown language name that is a payload, not a name', async () => {
    const long = xml(`<file name="a">${goodAnalyse}</file>`).replace('lcid="1036" name="French (France)"', `lcid="9" name="${'x'.repeat(5000)}"`);
    expect(await rejection(utf8(long))).toMatch(
      /^<language> \(line 1\) names an unknown language of 5000 characters \("x+… \(5000 characters\)"\); at most 100 are accepted\.$/,
    );
    const kept = xml(`<file name="a">${goodAnalyse}</file>`).replace('lcid="1036" name="French (France)"', 'lcid="9" name="Klingon"');
    expect((await parseReport(utf8(kept))).languages[0]!.target).toBe('Klingon');
  });

  it('rejects a batchTotal that disagrees with the sum of the files', async () => {
    const other = analyse(band('exact', 1, 10, 50) + band('new', 2, 21, 100) + band('fuzzy', 1, 4, 25, ' min="75" max="84"') + band('total', 4, 35, 175));
    expect(await rejection(utf8(xml(`<file name="a">${goodAnalyse}</file>`, other)))).toMatch(
      /files' new bands add up to 20 words but the <batchTotal> says 21/,
    );
    expect(await rejection(utf8(`${XML_HEAD}<file name="a">${goodAnalyse}</file></task>`))).toMatch(/no <batchTotal>/);
  });

  it('rejects Trados XML that is not an analysis or has odd bands', async () => {
    expect(await rejection(utf8('<task name="translate"/>'))).toMatch(/root element is <task name="translate">/);
    expect(await rejection(utf8('<html><body/></html>'))).toMatch(/root element is <html>/);
    const custom = analyse(band('fuzzy', 1, 5, 25, ' min="70" max="84"') + band('total', 1, 5, 25));
    expect(await rejection(utf8(xml(`<file name="a">${custom}</file>`, custom)))).toMatch(/<fuzzy min="70" max="84"> \(line 1\) is not one of the fuzzy bands/);
    const unknown = analyse(band('machineTranslation', 1, 5, 25) + band('total', 1, 5, 25));
    expect(await rejection(utf8(xml(`<file name="a">${unknown}</file>`, unknown)))).toMatch(/<machineTranslation> .* is not a Trados Studio analysis band/);
    const noWords = analyse('<exact segments="1" characters="5"/>' + band('total', 1, 5, 5));
    expect(await rejection(utf8(xml(`<file name="a">${noWords}</file>`, noWords)))).toMatch(/<exact> \(line 1\) has no words attribute/);
    const bad = analyse(band('exact', 1, 5, 5).replace('"5"', '"5.5"') + band('total', 1, 5, 5));
    expect(await rejection(utf8(xml(`<file name="a">${bad}</file>`, bad)))).toMatch(/words="5.5", not a whole number/);
    expect(await rejection(utf8(xml('')))).toMatch(/no <file> element/);
    expect(await rejection(utf8('<task name="analyse"></task>'))).toMatch(/no <taskInfo><language>/);
    expect(await rejection(utf8('<task name="analyse"><file name="a"></task>'))).toMatch(
      /XML line 1, column \d+: a closing tag does not match the element it closes/,
    );
    expect(await rejection(utf8('<task name="analyse"><file></file></task>'))).toMatch(/<file> number 1 \(line 1\) has no name attribute/);
  });

  it('never expands or fetches entities: external entity and billion laughs are refused', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE task [<!ENTITY e SYSTEM "file:///etc/passwd">]>` + xml(`<file name="&e;">${goodAnalyse}</file>`);
    const message = await rejection(utf8(xxe));
    expect(message).toMatch(/DOCTYPE and entity declarations are not accepted/);
    expect(message).not.toMatch(/root:/);
    // 10^30 "lol"s if expanded: no machine could, so an answer at all means nothing was expanded.
    let lol = '<!ENTITY lol0 "lol">';
    for (let k = 1; k <= 30; k++) lol += `<!ENTITY lol${k} "${`&lol${k - 1};`.repeat(10)}">`;
    const bomb = `<?xml version="1.0"?><!DOCTYPE task [${lol}]>` + xml(`<file name="&lol30;">${goodAnalyse}</file>`);
    expect(await rejection(utf8(bomb))).toMatch(/DOCTYPE/);
    // Without a DOCTYPE, an entity reference is an error too, never looked up.
    expect(await rejection(utf8(xml(`<file name="&e;">${goodAnalyse}</file>`)))).toMatch(/XML line 1, column \d+: an undeclared entity/);
  });

  it('rejects 50 MB of random bytes from their first bytes, decoding no more than the sniffed head', async () => {
    const noise = new Uint8Array(randomBytes(50 * 1024 * 1024));
    const bom16 = noise.slice();
    bom16.set([0xff, 0xfe], 0);
    const bom8 = noise.slice();
    bom8.set([0xef, 0xbb, 0xbf], 0);
    const ascii = new Uint8Array(50 * 1024 * 1024).fill(0x41);
    // What it costs is the bytes it reads, not a time on this machine: every decode is counted.
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      for (const bytes of [noise, bom16, bom8, ascii]) {
        decode.mockClear();
        await expect(parseReport(bytes)).rejects.toThrow(CatReportError);
        const decoded = decode.mock.calls.reduce((total, [input]) => total + ((input as ArrayBufferView | undefined)?.byteLength ?? 0), 0);
        expect(decoded).toBeLessThanOrEqual(1024 * 1024);
      }
    } finally {
      decode.mockRestore();
    }
  });

  it('detects comma and tab delimiters, quoted cells and decimal commas', async () => {
    const rows = [
      {
        file: 'a, "b".txt | en_us>de_de',
        bands: [
          [1, 2],
          [0, 0],
          [3, 4],
        ] as Array<[number, number]>,
      },
    ];
    for (const delimiter of [',', '\t', ';']) {
      const report = await parseReport(utf8(tradosCsv(rows, { delimiter, ratio: '7,68' })));
      expect(report.languages[0]!.target).toBe('de-DE');
      expect(report.languages[0]!.files[0]!.name).toBe('a, "b".txt');
      expect(report.languages[0]!.counts.contextMatch).toEqual({ segments: 1, words: 2, characters: 0 });
      expect(report.languages[0]!.counts.exact).toEqual({ segments: 3, words: 4, characters: 0 });
    }
  });

  it('rejects a count that is not a whole number, naming row and column', async () => {
    const text = tradosCsv([{ file: 'a.txt | en>de', bands: [[1, 2]] }]).replace(/\r\n"?a\.txt \| en>de"?;0;5.5;1;2;/, '\r\na.txt | en>de;0;5.5;1;2,5;');
    expect(await rejection(utf8(text))).toMatch(/Row 3 \("a.txt \| en>de"\), column 5: "Context TM" Words is "2,5", not a whole number/);
  });

  it('drops a final "Total" summary row that equals the sum, and rejects one that does not', async () => {
    const rows = [
      { file: 'a.txt', bands: [[1, 2]] as Array<[number, number]> },
      { file: 'b.txt', bands: [[3, 4]] as Array<[number, number]> },
    ];
    const good = await parseReport(utf8(tradosCsv([...rows, { file: 'Total', bands: [[4, 6]] }])));
    expect(good.languages[0]!.files.map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    expect(good.languages[0]!.counts.contextMatch).toEqual({ segments: 4, words: 6, characters: 0 });
    expect(await rejection(utf8(tradosCsv([...rows, { file: 'Total', bands: [[4, 7]] }])))).toMatch(/Row 5 \("Total"\) looks like a summary row/);
  });

  it('rejects Phrase rows mixing cells with and without a language pair', async () => {
    const text = tradosCsv([
      { file: 'a.txt | en>de', bands: [[1, 2]] },
      { file: 'b.txt', bands: [[1, 2]] },
    ]);
    expect(await rejection(utf8(text))).toMatch(/Row 4 \("b.txt"\): the file cell has no "\| source>target" language pair/);
  });

  it('rejects text that is neither XML nor a known CSV header', async () => {
    expect(await rejection(utf8('hello world'))).toMatch(/neither XML nor a CSV report/);
    expect(await rejection(utf8('a;b;c\r\n1;2;3\r\n'))).toMatch(/Header row 1 holds no band names/);
    expect(await rejection(utf8('"unclosed;100%;Total\r\n'))).toMatch(/quoted cell is not closed|no delimiter/);
  });
});
