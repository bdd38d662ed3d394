import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, expectError, MISSING_ID, toForm, type Reply, type TestContext } from '../../helper.js';

/**
 * Request parsing through the real app (docs/reference.md#requests, docs/reference.md#errors): body types, coercion, limits and hostile
 * input, on the master-data routes. No answer may be a 5xx or leak server internals.
 */
let t: TestContext;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}` };
});
afterAll(async () => {
  await t.close();
});

const TAXES = '/v2/account/taxes';
const PAIRS = '/v2/account/language-pairs';
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const LEAKS = [
  /at \//,
  /\.ts:\d/,
  /\.js:\d/,
  /node_modules/,
  /\bselect\b.*\bfrom\b/i,
  /\binsert into\b/i,
  /\bupdate\b.*\bset\b/i,
  /SQLITE_/,
  /violates .* constraint/i,
  /\/work\//,
  /\bstack\b/i,
];

function check(raw: LightMyRequestResponse): Reply {
  expect(raw.statusCode, raw.body.slice(0, 300)).toBeLessThan(500);
  for (const leak of LEAKS) expect(raw.body, `${leak} in ${raw.body.slice(0, 300)}`).not.toMatch(leak);
  expect(raw.headers['x-request-id']).toBeTruthy();
  let body: unknown = raw.body;
  if (String(raw.headers['content-type'] ?? '').includes('json') && raw.body.length > 0) body = JSON.parse(raw.body);
  if (raw.statusCode >= 400) {
    const error = body as Record<string, unknown>;
    expect(Object.keys(error).sort()).toEqual(expect.arrayContaining(['code', 'id', 'message', 'name']));
    expect(error.id).toBe(raw.headers['x-request-id']);
  }
  return { status: raw.statusCode, body, headers: raw.headers, raw };
}

async function send(
  method: InjectOptions['method'],
  url: string,
  payload?: string | Buffer,
  contentType?: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const all: Record<string, string> = { ...auth, ...headers };
  if (contentType !== undefined) all['content-type'] = contentType;
  return check(await t.app.inject({ method, url, payload, headers: all }));
}
const postForm = (url: string, body: string) => send('POST', url, body, FORM);
const postJson = (url: string, body: string) => send('POST', url, body, JSON_TYPE);

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

describe('form and JSON bodies (docs/reference.md#body-formats, docs/reference.md#form-values-and-brackets)', () => {
  it('accepts the same parameters as a form and as JSON', async () => {
    const form = await postForm(TAXES, toForm({ name: unique('Form'), value: '0.21' }));
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ value: 0.21, isDefaultTax2: false, disabled: false });
    const json = await postJson(TAXES, JSON.stringify({ name: unique('Json'), value: 0.21 }));
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({ value: 0.21, isDefaultTax2: false, disabled: false });
    const formUpdate = await send('PUT', `${TAXES}/${form.body.id}`, 'isDefaultTax2=true&value=0.2', FORM);
    expect(formUpdate.body).toMatchObject({ isDefaultTax2: true, value: 0.2 });
    const jsonUpdate = await send('PUT', `${TAXES}/${json.body.id}`, JSON.stringify({ isDefaultTax2: true, value: 0.2 }), JSON_TYPE);
    expect(jsonUpdate.body).toMatchObject({ isDefaultTax2: true, value: 0.2 });
  });

  it('accepts content types with parameters and in any case', async () => {
    expect((await send('POST', TAXES, toForm({ name: unique('Cs'), value: 0.1 }), `${FORM}; charset=UTF-8`)).status).toBe(201);
    expect((await send('POST', TAXES, JSON.stringify({ name: unique('Cs'), value: 0.1 }), 'application/json; charset=utf-8')).status).toBe(201);
    expect((await send('POST', TAXES, JSON.stringify({ name: unique('Cs'), value: 0.1 }), 'Application/JSON')).status).toBe(201);
  });

  it('coerces form values: decimals, booleans as true/false/1/0', async () => {
    const created = await postForm(TAXES, `name=${encodeURIComponent(unique('Coerce'))}&value=-0.05`);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ value: -0.05 });
    const on = await send('PUT', `${TAXES}/${created.body.id}`, 'disabled=1&isDefaultTax1=0', FORM);
    expect(on.body).toMatchObject({ disabled: true, isDefaultTax1: false });
    const updated = await send('PUT', `${TAXES}/${created.body.id}`, 'disabled=false&isDefaultTax1=true', FORM);
    expect(updated.body).toMatchObject({ disabled: false, isDefaultTax1: true });
    for (const bad of ['yes', 'on', 'TRUE', '']) {
      const reply = await send('PUT', `${TAXES}/${created.body.id}`, `disabled=${bad}`, FORM);
      expect(expectError(reply, 400, 'parameter_invalid').details).toEqual([{ param: 'disabled', message: 'must be boolean' }]);
    }
    for (const bad of ['1e-1', '0x1', '.5', 'Infinity', 'NaN', '0,5', '']) {
      const reply = await postForm(TAXES, `name=x&value=${encodeURIComponent(bad)}`);
      expect(expectError(reply, 400, 'parameter_invalid').details?.[0], bad).toEqual({ param: 'value', message: 'must be number' });
    }
  });

  it('does not coerce JSON: strings for numbers or booleans are rejected', async () => {
    expect(expectError(await postJson(TAXES, JSON.stringify({ name: 'x', value: '0.1' })), 400, 'parameter_invalid').details).toEqual([
      { param: 'value', message: 'must be number' },
    ]);
    expect(expectError(await send('PUT', `${TAXES}/${MISSING_ID}`, JSON.stringify({ disabled: 'true' }), JSON_TYPE), 400, 'parameter_invalid').details).toEqual(
      [{ param: 'disabled', message: 'must be boolean' }],
    );
  });

  it('treats null as absent nowhere: a non-nullable parameter refuses null in JSON and "" in a form', async () => {
    expect(expectError(await postJson(TAXES, JSON.stringify({ name: 'x', value: null })), 400, 'parameter_invalid').details?.[0]?.param).toBe('value');
    expect(expectError(await postJson(TAXES, JSON.stringify({ name: null, value: 0.1 })), 400, 'parameter_invalid').details?.[0]).toEqual({
      param: 'name',
      message: 'must be string',
    });
    expect(expectError(await postForm(TAXES, 'name=&value=0.1'), 400, 'parameter_invalid').details?.[0]?.param).toBe('name');
    // The text "null" is a name like any other for a parameter that is not nullable.
    expect((await postForm(TAXES, 'name=null&value=0.1')).body.name).toBe('null');
  });

  it('answers parameter_missing for an empty body, whatever its type', async () => {
    for (const [payload, type] of [
      ['', FORM],
      ['', JSON_TYPE],
      ['{}', JSON_TYPE],
      [undefined, undefined],
    ] as const) {
      const reply = await send('POST', TAXES, payload, type);
      expect(expectError(reply, 400, 'parameter_missing').details).toEqual([
        { param: 'name', message: 'is required' },
        { param: 'value', message: 'is required' },
      ]);
    }
  });
});

describe('unknown parameters (docs/reference.md#unknown-parameters)', () => {
  it('rejects them in forms and JSON, naming them in bracket notation', async () => {
    const form = expectError(await postForm(TAXES, 'name=x&value=0.1&rate=2'), 400, 'parameter_unknown');
    expect(form.details).toEqual([{ param: 'rate', message: 'is not a parameter of this endpoint' }]);
    expect(form.message).toContain('rate');
    const json = expectError(await postJson(TAXES, JSON.stringify({ name: 'x', value: 0.1, extra: { a: [1] } })), 400, 'parameter_unknown');
    expect(json.details).toEqual([{ param: 'extra', message: 'is not a parameter of this endpoint' }]);
    expect(expectError(await postForm(PAIRS, 'target=fr&options[x]=1'), 400, 'parameter_unknown').details?.[0]?.param).toBe('options');
    expect(expectError(await send('PUT', `${TAXES}/${MISSING_ID}`, 'id=abc', FORM), 400, 'parameter_unknown').details?.[0]?.param).toBe('id');
  });

  it('rejects names of Object.prototype and forbidden names without harm', async () => {
    expect(expectError(await postForm(TAXES, 'name=x&value=0.1&toString=1'), 400, 'parameter_unknown').details?.[0]?.param).toBe('toString');
    expectError(await postForm(TAXES, 'name=x&value=0.1&__proto__[admin]=1'), 400, 'body_invalid');
    expectError(await postForm(TAXES, 'name=x&value=0.1&constructor[prototype][admin]=1'), 400, 'body_invalid');
    expectError(await postJson(TAXES, '{"name":"x","value":0.1,"__proto__":{"admin":true}}'), 400, 'body_invalid');
    expectError(await postJson(TAXES, '{"name":"x","value":0.1,"constructor":{"prototype":{"admin":true}}}'), 400, 'body_invalid');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('rejects unknown query parameters on routes that take none', async () => {
    const reply = await send('GET', `${TAXES}?foo=1`);
    expect(expectError(reply, 400, 'parameter_unknown').details).toEqual([{ param: 'foo', message: 'is not a parameter of this endpoint' }]);
    expectError(await send('GET', `${TAXES}?foo[]=1&foo[]=2`), 400, 'parameter_unknown');
    expectError(await send('GET', `${TAXES}/${MISSING_ID}?expand=all`), 400, 'parameter_unknown');
    expect((await send('GET', `${TAXES}?`)).status).toBe(200);
  });
});

describe('malformed bodies (body_invalid, docs/reference.md#error-codes)', () => {
  it('answers 400 body_invalid for malformed JSON', async () => {
    for (const payload of ['{"name":', '{name: "x"}', "{'name':'x'}", '{"name":"x",}', '{"a":1}}', 'nul', '\u0000', '{"a":"\\x"}']) {
      const error = expectError(await postJson(TAXES, payload), 400, 'body_invalid');
      expect(error.message, payload).toMatch(/JSON/);
    }
  });

  it('answers 400 body_invalid for a JSON body that is no object', async () => {
    for (const payload of ['[]', '[{"name":"x","value":0.1}]', '"text"', '42', 'true', 'null']) {
      expectError(await postJson(TAXES, payload), 400, 'body_invalid');
    }
  });

  it('answers 400 body_invalid for malformed forms', async () => {
    for (const payload of ['name=%E0%A4%A&value=1', 'name=%ZZ', 'name=x&value=%', '%=1', 'a=1&a[b]=2', 'name[=x', '=x']) {
      expectError(await postForm(TAXES, payload), 400, 'body_invalid');
    }
  });

  it('answers 400 when Content-Length does not match the body', async () => {
    const reply = check(
      await t.app.inject({ method: 'POST', url: TAXES, payload: 'name=x&value=0.1', headers: { ...auth, 'content-type': FORM, 'content-length': '5' } }),
    );
    expectError(reply, 400, 'body_invalid');
  });
});

describe('content types (docs/reference.md#body-formats: 415)', () => {
  it('answers 415 unsupported_media_type for other body types', async () => {
    for (const type of [
      'text/plain',
      'application/xml',
      'text/xml',
      'text/html',
      'application/octet-stream',
      'application/vnd.api+json',
      'application/json-patch+json',
      'image/png',
      'x/y',
    ]) {
      expectError(await send('POST', TAXES, 'name=x&value=0.1', type), 415, 'unsupported_media_type');
    }
    expectError(await send('PUT', `${TAXES}/${MISSING_ID}`, 'hello', 'text/plain'), 415, 'unsupported_media_type');
  });

  it('answers 415 for a body without a content type, and for a malformed content type', async () => {
    expectError(await send('POST', TAXES, 'name=x&value=0.1'), 415, 'unsupported_media_type');
    expectError(await send('POST', TAXES, 'x', '%%%'), 415, 'unsupported_media_type');
  });
});

describe('limits (docs/reference.md#limits)', () => {
  const MIB = 1024 * 1024;

  it('answers 413 payload_too_large for bodies over 1 MiB, form or JSON', async () => {
    expectError(await postForm(TAXES, `value=0.1&name=${'a'.repeat(MIB)}`), 413, 'payload_too_large');
    expectError(await postJson(TAXES, JSON.stringify({ value: 0.1, name: 'a'.repeat(MIB) })), 413, 'payload_too_large');
  });

  it('reads a body just under 1 MiB and judges its parameters (400, not 413)', async () => {
    const payload = `value=0.1&name=${'a'.repeat(MIB - 100)}`;
    expect(expectError(await postForm(TAXES, payload), 400, 'parameter_invalid').details).toEqual([
      { param: 'name', message: 'must NOT have more than 255 characters' },
    ]);
  });

  it('refuses text over 255 characters, counting characters and not bytes', async () => {
    expect(expectError(await postForm(TAXES, toForm({ name: 'x'.repeat(256), value: 0.1 })), 400, 'parameter_invalid').details).toEqual([
      { param: 'name', message: 'must NOT have more than 255 characters' },
    ]);
    expectError(await postJson(TAXES, JSON.stringify({ name: 'x'.repeat(10_000), value: 0.1 })), 400, 'parameter_invalid');
    const long = 'é'.repeat(255);
    expect((await postForm(TAXES, toForm({ name: long, value: 0.1 }))).body.name).toBe(long);
  });

  it('refuses huge numbers without failing', async () => {
    expect(expectError(await postJson(TAXES, '{"name":"x","value":1e400}'), 400, 'parameter_invalid').details?.[0]?.param).toBe('value');
    expect(expectError(await postJson(TAXES, '{"name":"x","value":-1e400}'), 400, 'parameter_invalid').details?.[0]?.param).toBe('value');
    expect(expectError(await postJson(TAXES, `{"name":"x","value":${'9'.repeat(400)}}`), 400, 'parameter_invalid').details?.[0]?.param).toBe('value');
    expect(expectError(await postForm(TAXES, `name=x&value=${'9'.repeat(400)}`), 400, 'parameter_invalid').details?.[0]).toEqual({
      param: 'value',
      message: 'must be number',
    });
    expect(expectError(await postForm(TAXES, `name=x&value=0.${'1'.repeat(400)}`), 400, 'parameter_invalid').details?.[0]?.param).toBe('value');
    expect(expectError(await postForm(TAXES, 'name=x&value=2'), 400, 'parameter_invalid').details?.[0]?.message).toBe('must be <= 1');
  });

  it('refuses deep brackets, in forms (body_invalid) and query strings (400)', async () => {
    expectError(await postForm(TAXES, `name=x&value=0.1&a${'[b]'.repeat(50)}=1`), 400, 'body_invalid');
    expectError(await postForm(TAXES, `name=x&value=0.1&a${'[]'.repeat(10_000)}=1`), 400, 'body_invalid');
    const query = await send('GET', `${TAXES}?a${'[b]'.repeat(50)}=1`);
    expectError(query, 400, 'parameter_invalid');
    expect(query.body.message).toMatch(/nested too deeply/);
  });

  it('refuses deep JSON nesting without failing', async () => {
    const deep = `{"name":"x","value":0.1,"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expectError(await postJson(TAXES, deep), 400, 'parameter_unknown');
    const deepObject = `{"name":"x","value":0.1,"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`;
    expectError(await postJson(TAXES, deepObject), 400, 'parameter_unknown');
  });

  it('refuses too many form parameters', async () => {
    const payload = Array.from({ length: 3000 }, (_, i) => `p${i}=1`).join('&');
    expectError(await postForm(TAXES, payload), 400, 'body_invalid');
  });

  it('refuses NUL characters in text (PostgreSQL cannot store them)', async () => {
    expect(expectError(await postForm(TAXES, 'name=a%00b&value=0.1'), 400, 'parameter_invalid').details).toEqual([
      { param: 'name', message: 'must not contain NUL characters' },
    ]);
    expectError(await postJson(TAXES, JSON.stringify({ name: 'a\u0000b', value: 0.1 })), 400, 'parameter_invalid');
    expectError(await postForm(PAIRS, 'target=fr%00'), 400, 'parameter_invalid');
  });

  it('stores any other Unicode text as given', async () => {
    const name = `Tax ✓ 税 😀 \u200b ${++counter}`;
    const reply = await postJson(TAXES, JSON.stringify({ name, value: 0.1 }));
    expect(reply.status).toBe(201);
    expect((await send('GET', `${TAXES}/${reply.body.id}`)).body.name).toBe(name);
  });
});

