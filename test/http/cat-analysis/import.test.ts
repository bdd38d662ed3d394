import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError } from '../../helper.js';
import { bandReport, largeTradosReport, PHRASE_BANDS, utf8, type Triple } from '../../unit/cat-fixtures.js';
import { PHRASE_MAPPING, TRADOS_MAPPING, newConfiguration, postReport, sample, snapshot } from './helper.js';
import { createFileTestApp, uploadFile, type FileTestContext } from '../files/helper.js';
import { ACCOUNT_CLIENT_PRICES, ACCOUNT_SUPPLIER_PRICES, buildWorld, jobParams, newJob, newPrice, newService, type World } from '../jobs/fixture.js';

/** POST /v2/jobs/:id/cat-analysis and …/outsourcing/:outsourcingId/cat-analysis, with the repository's sample reports. */
let t: FileTestContext;
let w: World;
let service: string;
let trados: string;
const TRADOS = { name: 'analysis.xml', content: sample('trados-xml/studio-fr-FR-utf8.xml') };
/** Two languages (pl, de-DE), characters under every band. */
const PHRASE = { name: 'multi.csv', content: sample('phrase-csv/phrase-characters-utf8.csv') };
const url = (jobId: string) => `/v2/jobs/${jobId}/cat-analysis`;

beforeAll(async () => {
  t = await createFileTestApp('db');
  w = await buildWorld(t);
  service = await newService(t.api, 'CAT');
  // Words at 0.1 with three match entries; the other categories take the full rate.
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [
    [w.match['100%']!, 0.03],
    [w.match.Repetitions!, 0.02],
    [w.match['95-99%']!, 0.05],
  ]);
  await newPrice(t.api, ACCOUNT_SUPPLIER_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.05 }, [[w.match['100%']!, 0.01]]);
  trados = await newConfiguration(t, w, 'trados', TRADOS_MAPPING, { name: 'Trados words' });
});
afterAll(() => t.close());

const job = (extra: Record<string, unknown> = {}) => newJob(t.api, jobParams(w, service, extra));

/** studio-fr-FR-utf8.xml, words (its batchTotal), summed per TRADOS_MAPPING category. */
const EXPECTED = [
  ['Context match', 22, 1, 0.1], // perfect 2 + inContextExact 20 (not in the price: full rate)
  ['Repetitions', 13, 0.2, 0.02], // repeated 9 + crossFileRepeated 4
  ['100%', 41, 0.3, 0.03], // exact 30 + locked 11
  ['95-99%', 14, 0.5, 0.05], // fuzzy9599 8 + internalFuzzy9599 6
  ['85-94%', 20, 1, 0.1], // 15 + 5
  ['75-84%', 7, 1, 0.1], // 7 + 0
  ['50-74%', 7, 1, 0.1], // 6 + 1
  ['No match', 165, 1, 0.1], // new 160 + newBaseline 3 + newLearnings 2
] as const;

async function expectUnchanged(jobId: string, before: Awaited<ReturnType<typeof snapshot>>) {
  expect(await snapshot(t, jobId)).toEqual(before);
}

