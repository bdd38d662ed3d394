import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Reply, type TestContext } from '../../helper.js';
import { basic, multipartBody, type Part } from '../files/helper.js';
import { GIF, jpeg, png } from './logo-images.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----transdeskBoundary7MA4YWxkTrZu0gW';

async function putLogo(content: Buffer | string, options: { apiKey?: string; filename?: string; type?: string; parts?: Part[] } = {}): Promise<Reply> {
  const parts = options.parts ?? [{ name: 'file', filename: options.filename ?? 'logo.bin', content, type: options.type }];
  const raw = await t.app.inject({
    method: 'PUT',
    url: '/v2/account/logo',
    headers: { authorization: basic(options.apiKey ?? t.account.apiKey), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody(parts),
  });
  const isJson = String(raw.headers['content-type'] ?? '').includes('json');
  return { status: raw.statusCode, body: isJson ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}

function getLogo(apiKey = t.account.apiKey) {
  return t.app.inject({ method: 'GET', url: '/v2/account/logo', headers: { authorization: basic(apiKey) } });
}

const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);

describe('PUT /v2/account/logo', () => {
  it('stores a PNG, whatever its name and declared type, and GET answers exactly its bytes', async () => {
    const image = png(120, 40);
    const reply = await putLogo(image, { filename: 'logo.svg', type: 'image/svg+xml' });
    expect(reply.status).toBe(200);
    expect(reply.body.logo).toEqual({ contentType: 'image/png', size: image.length, width: 120, height: 40, updatedAt: DATE });
    expect((await t.api.get('/v2/account')).body.logo).toEqual(reply.body.logo);
    const got = await getLogo();
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(image)).toBe(true);
    const events = (await t.api.get('/v2/events', { type: 'account.updated' })).body.items;
    expect(events[0].data.logo).toEqual(reply.body.logo);
  });

  it('replaces it with a JPEG', async () => {
    const image = jpeg(800, 600);
    const reply = await putLogo(image, { filename: 'logo.png', type: 'image/png' });
    expect(reply.status).toBe(200);
    expect(reply.body.logo).toMatchObject({ contentType: 'image/jpeg', size: image.length, width: 800, height: 600 });
    const got = await getLogo();
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.equals(image)).toBe(true);
  });

  it('stores an SVG sanitised: no script, event handler, outside reference or foreignObject; served with a CSP', async () => {
    const source =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg [<!ENTITY boom "x">]>\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="50" onload="alert(1)">' +
      '<script>alert(2)</script>' +
      '<style>@import url(https://evil.example/a.css); .a { fill: #c03 }</style>' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
      '<rect class="a" width="200" height="50" fill="url(#g)" onclick="steal()"/>' +
      '<image href="https://evil.example/track.png" width="1" height="1"/>' +
      '<use xlink:href="https://evil.example/x.svg#a"/><use xlink:href="#g"/>' +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>' +
      '<a href="javascript:alert(3)"><text x="10" y="30">Agency &amp; Co</text></a>' +
      '</svg>';
    const reply = await putLogo(source, { filename: 'logo.png', type: 'image/png' });
    expect(reply.status).toBe(200);
    expect(reply.body.logo).toMatchObject({ contentType: 'image/svg+xml', width: 200, height: 50 });
    const got = await getLogo();
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(got.headers['content-disposition']).toBe('inline');
    const stored = got.body;
    expect(Buffer.byteLength(stored)).toBe(reply.body.logo.size);
    for (const absent of [
      'script',
      'alert',
      'onload',
      'onclick',
      'steal',
      'evil.example',
      '@import',
      'foreignObject',
      'javascript',
      'DOCTYPE',
      'ENTITY',
      '<a ',
      'html',
    ]) {
      expect(stored).not.toContain(absent);
    }
    expect(stored).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(stored).toContain('<style>');
    expect(stored).toContain('.a { fill: #c03 }');
    expect(stored).toContain('fill="url(#g)"');
    expect(stored).toContain('<use xlink:href="#g"></use>');
    expect(stored).toContain('<text x="10" y="30">Agency &amp; Co</text>');
  });

  it('takes the size of an SVG from its viewBox when it has no width and height, and keeps embedded PNG', async () => {
    const embedded = `data:image/png;base64,${png(1, 1).toString('base64')}`;
    const reply = await putLogo(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><image href="${embedded}" width="300" height="100"/></svg>`);
    expect(reply.body.logo).toMatchObject({ contentType: 'image/svg+xml', width: 300, height: 100 });
    expect((await getLogo()).body).toContain(`href="${embedded}"`);
    const mm = await putLogo('<svg xmlns="http://www.w3.org/2000/svg" width="50.8mm" viewBox="0 0 2 1"></svg>');
    expect(mm.body.logo).toMatchObject({ width: 192, height: 96 });
  });

  it('refuses what is not a PNG, JPEG or SVG: 400 naming file, the logo unchanged', async () => {
    const before = (await t.api.get('/v2/account')).body.logo;
    for (const [content, message] of [
      [GIF, /PNG, JPEG or SVG/],
      [Buffer.from('%PDF-1.7\n'), /PNG, JPEG or SVG/],
      ['hello, not an image', /PNG, JPEG or SVG/],
      ['<html><body><svg width="1" height="1"></svg></body></html>', /PNG, JPEG or SVG/],
      [Buffer.from([0xff, 0xfe, 0x3c, 0x00]), /PNG, JPEG or SVG/],
      ['', /empty/],
      [png(10, 10).subarray(0, 12), /could not be read/],
      ['<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>', /width and a height or a viewBox/],
      ['<svg width="10" height="10"></svg><svg></svg>', /single <svg> element/],
    ] as Array<[Buffer | string, RegExp]>) {
      const error = expectError(await putLogo(content, { filename: 'logo.png', type: 'image/png' }), 400, 'parameter_invalid');
      expect(error.details).toEqual([{ param: 'file', message: expect.stringMatching(message) }]);
    }
    expect((await t.api.get('/v2/account')).body.logo).toEqual(before);
  });

  it('refuses an image over 4000 pixels on a side (400) and a file over 1 MB (413)', async () => {
    const wide = expectError(await putLogo(jpeg(4001, 10)), 400, 'parameter_invalid');
    expect(wide.details?.[0]).toEqual({ param: 'file', message: expect.stringMatching(/4001 × 10 pixels: at most 4000 × 4000/) });
    expectError(await putLogo(png(10, 4001)), 400, 'parameter_invalid');
    expect((await putLogo(jpeg(4000, 4000))).status).toBe(200);
    // 1 MB exactly is taken, one byte more is not.
    const padded = (size: number) => Buffer.concat([jpeg(10, 10), Buffer.alloc(size - jpeg(10, 10).length)]);
    expect((await putLogo(padded(1024 * 1024))).body.logo).toMatchObject({ size: 1024 * 1024, width: 10 });
    const tooLarge = await putLogo(padded(1024 * 1024 + 1));
    expectError(tooLarge, 413, 'payload_too_large');
    expect((await t.api.get('/v2/account')).body.logo).toMatchObject({ size: 1024 * 1024 });
  });

  it('answers the upload errors of the API: no file part, a file as text, not multipart', async () => {
    expectError(await putLogo('', { parts: [{ name: 'other', filename: 'a.png', content: png(1, 1) }] }), 400, 'parameter_missing');
    expectError(await putLogo('', { parts: [{ name: 'file', content: 'text' }] }), 400, 'parameter_invalid');
    expectError(await t.api.put('/v2/account/logo', { file: 'x' }), 415, 'unsupported_media_type');
  });

  it('is for the roles that change the account settings; read-only keys are refused', async () => {
    expectError(await putLogo(png(2, 2), { apiKey: t.account.readKey }), 403, 'forbidden');
  });
});

describe('GET and DELETE /v2/account/logo', () => {
  it('each account has its own logo; 404 without one; DELETE answers 204 then 404', async () => {
    expectError(await t.otherApi.get('/v2/account/logo'), 404, 'resource_missing');
    expectError(await t.otherApi.delete('/v2/account/logo'), 404, 'resource_missing');
    expect((await t.otherApi.get('/v2/account')).body.logo).toBeNull();
    expect((await putLogo(png(3, 3))).status).toBe(200);
    expectError(await t.otherApi.get('/v2/account/logo'), 404, 'resource_missing');
    expectError(await t.api.withKey(t.account.readKey).delete('/v2/account/logo'), 403, 'forbidden');
    expect((await getLogo(t.account.readKey)).statusCode).toBe(200);
    const removed = await t.api.delete('/v2/account/logo');
    expect(removed.status).toBe(204);
    expect((await t.api.get('/v2/account')).body.logo).toBeNull();
    expectError(await t.api.get('/v2/account/logo'), 404, 'resource_missing');
    expectError(await t.api.delete('/v2/account/logo'), 404, 'resource_missing');
    const events = (await t.api.get('/v2/events', { type: 'account.updated' })).body.items;
    expect(events[0].data.logo).toBeNull();
  });
});