describe('paths and query strings', () => {
  it('answers 404 for malformed ids, overlong path parameters and bad percent-encoding in the path', async () => {
    expectError(await send('GET', `${TAXES}/not-an-id`), 404, 'resource_missing');
    expectError(await send('GET', `${TAXES}/${'a'.repeat(500)}`), 404, 'resource_missing');
    expectError(await send('GET', `${TAXES}/%E0%A4%A`), 404, 'route_missing');
    expectError(await send('GET', `${TAXES}/${MISSING_ID.toUpperCase()}`), 404, 'resource_missing');
    expectError(await send('GET', `${TAXES}/${MISSING_ID}%00`), 404, 'resource_missing');
  });

  it('answers 400 for malformed query strings', async () => {
    const reasons: Record<string, string> = {
      'a=%ZZ': 'malformed percent-encoding in "%ZZ"',
      'a=%': 'malformed percent-encoding in "%"',
      'a=1&a[b]=2': 'parameter "a[b]" conflicts with another',
      '=1': 'a parameter has no name',
    };
    for (const [query, reason] of Object.entries(reasons)) {
      expect(expectError(await send('GET', `${TAXES}?${query}`), 400, 'parameter_invalid').message, query).toBe(
        `The query string could not be read: ${reason}`,
      );
    }
  });

  it('reads bracket arrays and repeated names in query strings', async () => {
    const created = await postForm(TAXES, toForm({ name: unique('Query'), value: 0.1 }));
    expect(created.status).toBe(201);
    const brackets = await send('GET', '/v2/events?type[]=tax.created&type[]=tax.updated&pageSize=100');
    expect(brackets.status).toBe(200);
    expect(brackets.body.items.length).toBeGreaterThan(0);
    expect(brackets.body.items.every((event: { type: string }) => ['tax.created', 'tax.updated'].includes(event.type))).toBe(true);
    const repeated = await send('GET', '/v2/events?type=tax.created&type=tax.updated&pageSize=100');
    expect(repeated.body.totalItems).toBe(brackets.body.totalItems);
    const single = await send('GET', '/v2/events?type=tax.created&pageSize=100');
    expect(single.body.items.every((event: { type: string }) => event.type === 'tax.created')).toBe(true);
    expect(expectError(await send('GET', '/v2/events?pageSize=abc'), 400, 'parameter_invalid').details?.[0]).toEqual({
      param: 'pageSize',
      message: 'must be integer',
    });
    expectError(await send('GET', '/v2/events?pageSize=101'), 400, 'parameter_invalid');
    expect(expectError(await send('GET', '/v2/events?direction=sideways'), 400, 'parameter_invalid').details?.[0]).toEqual({
      param: 'direction',
      message: 'must be one of: asc, desc',
    });
  });
});

