import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, expectError, toForm, type TestContext } from '../../helper.js';
import { multipartBody, upload } from '../files/helper.js';

/**
 * Text a caller sends (docs/development.md, "Request parsing"): malformed UTF-8 and lone
 * surrogates are refused with 400 `parameter_invalid` naming the parameter, in form and JSON
 * bodies, query strings and multipart text fields, and nothing is stored; error messages quote
 * input only as short excerpts, and an error body stays small whatever the input; JSON keys that
 * could reach a prototype are refused by name; a missing file under /docs is 404.
 * Runs on SQLite and on PostgreSQL (the two must answer alike).
 */
const t: TestContext = await createTestApp();
const auth = { authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}` };
afterAll(async () => {
  await t.close();
});

const TAXES = '/v2/account/taxes';
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

async function send(method: InjectOptions['method'], url: string, payload?: string | Buffer, contentType?: string) {
  const raw = await t.app.inject({ method, url, payload, headers: { ...auth, ...(contentType ? { 'content-type': contentType } : {}) } });
  expect(raw.statusCode, raw.body.slice(0, 300)).toBeLessThan(500);
  const body = raw.body.length > 0 && String(raw.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw.body) : raw.body;
  return { status: raw.statusCode, body, headers: raw.headers, raw };
}

/** What the account holds: its taxes and its events (a refused request must change neither). */
async function stored() {
  const taxes = (await t.api.get(TAXES)).body as Array<{ name: string }>;
  const events = (await t.api.get('/v2/events', { pageSize: 1 })).body.totalItems as number;
  return { taxes: taxes.map((tax) => tax.name).sort(), events };
}

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

describe('malformed UTF-8 and lone surrogates: 400 parameter_invalid naming the parameter, nothing stored', () => {
  const cases: Array<[string, Buffer | string, string, string]> = [
    ['raw FF FE bytes in a form', bytes('value=0.1&name=Tax', [0xff, 0xfe]), FORM, 'name'],
    ['percent-encoded FF FE in a form', 'value=0.1&name=Tax%FF%FE', FORM, 'name'],
    ['a percent-encoded surrogate (CESU-8) in a form', 'value=0.1&name=Tax%ED%A0%80', FORM, 'name'],
    ['a truncated sequence in a form', 'value=0.1&name=Tax%E2%82', FORM, 'name'],
    ['raw FF FE bytes in a form parameter name', bytes('value=0.1&name=Tax&x', [0xff, 0xfe], '=1'), FORM, 'x\ufffd\ufffd'],
    ['raw FF FE bytes in a JSON string', bytes('{"value":0.1,"name":"Tax', [0xff, 0xfe], '"}'), JSON_TYPE, 'name'],
    ['a lone high surrogate in JSON', '{"value":0.1,"name":"Tax\\ud800"}', JSON_TYPE, 'name'],
    ['a lone low surrogate in JSON', '{"value":0.1,"name":"\\udc00Tax"}', JSON_TYPE, 'name'],
    ['surrogates in the wrong order in JSON', '{"value":0.1,"name":"\\ude00\\ud83d"}', JSON_TYPE, 'name'],
    ['a lone surrogate in a JSON key', '{"value":0.1,"name":"Tax","\\ud800":1}', JSON_TYPE, '\ufffd'],
  ];

  it.each(cases)('%s', async (_label, payload, type, param) => {
    const before = await stored();
    const reply = await send('POST', TAXES, payload, type);
    const error = expectError(reply, 400, 'parameter_invalid');
    expect(error.details).toEqual([{ param, message: expect.stringMatching(/valid UTF-8 text/) }]);
    expect(error.message).toContain(`Invalid parameter ${param}`);
    expect(await stored()).toEqual(before);
  });

  it('in an update: the record keeps its value', async () => {
    const tax = (await t.api.post(TAXES, { name: 'Kept', value: 0.1 })).body;
    expectError(await send('PUT', `${TAXES}/${tax.id}`, '{"name":"x\\udfff"}', JSON_TYPE), 400, 'parameter_invalid');
    expectError(await send('PUT', `${TAXES}/${tax.id}`, 'name=x%C3', FORM), 400, 'parameter_invalid');
    expect((await t.api.get(`${TAXES}/${tax.id}`)).body.name).toBe('Kept');
  });

  it('in a query string', async () => {
    for (const query of ['q=%FF%FE', 'q=a%ED%A0%80', 'q=%C3']) {
      const error = expectError(await send('GET', `/v2/jobs?${query}`), 400, 'parameter_invalid');
      expect(error.details, query).toEqual([{ param: 'q', message: expect.stringMatching(/valid UTF-8 text/) }]);
    }
    expect((await send('GET', '/v2/jobs?q=%C3%A9t%C3%A9%20%F0%9F%98%80')).status).toBe(200);
  });

  it('in a multipart text field', async () => {
    const file = { name: 'file', filename: 'report.csv', content: 'a;b\r\n', type: 'text/csv' };
    const refused = await upload(t, '/v2/cat-analysis/parse', multipartBody([{ name: 'catTool', content: bytes('memoq', [0xff, 0xfe]) }, file]));
    expect(expectError(refused, 400, 'parameter_invalid').details).toEqual([{ param: 'catTool', message: expect.stringMatching(/valid UTF-8 text/) }]);
    // Valid UTF-8 is read as text: an unknown tool, not malformed bytes.
    const decoded = await upload(t, '/v2/cat-analysis/parse', multipartBody([{ name: 'catTool', content: 'mémoQ 😀' }, file]));
    expect(expectError(decoded, 400, 'parameter_invalid').details?.[0]?.message).toMatch(/must be one of/);
  });

  it('keeps valid text whole: every script, emoji, and U+FFFD itself', async () => {
    const name = 'Łódź Ελλάδα Москва 東京 서울 عربى עברית 😀 \ufffd';
    const form = await send('POST', TAXES, toForm({ name, value: 0.1 }), FORM);
    expect(form.status).toBe(201);
    expect(form.body.name).toBe(name);
    const raw = await send('POST', TAXES, bytes('value=0.1&name=', `${name} raw`), FORM);
    expect(raw.body.name).toBe(`${name} raw`);
    const json = await send('POST', TAXES, JSON.stringify({ name: `${name} json`, value: 0.1 }), JSON_TYPE);
    expect((await t.api.get(`${TAXES}/${json.body.id}`)).body.name).toBe(`${name} json`);
    const bom = await send('POST', TAXES, `\ufeff${JSON.stringify({ name: `${name} bom`, value: 0.1 })}`, JSON_TYPE);
    expect(bom.body.name).toBe(`${name} bom`);
  });

  it('reads bodies as UTF-8 whatever charset they declare', async () => {
    const latin1 = await send('POST', TAXES, bytes('value=0.1&name=Caf', [0xe9]), `${FORM}; charset=ISO-8859-1`);
    expect(expectError(latin1, 400, 'parameter_invalid').details?.[0]?.param).toBe('name');
    expect((await send('POST', TAXES, bytes('value=0.1&name=Café 2'), `${FORM}; charset=utf-8`)).body.name).toBe('Café 2');
  });
});

describe('error messages quote input as excerpts; an error body stays small', () => {
  const HUGE = 40 * 1024 * 1024;
  const NEAR_LIMIT = 1024 * 1024 - 200;

  it('a 40 MB value, in a form and in JSON: 413 with a small body', async () => {
    const big = 'x'.repeat(HUGE);
    for (const [payload, type] of [
      [`name=${big}&value=0.1`, FORM],
      [JSON.stringify({ name: big, value: 0.1 }), JSON_TYPE],
    ] as const) {
      const reply = await send('POST', TAXES, payload, type);
      expectError(reply, 413, 'payload_too_large');
      expect(reply.raw.body.length).toBeLessThan(1_000);
    }
  });

  // Values just under the body limit, in every place a message quotes input.
  const long = 'k'.repeat(NEAR_LIMIT);
  const cases: Array<[string, InjectOptions['method'], string, string | Buffer | undefined, string | undefined, number]> = [
    ['an unknown form parameter', 'POST', TAXES, `name=a&value=0.1&${long}=1`, FORM, 400],
    ['an unknown JSON parameter', 'POST', TAXES, JSON.stringify({ name: 'a', value: 0.1, [long]: 1 }), JSON_TYPE, 400],
    ['a nested unknown JSON parameter', 'POST', '/v2/invoices', JSON.stringify({ lines: [{ [long]: 1 }] }), JSON_TYPE, 400],
    ['a too long value', 'POST', TAXES, `name=${long}&value=0.1`, FORM, 400],
    ['a form key with malformed brackets', 'POST', TAXES, `name=a&${long}[=1`, FORM, 400],
    ['a form key given twice', 'POST', TAXES, `c${'k'.repeat(400_000)}[0]=1&c${'k'.repeat(400_000)}[0]=2`, FORM, 400],
    ['a form key mixing list and object', 'POST', TAXES, `c${'k'.repeat(400_000)}[0]=1&c${'k'.repeat(400_000)}[x]=2`, FORM, 400],
    ['malformed percent-encoding', 'POST', TAXES, `name=${long}%ZZ`, FORM, 400],
    ['a JSON syntax error after a long string', 'POST', TAXES, `{"name":"${long}" x}`, JSON_TYPE, 400],
    ['a __proto__ key under a long name', 'POST', TAXES, `{"${long}":{"__proto__":{}}}`, JSON_TYPE, 400],
    ['invalid text in a long parameter name', 'POST', TAXES, `name=a&value=0.1&${long}%FF=1`, FORM, 400],
    ['a long enum value in the query', 'GET', `/v2/jobs?sort=${'k'.repeat(100_000)}`, undefined, undefined, 400],
    ['a long unknown query parameter', 'GET', `/v2/jobs?${'k'.repeat(100_000)}=1`, undefined, undefined, 400],
    ['a long path', 'GET', `/v2/${'k'.repeat(100_000)}`, undefined, undefined, 404],
    ['a long id', 'GET', `${TAXES}/${'a'.repeat(100_000)}`, undefined, undefined, 404],
  ];

  it.each(cases)('%s', async (_label, method, url, payload, type, status) => {
    const reply = await send(method, url, payload, type);
    expect(reply.status, reply.raw.body.slice(0, 300)).toBe(status);
    expect(reply.raw.body.length, reply.raw.body.slice(0, 300)).toBeLessThan(1_500);
  });

  it('1 998 unknown parameters with long names: the message names ten, details are bounded', async () => {
    const names = Array.from({ length: 1_998 }, (_, i) => `p${i}${'u'.repeat(400)}`);
    const reply = await send('POST', TAXES, `name=a&value=0.1&${names.map((name) => `${name}=1`).join('&')}`, FORM);
    const error = expectError(reply, 400, 'parameter_unknown');
    expect(error.message).toMatch(/ and 1988 more$/);
    expect(error.details).toHaveLength(21);
    expect(error.details?.at(-1)).toEqual({ param: '…', message: 'and 1978 more parameters with errors' });
    expect(reply.raw.body.length).toBeLessThan(12_000);
  });
});

describe('JSON keys that could reach a prototype', () => {
  it.each([
    ['{"name":"a","value":0.1,"__proto__":{"x":1}}', '__proto__'],
    ['{"name":"a","value":0.1,"constructor":{"prototype":{"x":1}}}', 'constructor'],
    ['{"lines":[{"description":"a","__proto__":{}}]}', 'lines[0][__proto__]'],
    ['{"name":"a","value":0.1,"\\u005f_proto__":{}}', '__proto__'],
  ])('%s is refused naming the key', async (payload, param) => {
    const error = expectError(await send('POST', payload.includes('lines') ? '/v2/invoices' : TAXES, payload, JSON_TYPE), 400, 'body_invalid');
    const key = param.replace(/^.*\[|\]$/g, '');
    expect(error.message).toBe(`The JSON body could not be read: ${param}: the key "${key}" is not allowed (it could change the prototype of an object)`);
    expect(error.details).toEqual([{ param, message: expect.stringContaining(`"${key}"`) }]);
  });

  it('a plain constructor parameter is only an unknown parameter', async () => {
    expect(expectError(await send('POST', TAXES, '{"name":"a","value":0.1,"constructor":1}', JSON_TYPE), 400, 'parameter_unknown').details).toEqual([
      { param: 'constructor', message: 'is not a parameter of this endpoint' },
    ]);
  });
});

describe('missing paths under /docs', () => {
  it('a missing static file is 404 for GET and HEAD, and 405 with Allow for other methods', async () => {
    expectError(await send('GET', '/docs/static/missing.js'), 404, 'route_missing');
    expect((await send('HEAD', '/docs/static/missing.js')).status).toBe(404);
    const post = await send('POST', '/docs/static/missing.js');
    expectError(post, 405, 'method_not_allowed');
    expect(post.headers.allow).toBe('GET, HEAD');
    expectError(await send('GET', '/docs/static/nested/missing.css'), 404, 'route_missing');
  });

  it('other missing paths under /docs are 404; the pages that exist answer', async () => {
    expectError(await send('GET', '/docs/missing'), 404, 'route_missing');
    expectError(await send('DELETE', '/docs/missing'), 404, 'route_missing');
    const index = await send('GET', '/docs/static/index.html');
    expect({ status: index.status, location: index.headers.location }).toEqual({ status: 302, location: '/docs/' });
    const page = await send('GET', '/docs/');
    expect({ status: page.status, type: page.headers['content-type'] }).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
    expect((await send('GET', '/docs/json')).status).toBe(200);
    expectError(await send('PUT', '/docs/json'), 405, 'method_not_allowed');
  });
});
