import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileTestApp, type FileTestContext } from '../files/helper.js';
import { buildWorld, jobParams, newJob, newService, type World } from '../jobs/fixture.js';
import { CONFIGS, postReport, sample } from './helper.js';

/**
 * A fresh account imports every report format with its preset configurations, nothing mapped by
 * hand (docs/cat-configurations.md#presets). Sample reports of test/fixtures/cat; the figures are the
 * words of test/fixtures/cat/expected.json summed per preset category.
 */
let t: FileTestContext;
let w: World;
let service: string;
let presets: Record<string, string>;

beforeAll(async () => {
  t = await createFileTestApp('db');
  w = await buildWorld(t);
  service = await newService(t.api, 'Translation out of the box');
  const list = (await t.api.get(CONFIGS)).body as Array<{ id: string; catTool: { id: string } }>;
  presets = Object.fromEntries(list.map((c) => [c.catTool.id, c.id]));
});
afterAll(() => t.close());

const CATEGORIES = ['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%', '50-74%', 'No match'];

async function importInto(report: string, tool: string, fields: Record<string, string> = {}) {
  const { id } = await newJob(t.api, jobParams(w, service));
  const reply = await postReport(
    t,
    `/v2/jobs/${id}/cat-analysis`,
    { name: report.split('/')[1]!, content: sample(report) },
    {
      catConfiguration: presets[tool]!,
      ...fields,
    },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { quantity: { value: number; matches: Array<{ name: string; value: number }> } };
}

const values = (body: Awaited<ReturnType<typeof importInto>>) => body.quantity.matches.map((m) => [m.name, m.value]);

describe('a fresh account imports CAT reports with its presets', () => {
  it('memoQ "all information" CSV (X-translated and fragments included)', async () => {
    const body = await importInto('memoq-csv/memoq-all-info-utf16le.csv', 'memoq', { targetLanguage: 'en-GB' });
    // xTranslated 5 + contextMatch 40; noMatch 149 + fragments 3.
    expect(values(body)).toEqual([45, 8, 23, 9, 7, 6, 14, 152].map((value, i) => [CATEGORIES[i], value]));
    expect(body.quantity.value).toBe(264);
  });

  it('memoQ Trados-compatible CSV', async () => {
    const body = await importInto('trados-csv/memoq-trados-compatible-utf16le.csv', 'memoq');
    expect(values(body)).toEqual([9, 7, 4, 3, 0, 0, 17, 8].map((value, i) => [CATEGORIES[i], value]));
  });

  it('Phrase CSV', async () => {
    const body = await importInto('phrase-csv/phrase-characters-utf8.csv', 'phrase', { targetLanguage: 'pl' });
    expect(values(body)).toEqual([0, 0, 1, 2, 3, 2, 4, 5].map((value, i) => [CATEGORIES[i], value]));
    const single = await importInto('phrase-csv/phrase-tab-utf16be.csv', 'phrase');
    expect(values(single)).toEqual([0, 0, 11, 0, 0, 0, 0, 64].map((value, i) => [CATEGORIES[i], value]));
  });

  it('Trados Studio XML', async () => {
    const body = await importInto('trados-xml/studio-fr-FR-utf8.xml', 'trados');
    // perfect 2 + inContextExact 20; repeated 9 + crossFileRepeated 4; exact 30 + locked 11; fuzzy + internal fuzzy; new 160 + 3 + 2.
    expect(values(body)).toEqual([22, 13, 41, 14, 20, 7, 7, 165].map((value, i) => [CATEGORIES[i], value]));
  });
});