describe('POST /v2/jobs/:id/cat-analysis', () => {
  it('imports the Trados report: categories in mapping order, rates from the price, total, unit, stored file', async () => {
    const { id } = await job();
    const reply = await postReport(t, url(id), TRADOS, { catConfiguration: trados });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = reply.body;
    expect(body.quantity.matches).toEqual(EXPECTED.map(([name, value, percentage, unitCost]) => ({ id: w.match[name], name, value, percentage, unitCost })));
    expect(body.quantity).toMatchObject({ hasMatches: true, value: 289, unitCost: 0.1 });
    expect(body.quantityType).toEqual({ id: w.unit.Words, name: 'Words' });
    // 13×0.02 + 41×0.03 + 14×0.05 + (22 + 20 + 7 + 7 + 165)×0.1 = 0.26 + 1.23 + 0.7 + 22.1
    expect(body.estimation.details.subtotal).toBe(24.29);
    expect(body.estimation.total).toBe(24.29);
    expect(body.files).toEqual([expect.objectContaining({ name: 'analysis.xml', size: TRADOS.content.length })]);
    expect(body.quantity.catFile).toEqual({ fileIds: [body.files[0].id] });
    const read = (await t.api.get(`/v2/jobs/${id}`)).body;
    expect(read.quantity.matches).toEqual(body.quantity.matches);
    expect(read.quantity.catFile).toEqual({ fileIds: [body.files[0].id] });
  });

  it('converts exactly with the factor into the destination unit (which takes its own price)', async () => {
    const { id } = await job();
    const pages = await newConfiguration(t, w, 'trados', TRADOS_MAPPING, { factor: 0.004, unit: 'Pages' });
    const reply = await postReport(t, url(id), TRADOS, { catConfiguration: pages });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.quantityType).toEqual({ id: w.unit.Pages, name: 'Pages' });
    expect(reply.body.quantity.matches.map((m: { value: number }) => m.value)).toEqual([0.088, 0.052, 0.164, 0.056, 0.08, 0.028, 0.028, 0.66]);
    expect(reply.body.quantity.value).toBe(1.156);
    expect(reply.body.quantity.unitCost).toBe(0);
  });

  it('reads characters when the configuration says so', async () => {
    const { id } = await job();
    const characters = await newConfiguration(t, w, 'trados', TRADOS_MAPPING, { source: 'characters', unit: 'Characters' });
    const reply = await postReport(t, url(id), TRADOS, { catConfiguration: characters });
    expect(reply.status).toBe(200);
    expect(reply.body.quantity.value).toBe(1634);
  });

  it('reads the characters of a Phrase CSV that has them under every band', async () => {
    const { id } = await job();
    const characters = await newConfiguration(t, w, 'phrase', PHRASE_MAPPING, { source: 'characters', unit: 'Characters' });
    const reply = await postReport(t, url(id), PHRASE, { catConfiguration: characters, targetLanguage: 'pl' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    // pl: exact 6, fuzzy9599 11, fuzzy8594 12, fuzzy7584 9, fuzzy5074 17, noMatch 27 characters
    expect(reply.body.quantity.matches.map((m: { value: number }) => m.value)).toEqual([0, 0, 6, 11, 12, 9, 17, 27]);
    expect(reply.body.quantity.value).toBe(82);
    expect(reply.body.quantityType).toEqual({ id: w.unit.Characters, name: 'Characters' });
  });

  it("uses the client's catConfiguration by default; none: 400 parameter_missing", async () => {
    const client = (await t.api.post('/v2/clients', { name: 'Default CAT', catConfiguration: trados })).body.id;
    const { id } = await job({ client });
    const reply = await postReport(t, url(id), TRADOS);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.quantity.value).toBe(289);
    const plain = await job();
    const before = await snapshot(t, plain.id);
    expect(expectError(await postReport(t, url(plain.id), TRADOS), 400, 'parameter_missing').details![0]!.param).toBe('catConfiguration');
    await expectUnchanged(plain.id, before);
  });

  it('imports a file of the job by fileId (form or JSON body)', async () => {
    const { id } = await job();
    const file = (await uploadFile(t, `/v2/jobs/${id}`, 'report.xml', Buffer.from(TRADOS.content))).body;
    const reply = await t.api.post(url(id), { fileId: file.id, catConfiguration: trados });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.quantity.value).toBe(289);
    expect(reply.body.quantity.catFile).toEqual({ fileIds: [file.id] });
    expect(reply.body.files).toHaveLength(1);
    const json = await t.api.post(url(id), { fileId: file.id, catConfiguration: trados }, { json: true });
    expect(json.status).toBe(200);
  });

  describe('targetLanguage with the multilingual Phrase report (pl, de-DE)', () => {
    let phrase: string;
    let enPl: string;
    beforeAll(async () => {
      phrase = await newConfiguration(t, w, 'phrase', PHRASE_MAPPING);
      enPl = (await t.api.post('/v2/account/language-pairs', { source: 'en', target: 'pl' })).body.id;
    });

    it("is not needed when one language is the job's target", async () => {
      const { id } = await job({ languagePair: enPl });
      const reply = await postReport(t, url(id), PHRASE, { catConfiguration: phrase });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      // pl (two files): exact 1, fuzzy9599 2, fuzzy8594 3, fuzzy7584 2, fuzzy5074 4, noMatch 5
      expect(reply.body.quantity.matches.map((m: { value: number }) => m.value)).toEqual([0, 0, 1, 2, 3, 2, 4, 5]);
      expect(reply.body.quantity.value).toBe(17);
    });

    it('picks the language given', async () => {
      const { id } = await job({ languagePair: w.pair.enFr });
      const reply = await postReport(t, url(id), PHRASE, { catConfiguration: phrase, targetLanguage: 'DE_de' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.quantity.matches.map((m: { value: number }) => m.value)).toEqual([6, 1, 0, 0, 0, 0, 0, 12]);
    });

    it('is 400 listing the languages when needed and absent, or not in the report', async () => {
      const { id } = await job({ languagePair: w.pair.enFr });
      const before = await snapshot(t, id);
      const absent = expectError(await postReport(t, url(id), PHRASE, { catConfiguration: phrase }), 400, 'parameter_missing');
      expect(absent.message).toContain('pl, de-DE');
      const wrong = expectError(await postReport(t, url(id), PHRASE, { catConfiguration: phrase, targetLanguage: 'de' }), 400, 'parameter_invalid');
      expect(wrong.details).toEqual([{ param: 'targetLanguage', message: expect.stringContaining('pl, de-DE') }]);
      await expectUnchanged(id, before);
    });
  });

  describe('rejected imports change nothing', () => {
    let id: string;
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeAll(async () => {
      id = (await job()).id;
      expect((await postReport(t, url(id), TRADOS, { catConfiguration: trados })).status).toBe(200);
      before = await snapshot(t, id);
    });

    it('a non-zero tool match that no mapping names: 400 naming it', async () => {
      const partial = await newConfiguration(
        t,
        w,
        'trados',
        TRADOS_MAPPING.map(([c, m]) => [c, m.filter((x) => x !== 'locked')] as [string, string[]]),
      );
      const error = expectError(await postReport(t, url(id), TRADOS, { catConfiguration: partial }), 400, 'parameter_invalid');
      expect(error.message).toContain('"locked" (11 words)');
      await expectUnchanged(id, before);
    });

    it('a report of another tool than the configuration', async () => {
      const memoq = await newConfiguration(t, w, 'memoq', [['100%', ['exact']]]);
      expect(expectError(await postReport(t, url(id), TRADOS, { catConfiguration: memoq }), 400, 'parameter_invalid').details![0]!.param).toBe('file');
      await expectUnchanged(id, before);
    });

    it('characters from a report without them (Trados-compatible CSV)', async () => {
      const chars = await newConfiguration(t, w, 'phrase', PHRASE_MAPPING, { source: 'characters' });
      const reply = await postReport(t, url(id), { name: 'm.csv', content: sample('phrase-csv/phrase-tab-utf16be.csv') }, { catConfiguration: chars });
      expect(expectError(reply, 400, 'parameter_invalid').message).toContain('does not count characters');
      await expectUnchanged(id, before);
    });

    const xml = new TextDecoder().decode(TRADOS.content);
    it.each([
      ['garbage', new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 31 + 7) % 256))],
      ['a truncated report', utf8(xml.slice(0, Math.floor(xml.length / 2)))],
      ['an XML bomb', utf8('<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><task name="analyse">&b;</task>')],
      ['an empty file', new Uint8Array(0)],
    ])('hostile input: %s is 400 parameter_invalid, never a 5xx', async (_name, content) => {
      const blobs = await t.blobs();
      const reply = await postReport(t, url(id), { name: 'x.xml', content }, { catConfiguration: trados });
      expect(reply.status).toBeLessThan(500);
      expect(expectError(reply, 400, 'parameter_invalid').details![0]!.param).toBe('file');
      await expectUnchanged(id, before);
      expect(await t.blobs()).toBe(blobs);
    });

    it('a report past a bound of one report (more than 25 000 documents): 413, nothing stored', async () => {
      const phrase = await newConfiguration(t, w, 'phrase', PHRASE_MAPPING);
      const bands = PHRASE_BANDS.map(([label, match]) => ({ label, match, columns: ['Segments', 'Words', 'Characters', 'Percent'] }));
      const rows = Array.from({ length: 25_001 }, (_, k) => ({ file: `f${k}.txt | en>pl`, values: { noMatch: [1, 2, 9] as Triple } }));
      const blobs = await t.blobs();
      const reply = await postReport(t, url(id), { name: 'many.csv', content: bandReport(bands, rows) }, { catConfiguration: phrase });
      expect(expectError(reply, 413, 'payload_too_large').message).toMatch(/^file: The report lists more than 25000 documents/);
      await expectUnchanged(id, before);
      expect(await t.blobs()).toBe(blobs);
    });

    it('an account has at most two reports being read at once: one more import is 429 with Retry-After and changes nothing', async () => {
      const report = { name: 'big.xml', content: largeTradosReport(3000) };
      const jobs = [(await job()).id, (await job()).id, (await job()).id];
      const snapshots = await Promise.all(jobs.map((jobId) => snapshot(t, jobId)));
      const replies = await Promise.all(jobs.map((jobId) => postReport(t, url(jobId), report, { catConfiguration: trados })));
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 429]);
      const refused = replies.findIndex((reply) => reply.status === 429);
      expect(expectError(replies[refused]!, 429, 'rate_limited').message).toMatch(/already has 2 CAT analysis reports being read/);
      expect(replies[refused]!.headers['retry-after']).toBe('5');
      await expectUnchanged(jobs[refused], snapshots[refused]!);
    });

    it('parameters: foreign or unknown ids, both or neither source, unknown fields', async () => {
      const foreignConfig = (
        await t.otherApi.post('/v2/account/cat-configurations', {
          name: 'x',
          catTool: 'trados',
          conversionFactor: 1,
          destinationQuantityType: w.other.unit,
          sourceQuantityType: 'words',
        })
      ).body.id;
      expect(expectError(await postReport(t, url(id), TRADOS, { catConfiguration: foreignConfig }), 400, 'parameter_invalid').details![0]!.param).toBe(
        'catConfiguration',
      );
      expect(expectError(await postReport(t, url(id), TRADOS, { catConfiguration: MISSING_ID }), 400, 'parameter_invalid').details![0]!.param).toBe(
        'catConfiguration',
      );
      expectError(await postReport(t, url(id), TRADOS, { catConfiguration: 'nope' }), 400, 'parameter_invalid');
      const otherJob = (await job()).id;
      const otherFile = (await uploadFile(t, `/v2/jobs/${otherJob}`, 'r.xml', Buffer.from(TRADOS.content))).body.id;
      expect(expectError(await t.api.post(url(id), { fileId: otherFile, catConfiguration: trados }), 400, 'parameter_invalid').details![0]!.param).toBe(
        'fileId',
      );
      expect(expectError(await t.api.post(url(id), { fileId: MISSING_ID, catConfiguration: trados }), 400, 'parameter_invalid').details![0]!.param).toBe(
        'fileId',
      );
      const mine = (await uploadFile(t, `/v2/jobs/${otherJob}`, 'r2.xml', Buffer.from(TRADOS.content))).body.id;
      expectError(await postReport(t, url(id), TRADOS, { catConfiguration: trados, fileId: mine }), 400, 'parameter_invalid');
      expectError(await t.api.post(url(id), { catConfiguration: trados }), 400, 'parameter_missing');
      expectError(await postReport(t, url(id), TRADOS, { catConfiguration: trados, extra: '1' }), 400, 'parameter_unknown');
      expectError(await t.api.post(url(id), { fileId: otherFile, bogus: 1 }), 400, 'parameter_unknown');
      await expectUnchanged(id, before);
    });

    it('a job of another account or no job: 404 before the body is read', async () => {
      const foreign = (
        await t.otherApi.post('/v2/jobs', { name: 'x', client: w.other.client, quantity: 1, quantityType: w.other.unit, service: w.other.service })
      ).body.id;
      expectError(await postReport(t, url(foreign), TRADOS, { catConfiguration: trados }), 404, 'resource_missing');
      expectError(await postReport(t, url(MISSING_ID), TRADOS, { catConfiguration: trados }), 404, 'resource_missing');
      expectError(await postReport(t, url('nope'), TRADOS, { catConfiguration: trados }), 404, 'resource_missing');
      await expectUnchanged(id, before);
    });
  });
});

