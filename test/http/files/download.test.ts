import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, uploadFile, type FileTestContext } from './helper.js';

describe.each(BACKENDS)('file downloads (%s storage)', (backend) => {
  let t: FileTestContext;
  let client: string;
  // Spans several 256 KiB chunks of the db backend, with a partial last one.
  const big = randomBytes(700 * 1024 + 123);
  let bigUrl: string;
  let textUrl: string;

  beforeAll(async () => {
    t = await createFileTestApp(backend);
    client = `/v2/clients/${(await t.api.post('/v2/clients', { name: 'Acme' })).body.id}`;
    bigUrl = `${client}/files/${(await uploadFile(t, client, 'big.bin', big)).body.id}/download`;
    textUrl = `${client}/files/${(await uploadFile(t, client, 'notes.txt', '0123456789')).body.id}/download`;
  });
  afterAll(() => t.close());

  it('streams the exact bytes with the download headers', async () => {
    const reply = await download(t, bigUrl);
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.equals(big)).toBe(true);
    expect(reply.headers['content-length']).toBe(String(big.length));
    expect(reply.headers['content-type']).toBe('application/octet-stream');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="big.bin"; filename*=UTF-8''big.bin`);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['accept-ranges']).toBe('bytes');
    expect(reply.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const get = await download(t, textUrl);
    const head = await download(t, textUrl, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-length', 'content-type', 'content-disposition', 'etag', 'accept-ranges']) expect(head.headers[name]).toBe(get.headers[name]);
  });

  it.each([
    ['bytes=2-5', 206, '2345', 'bytes 2-5/10'],
    ['bytes=7-', 206, '789', 'bytes 7-9/10'],
    ['bytes=-3', 206, '789', 'bytes 7-9/10'],
    ['bytes=5-100', 206, '56789', 'bytes 5-9/10'],
    ['bytes=-50', 206, '0123456789', 'bytes 0-9/10'],
    ['bytes=0-0', 206, '0', 'bytes 0-0/10'],
    ['bytes=0-1,4-5', 200, '0123456789', undefined],
    ['items=0-1', 200, '0123456789', undefined],
    ['bytes=5-2', 200, '0123456789', undefined],
  ])('answers Range %s with %i', async (range, status, body, contentRange) => {
    const reply = await download(t, textUrl, { range });
    expect(reply.statusCode).toBe(status);
    expect(reply.body).toBe(body);
    expect(reply.headers['content-length']).toBe(String(body.length));
    expect(reply.headers['content-range']).toBe(contentRange);
  });

  it.each(['bytes=10-', 'bytes=10-20', 'bytes=-0', 'bytes=99999999999999999999-'])(
    'answers 416 to the unsatisfiable %s, with the error body',
    async (range) => {
      const reply = await download(t, textUrl, { range });
      expect(reply.statusCode).toBe(416);
      expect(reply.headers['content-range']).toBe('bytes */10');
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(reply.body)).toMatchObject({
        name: 'RangeNotSatisfiable',
        code: 'range_not_satisfiable',
        message: `The range "${range}" selects no byte of the content (10 bytes)`,
      });
      const head = await download(t, textUrl, { range }, 'HEAD');
      expect(head.statusCode).toBe(416);
      expect(head.headers['content-range']).toBe('bytes */10');
      expect(head.body).toBe('');
    },
  );

  it('serves ranges across chunk boundaries exactly', async () => {
    for (const [start, end] of [
      [0, 262_143],
      [262_140, 262_150],
      [100_000, 600_000],
      [big.length - 5, big.length - 1],
    ] as const) {
      const reply = await download(t, bigUrl, { range: `bytes=${start}-${end}` });
      expect(reply.statusCode).toBe(206);
      expect(reply.rawPayload.equals(big.subarray(start, end + 1))).toBe(true);
      expect(reply.headers['content-range']).toBe(`bytes ${start}-${end}/${big.length}`);
    }
  });

  it('answers 304 to If-None-Match with the ETag, and ignores a Range whose If-Range differs', async () => {
    const etag = String((await download(t, textUrl)).headers.etag);
    const cached = await download(t, textUrl, { 'if-none-match': `"other", ${etag}` });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect((await download(t, textUrl, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await download(t, textUrl, { range: 'bytes=0-1', 'if-range': '"stale"' })).statusCode).toBe(200);
    expect((await download(t, textUrl, { range: 'bytes=0-1', 'if-range': etag })).statusCode).toBe(206);
  });

  it('downloads an empty file', async () => {
    const url = `${client}/files/${(await uploadFile(t, client, 'empty.txt', '')).body.id}/download`;
    const reply = await download(t, url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-length']).toBe('0');
    expect(reply.body).toBe('');
    const unsatisfiable = await download(t, url, { range: 'bytes=0-' });
    expect({ status: unsatisfiable.statusCode, code: unsatisfiable.json().code }).toEqual({ status: 416, code: 'range_not_satisfiable' });
  });

  it.each([
    ['page.html', 'application/octet-stream'],
    ['image.svg', 'application/octet-stream'],
    ['data.xml', 'application/octet-stream'],
    ['job.xliff', 'application/octet-stream'],
    ['script.js', 'application/octet-stream'],
    ['report.PDF', 'application/pdf'],
    ['table.csv', 'text/csv; charset=utf-8'],
    ['photo.jpg', 'image/jpeg'],
    ['noextension', 'application/octet-stream'],
  ])('serves %s as %s, always as an attachment', async (name, type) => {
    const id = (await uploadFile(t, client, name, '<script>alert(1)</script>')).body.id;
    const reply = await download(t, `${client}/files/${id}/download`);
    expect(reply.headers['content-type']).toBe(type);
    expect(String(reply.headers['content-disposition'])).toMatch(/^attachment; /);
  });

  it('builds Content-Disposition that no name can break (RFC 6266 / 5987)', async () => {
    const cases: Array<[string, string]> = [
      [
        'Übersetzung "final" 東京.docx',
        `attachment; filename="_bersetzung _final_ __.docx"; filename*=UTF-8''%C3%9Cbersetzung%20%22final%22%20%E6%9D%B1%E4%BA%AC.docx`,
      ],
      ["it's (v2) 100%;x.txt", `attachment; filename="it's (v2) 100_;x.txt"; filename*=UTF-8''it%27s%20%28v2%29%20100%25%3Bx.txt`],
    ];
    for (const [name, expected] of cases) {
      const id = (await uploadFile(t, client, name.replace(/"/g, '\\"'), 'x')).body.id;
      const reply = await download(t, `${client}/files/${id}/download`);
      expect(reply.headers['content-disposition']).toBe(expected);
    }
  });

  it('answers 404 for another client, another account, or an unknown file', async () => {
    const other = `/v2/clients/${(await t.api.post('/v2/clients', { name: 'Other' })).body.id}`;
    const fileId = bigUrl.split('/files/')[1]!.split('/')[0]!;
    expectError(await t.api.get(`${other}/files/${fileId}/download`), 404, 'resource_missing');
    expectError(await t.otherApi.get(bigUrl), 404, 'resource_missing');
    expectError(await t.api.get(`${client}/files/${MISSING_ID}/download`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/suppliers/${client.split('/')[3]}/files/${fileId}/download`), 404, 'resource_missing');
    expect((await download(t, `${other}/files/${fileId}/download`, {}, 'HEAD')).statusCode).toBe(404);
  });
});
