import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReport } from '../../../src/modules/cat-analysis/readers/index.js';
import { expectError } from '../../helper.js';
import { allSamples, sample, utf8 } from '../../unit/cat-fixtures.js';
import { postReport } from './helper.js';
import { createFileTestApp, upload, type FileTestContext } from '../files/helper.js';

/** POST /v2/cat-analysis/parse: every sample report, the parameters, hostile input. */
const PARSE = '/v2/cat-analysis/parse';
const LIMIT = 20_000;
let t: FileTestContext;
beforeAll(async () => {
  t = await createFileTestApp('db', { MAX_UPLOAD_BYTES: String(LIMIT) });
});
afterAll(() => t.close());

const FORMATS: Record<string, [string, string]> = {
  'memoq-csv': ['memoq', 'memoq-csv'],
  'phrase-csv': ['phrase', 'trados-csv'],
  'trados-csv': ['memoq', 'trados-csv'],
  'trados-xml': ['trados', 'trados-xml'],
};

describe('POST /v2/cat-analysis/parse', () => {
  it.each(allSamples())('parses %s as the reader does, storing nothing', async (name) => {
    const before = await t.blobs();
    const reply = await postReport(t, PARSE, { name: name.split('/')[1]!, content: sample(name) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [catTool, format] = FORMATS[name.split('/')[0]!]!;
    expect(reply.body).toMatchObject({ catTool, format });
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(await parseReport(sample(name)))));
    expect(reply.body.languages[0].counts).toHaveProperty(Object.keys(reply.body.languages[0].counts)[0]!, {
      segments: expect.any(Number),
      words: expect.any(Number),
      characters: expect.any(Number),
    });
    expect(await t.blobs()).toBe(before);
  });

  it('gives the Trados sample figures: target fr-FR, bands with their words', async () => {
    const reply = await postReport(t, PARSE, { name: 'a.xml', content: sample('trados-xml/studio-fr-FR-utf8.xml') });
    expect(reply.status).toBe(200);
    const [language] = reply.body.languages;
    expect(reply.body.languages).toHaveLength(1);
    expect(language.target).toBe('fr-FR');
    expect(language.files.map((f: { name: string }) => f.name)).toEqual(['Guide & FAQ.docx.sdlxliff', 'Price list.xlsx.sdlxliff']);
    expect(language.counts.exact).toEqual({ segments: 3, words: 30, characters: 170 });
    expect(language.counts.locked).toEqual({ segments: 2, words: 11, characters: 60 });
    expect(language.counts.new).toEqual({ segments: 15, words: 160, characters: 930 });
  });

  it('reads the characters of every band of a Phrase CSV whose Total orders its columns differently', async () => {
    const reply = await postReport(t, PARSE, { name: 'p.csv', content: sample('phrase-csv/phrase-characters-utf8.csv') });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.units).toEqual(['segments', 'words', 'characters']);
    const [pl, de] = reply.body.languages;
    expect(pl.target).toBe('pl');
    expect(pl.counts.noMatch).toEqual({ segments: 3, words: 5, characters: 27 });
    expect(pl.counts.fuzzy5074).toEqual({ segments: 1, words: 4, characters: 17 });
    expect(de.target).toBe('de-DE');
    expect(de.counts.contextMatch).toEqual({ segments: 2, words: 6, characters: 30 });
  });

  it('splits a report per target language', async () => {
    const reply = await postReport(t, PARSE, { name: 'p.csv', content: sample('memoq-csv/memoq-all-info-utf16le.csv') });
    expect(reply.status).toBe(200);
    expect(reply.body.languages.map((l: { target: string }) => l.target)).toEqual(['en-GB', 'de-DE']);
  });

  it('takes catTool: a Trados-compatible CSV read for Phrase; a tool that does not fit the format is 400', async () => {
    const phrase = await postReport(t, PARSE, { name: 'm.csv', content: sample('trados-csv/memoq-trados-compatible-utf16le.csv') }, { catTool: 'phrase' });
    expect(phrase.status).toBe(200);
    expect(phrase.body.catTool).toBe('phrase');
    const wrong = await postReport(t, PARSE, { name: 'm.csv', content: sample('trados-csv/memoq-trados-compatible-utf16le.csv') }, { catTool: 'trados' });
    expect(expectError(wrong, 400, 'parameter_invalid').details).toEqual([{ param: 'file', message: expect.stringContaining('Trados Studio') }]);
  });

  it('rejects an unknown catTool and unknown fields', async () => {
    const file = { name: 'a.xml', content: sample('trados-xml/studio-de-CH-utf8-bom.xml') };
    expect(expectError(await postReport(t, PARSE, file, { catTool: 'wordfast' }), 400, 'parameter_invalid').details![0]!.param).toBe('catTool');
    expect(expectError(await postReport(t, PARSE, file, { other: 'x' }), 400, 'parameter_unknown').message).toContain('other');
  });

  it('answers 400 parameter_missing without a file, 415 for a form body, 400 for a text field named file', async () => {
    expectError(await postReport(t, PARSE, null, { catTool: 'trados' }), 400, 'parameter_missing');
    expectError(await t.api.request('POST', PARSE), 400, 'parameter_missing');
    expectError(await t.api.post(PARSE, { catTool: 'trados' }), 415, 'unsupported_media_type');
    expectError(await upload(t, PARSE, [{ name: 'file', content: 'just text' }]), 400, 'parameter_invalid');
  });

  it('answers 413 over MAX_UPLOAD_BYTES', async () => {
    const reply = await postReport(t, PARSE, { name: 'big.xml', content: '<task>' + ' '.repeat(LIMIT + 10) });
    expectError(reply, 413, 'payload_too_large');
  });

  const xml = new TextDecoder().decode(sample('trados-xml/studio-fr-FR-utf8.xml'));
  const hostile: Array<[string, Uint8Array]> = [
    ['random bytes', new Uint8Array(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256))],
    ['an empty file', new Uint8Array(0)],
    ['plain text', utf8('hello, this is not a report\n')],
    ['a truncated Trados report', utf8(xml.slice(0, Math.floor(xml.length * 0.6)))],
    ['a Trados report cut before batchTotal', utf8(xml.slice(0, xml.indexOf('<batchTotal>')))],
    [
      'an XML bomb',
      utf8(
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><task name="analyse">&lol2;</task>',
      ),
    ],
    ['an external entity', utf8('<?xml version="1.0"?><!DOCTYPE task [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><task name="analyse">&xxe;</task>')],
    ['deeply nested XML', utf8('<task name="analyse">' + '<a>'.repeat(2000) + '</a>'.repeat(2000) + '</task>')],
    ['a check sum that does not add up', utf8(xml.replace('<exact words="30"', '<exact words="31"'))],
    ['Latin-1 text', new Uint8Array([0x3b, 0x3b, 0x43, 0x6f, 0x6e, 0x74, 0x65, 0x78, 0x74, 0x20, 0x54, 0x4d, 0x0a, 0xe9, 0xe8, 0x0a])],
    ['UTF-16 without a byte-order mark', new Uint8Array(Buffer.from('File;Context TM\n', 'utf16le'))],
    ['a CSV with only a header', utf8(';;;Context TM;;;;Repetitions\n')],
  ];
  it.each(hostile)('rejects %s with 400 parameter_invalid naming file, never a 5xx', async (_name, content) => {
    const reply = await postReport(t, PARSE, { name: 'report', content });
    expect(reply.status).toBeLessThan(500);
    const error = expectError(reply, 400, 'parameter_invalid');
    expect(error.details![0]!.param).toBe('file');
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('rejects a cut multipart body with 400 body_invalid', async () => {
    const reply = await upload(t, PARSE, [{ name: 'file', filename: 'a.xml', content: 'abc' }], { close: false });
    expectError(reply, 400, 'body_invalid');
  });
});