describe('POST /v2/jobs/:id/outsourcing/:outsourcingId/cat-analysis', () => {
  it("imports into the outsourcing with the supplier's price; the job's own quantity stays", async () => {
    const { id } = await job();
    const created = await t.api.post(`/v2/jobs/${id}/outsourcing`, { supplier: w.supplier.anna });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const outsourcingId = created.body.outsourcing[0].id;
    const reply = await postReport(t, `/v2/jobs/${id}/outsourcing/${outsourcingId}/cat-analysis`, TRADOS, { catConfiguration: trados });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const item = reply.body.outsourcing[0];
    expect(item.quantity.matches.map((m: { name: string; value: number; unitCost: number }) => [m.name, m.value, m.unitCost])).toEqual(
      EXPECTED.map(([name, value]) => [name, value, name === '100%' ? 0.01 : 0.05]),
    );
    expect(item.quantity).toMatchObject({ hasMatches: true, value: 289 });
    // 41×0.01 + (289 − 41)×0.05 = 0.41 + 12.4
    expect(item.total).toBe(12.81);
    expect(reply.body.quantity).toMatchObject({ hasMatches: false, value: 1000 });
    expect(reply.body.quantity.catFile).toEqual({ fileIds: [] });
    expect(reply.body.files).toHaveLength(1);
    expect(item.quantity.catFile).toEqual({ fileIds: [reply.body.files[0].id] });
  });

  it('an outsourcing of another job, or none: 404; the supplier has no default and the client neither: 400', async () => {
    const first = (await job()).id;
    const second = (await job()).id;
    const other = (await t.api.post(`/v2/jobs/${second}/outsourcing`, { supplier: w.supplier.bob })).body.outsourcing[0].id;
    expectError(await postReport(t, `/v2/jobs/${first}/outsourcing/${other}/cat-analysis`, TRADOS, { catConfiguration: trados }), 404, 'resource_missing');
    expectError(await postReport(t, `/v2/jobs/${first}/outsourcing/${MISSING_ID}/cat-analysis`, TRADOS, { catConfiguration: trados }), 404, 'resource_missing');
    const before = await snapshot(t, second);
    expectError(await postReport(t, `/v2/jobs/${second}/outsourcing/${other}/cat-analysis`, TRADOS), 400, 'parameter_missing');
    await expectUnchanged(second, before);
  });
});
