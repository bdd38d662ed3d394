import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { MAX_IMPORT_BYTES } from '../../../src/modules/imports/index.js';
import { sendCsv, sendMultipart } from './fixture.js';

/** What every import refuses as a whole (docs/imports.md#the-file), and the samples of docs/samples/. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const clientCount = async () => (await t.api.get('/v2/clients')).body.totalItems as number;

describe('malformed files change nothing and get a clear 4xx', () => {
  it('refuses UTF-16, with or without a byte order mark, saying so', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\r\nUtf Sixteen\r\n', 'utf16le')]);
    const reply = await sendCsv(t, 'clients', utf16);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'body_invalid', message: expect.stringContaining('UTF-16') });
    const bare = await sendCsv(t, 'clients', Buffer.from('name\r\nUtf Sixteen\r\n', 'utf16le'));
    expectError(bare, 400, 'body_invalid');
    expect(bare.body.message).toContain('UTF-16');
    expect(await clientCount()).toBe(0);
  });

  it('refuses bytes that are not UTF-8 (a Latin-1 file), naming the line', async () => {
    const latin1 = Buffer.from('name\nCaf\xe9 de Paris\n', 'latin1');
    const reply = await sendCsv(t, 'clients', latin1);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'body_invalid', message: expect.stringContaining('not valid UTF-8 (first bad byte on line 2)') });
  });

  it('refuses an empty file, ragged rows and a broken quote', async () => {
    expect((await sendCsv(t, 'clients', '')).status).toBe(400);
    const ragged = await sendCsv(t, 'clients', 'name,email\nA,a@x.example,extra\n');
    expect(ragged.body).toMatchObject({ code: 'body_invalid', message: expect.stringContaining('line 2') });
    expectError(await sendCsv(t, 'clients', 'name\n"Unclosed\n'), 400, 'body_invalid');
  });

  it('names unknown and missing columns', async () => {
    const unknown = await sendCsv(t, 'clients', 'name,emial\nA,a@x.example\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'parameter_unknown', details: [{ param: 'emial', message: expect.stringContaining('not a column') }] });
    const missing = await sendCsv(t, 'clients', 'email\na@x.example\n');
    expect(missing.body).toMatchObject({ code: 'parameter_missing', message: 'Missing required column: name' });
  });

  it('refuses a million rows early, without a write', async () => {
    // Early: the rows past the limit are not even parsed (the broken last one would be a 400 of its own).
    const reply = await sendCsv(t, 'clients', `name\n${'x\n'.repeat(1_000_000)}"Unclosed\n`);
    expectError(reply, 400, 'body_invalid');
    expect(reply.body.message).toContain('more than 10000 rows');
    expect(await clientCount()).toBe(0);
  });

  it('answers 413 with the error body past the size limit', async () => {
    const reply = await sendCsv(t, 'clients', `name,details\n${`Big,${'y'.repeat(1000)}\n`.repeat(Math.ceil(MAX_IMPORT_BYTES / 1000) + 10)}`);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ code: 'payload_too_large', name: 'PayloadTooLarge' });
  });

  it('refuses cells a spreadsheet would run as formulas, with row and column; phone numbers and negative numbers pass', async () => {
    const csv = [
      'name,details,phone',
      `"=cmd|' /C calc'!A0",,`,
      'Formula Two,@SUM(A1:A2),',
      'Formula Three,,+cmd',
      'Formula Four,-cmd,',
      'Fine Co,-12.5,+44 20 7946 0958',
    ].join('\n');
    const reply = await sendCsv(t, 'clients', csv, { dryRun: true });
    expect(reply.status).toBe(200);
    expect(reply.body.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [1, 'name'],
      [2, 'details'],
      [3, 'phone'],
      [4, 'details'],
    ]);
    expect(reply.body.rows).toEqual([{ row: 5, action: 'create', label: 'Fine Co' }]);
    expectError(await sendCsv(t, 'clients', csv), 400, 'parameter_invalid');
    expect(await clientCount()).toBe(0);
  });

  it('refuses cells starting with the fullwidth ＝ ＋ － ＠ as it refuses the ASCII ones', async () => {
    const csv = [
      'name,details,phone',
      '"＝cmd|\' /C calc\'!A0",,',
      'Fullwidth Two,＠SUM(A1:A2),',
      'Fullwidth Three,,＋cmd',
      'Fullwidth Four,－cmd,',
      'Fine Co,－12.5,＋44 20 7946 0958',
    ].join('\n');
    const reply = await sendCsv(t, 'clients', csv, { dryRun: true });
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toEqual([
      { row: 1, column: 'name', message: 'starts like a spreadsheet formula (=, @, + or - before text, or their fullwidth forms): not imported' },
      { row: 2, column: 'details', message: 'starts like a spreadsheet formula (=, @, + or - before text, or their fullwidth forms): not imported' },
      { row: 3, column: 'phone', message: 'starts like a spreadsheet formula (=, @, + or - before text, or their fullwidth forms): not imported' },
      { row: 4, column: 'details', message: 'starts like a spreadsheet formula (=, @, + or - before text, or their fullwidth forms): not imported' },
    ]);
    expect(reply.body.rows).toEqual([{ row: 5, action: 'create', label: 'Fine Co' }]);
    expectError(await sendCsv(t, 'clients', csv), 400, 'parameter_invalid');
    expect(await clientCount()).toBe(0);
  });

  it('answers 415 to a JSON body and 400 to a multipart body without a file', async () => {
    const json = await t.api.post('/v2/imports/clients', { name: 'Json' }, { json: true });
    expectError(json, 415, 'unsupported_media_type');
    const boundary = 'b0undary';
    const raw = await t.app.inject({
      method: 'POST',
      url: '/v2/imports/clients',
      headers: {
        authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(raw.statusCode).toBe(400);
    expect(JSON.parse(raw.body)).toMatchObject({ code: 'parameter_missing', details: [{ param: 'file' }] });
  });
});

describe('the samples of docs/samples/ import cleanly', () => {
  const sample = (name: string) => readFileSync(new URL(`../../../docs/samples/${name}.csv`, import.meta.url));

  it('clients and suppliers (dry run, then for real), then contacts and prices (dry run)', async () => {
    for (const name of ['clients', 'suppliers']) {
      const dry = await sendCsv(t, name, sample(name), { dryRun: true });
      expect(dry.body.errors, name).toEqual([]);
      expect((await sendCsv(t, name, sample(name))).status).toBe(200);
    }
    // The prices sample names a domain and a language pair the account must have first (docs/imports.md#prices).
    await t.api.post('/v2/account/domains', { name: 'Legal' });
    await t.api.post('/v2/account/language-pairs', { source: 'en', target: 'fr' });
    for (const name of ['contacts', 'prices']) {
      const dry = await sendMultipart(t, name, sample(name).toString('utf8'), true);
      expect(dry.status, name).toBe(200);
      expect(dry.body.errors, name).toEqual([]);
      expect(dry.body.rows.length, name).toBeGreaterThan(0);
    }
  });
});