describe('X-Request-Id (docs/reference.md#request-id)', () => {
  it('echoes a valid incoming id, in the header and in error bodies', async () => {
    const ok = await send('GET', TAXES, undefined, undefined, { 'x-request-id': 'client-123.abc:def_9' });
    expect(ok.headers['x-request-id']).toBe('client-123.abc:def_9');
    const error = await send('GET', `${TAXES}/nope`, undefined, undefined, { 'x-request-id': 'trace-42' });
    expect(error.headers['x-request-id']).toBe('trace-42');
    expect(error.body.id).toBe('trace-42');
  });

  it('generates one for a missing or invalid id, different per request', async () => {
    const invalid = ['', 'has space', 'x'.repeat(129), 'semi;colon', 'new\nline', '<script>'];
    const seen = new Set<string>();
    for (const id of invalid) {
      const reply = check(await t.app.inject({ method: 'GET', url: TAXES, headers: { ...auth, 'x-request-id': id } }));
      const answered = String(reply.headers['x-request-id']);
      expect(answered).not.toBe(id);
      expect(answered).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
      seen.add(answered);
    }
    const none = await send('GET', TAXES);
    seen.add(String(none.headers['x-request-id']));
    expect(seen.size).toBe(invalid.length + 1);
  });

  it('is present on every kind of answer', async () => {
    const replies = [
      await send('GET', TAXES),
      await send('GET', '/v2/no-such-route'),
      await send('PATCH', TAXES),
      await send('GET', `${TAXES}/%E0%A4%A`),
      await send('GET', `${TAXES}/${'a'.repeat(500)}`),
      await send('POST', TAXES, 'x', 'text/plain'),
      check(await t.app.inject({ method: 'GET', url: TAXES })),
      check(await t.app.inject({ method: 'GET', url: '/health' })),
    ];
    for (const reply of replies) expect(reply.headers['x-request-id']).toBeTruthy();
  });
});
