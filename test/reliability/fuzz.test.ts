import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createTestApp, MISSING_ID, type TestContext } from '../helper.js';
import { findInvalidText } from '../../src/core/text.js';
import { basic, buildWorld, idFor, minimalValue, openApiRoutes, type Route, type Schema, type World } from './world.js';

/**
 * A fuzzer over every route of GET /v2/openapi.json (docs/reference.md#errors: no request, however malformed,
 * gets a 5xx). Requests use account 1's key; path parameters mix account 1's real ids (`idFor`)
 * with malformed ones; query strings and bodies (form, JSON, multipart, other content types) carry
 * wrong types, missing and unknown parameters, huge strings, deep brackets, bad percent-encodings
 * and malformed syntax, lone surrogates and malformed UTF-8. Every answer must be < 500; when
 * ≥ 400, carry the API error body (docs/reference.md#errors) and stay small (input is quoted as excerpts); when 2xx, hold
 * only valid text (nothing invalid was stored).
 *
 * The seeds are fixed so that CI is reproducible; on failure fast-check prints the seed and the
 * counterexample, and the thrown message names the request.
 */
const SEED = 20_261_121;
/** Requests per property; four properties. */
const RUNS = 5_200;

const t: TestContext = await createTestApp();
const ROUTES = await openApiRoutes(t.app);
const w: World = await buildWorld(t, t.api);
const ALL_IDS = Object.values(w);
let requests = 0;
/** Answers by status, printed at the end to show that the requests reach past validation too. */
const statuses = new Map<number, number>();

afterAll(async () => {
  await t.close();
});

// ---------- generators ----------

const huge = fc
  .tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('a', 'é', '€', '0', '[', '%', '\u0000', '😀'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));
const badPercent = fc.constantFrom('%', '%z', '%zz', '%%', '%E0%A4%A', '%C0%80', '%FF%FE', '%00', '%ED%A0%80', '%2', '%u0041');
const idLike = fc.oneof(
  fc.constantFrom(...ALL_IDS),
  fc.constantFrom(
    MISSING_ID,
    '000000000000000000000000',
    'FFFFFFFFFFFFFFFFFFFFFFFF',
    'x',
    '',
    '0',
    '-1',
    'null',
    'undefined',
    'me',
    '..',
    '.',
    '1e3',
    'NaN',
    ' ',
  ),
  fc.stringMatching(/^[0-9a-f]{23,25}$/),
);
const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'true',
      'false',
      '1',
      '0',
      '',
      'null',
      '-0',
      '1e400',
      '-1e400',
      '0x10',
      '2030-13-45',
      '2030-01-01T25:00:00Z',
      'EUR',
      'XXX',
      'en',
      'zz-ZZ',
      '#ff0000',
      'Infinity',
      '__proto__',
      'constructor',
    ),
  },
  { weight: 2, arbitrary: idLike },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
/** A JSON value with wrong types, nesting and, rarely, huge strings. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }) },
  ),
})).value;
const deepJson = fc
  .tuple(fc.integer({ min: 10, max: 5_000 }), fc.boolean())
  .map(([depth, array]) => (array ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));
/** Lone surrogates: JSON can carry them (`"\ud800"`); they must be refused, never stored. */
const loneSurrogates = fc.constantFrom('\ud800', 'a\udfffb', '\ude00\ud83d', 'ok\udbff');
const anyJsonValue = fc.oneof({ weight: 20, arbitrary: jsonValue }, { weight: 1, arbitrary: huge }, { weight: 1, arbitrary: loneSurrogates });

/** Parameter names: the route's own (from its schemas) and unknown ones, with brackets. */
function keyArb(known: string[]): fc.Arbitrary<string> {
  const base =
    known.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) })
      : fc.string({ minLength: 1, maxLength: 10 });
  return fc
    .tuple(
      base,
      fc.constantFrom('', '', '', '[]', '[0]', '[a]', '[0][id]', '[', ']', '[[', '][', '[]]', '[__proto__]', '[constructor][prototype]'),
      fc.nat({ max: 3 }),
    )
    .chain(([key, suffix, deep]) => (deep === 3 ? fc.integer({ min: 10, max: 3_000 }).map((n) => `${key}${'[a]'.repeat(n)}`) : fc.constant(`${key}${suffix}`)));
}

/** One `key=value` of a query string or form body: well encoded, raw or with broken percent-encodings. */
function pairArb(known: string[]): fc.Arbitrary<string> {
  const value = fc.oneof({ weight: 12, arbitrary: scalar.map((v) => (v === null ? '' : String(v))) }, { weight: 1, arbitrary: huge });
  return fc.tuple(keyArb(known), value, fc.nat({ max: 9 }), badPercent).map(([key, v, mode, bad]) => {
    const k = encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
    if (mode === 0) return `${k}${bad}=${encodeURIComponent(v)}`;
    if (mode === 1) return `${k}=${encodeURIComponent(v)}${bad}`;
    if (mode === 2) return k; // no `=`
    if (mode === 3) return `${k}==${encodeURIComponent(v)}`;
    return `${k}=${encodeURIComponent(v)}`;
  });
}

const pairsArb = (known: string[]) => fc.array(pairArb(known), { maxLength: 6 }).map((pairs) => pairs.join('&'));

const propertiesOf = (schema: Schema | undefined): string[] => Object.keys(schema?.properties ?? {});

/** A path: every parameter gets a real id (mostly) or a malformed / foreign value. */
function pathArb(route: Route): fc.Arbitrary<string> {
  if (route.params.length === 0) return fc.constant(route.path);
  const segment = (param: string) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(encodeURIComponent(idFor(w, route.path, param))) },
      { weight: 1, arbitrary: idLike.map((v) => encodeURIComponent(v)) },
      { weight: 1, arbitrary: badPercent },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((v) => encodeURIComponent(v)) },
      { weight: 1, arbitrary: fc.constantFrom('-1', '1.5', '1e6', '99999999999', 'NaN', '%20', '0x1', 'a'.repeat(200), 'exact', 'perfect') },
    );
  return fc.tuple(...route.params.map(segment)).map((values) => {
    let path = route.path;
    route.params.forEach((param, index) => {
      path = path.replace(`{${param}}`, values[index]!);
    });
    return path;
  });
}

/** A JSON body: the route's minimal valid body with some parameters changed, dropped or added. */
function jsonBodyArb(route: Route): fc.Arbitrary<unknown> {
  const known = propertiesOf(route.bodySchema);
  const minimal = fc.constantFrom(...ALL_IDS, MISSING_ID).map((id) => minimalValue(route.bodySchema, id) as Record<string, unknown>);
  const edits = fc.array(
    fc.tuple(
      keyArb(known).map((k) => k.replace(/\[.*$/, '') || 'x'),
      fc.option(anyJsonValue, { nil: undefined }),
    ),
    { maxLength: 4 },
  );
  const edited = fc.tuple(minimal, edits).map(([base, changes]) => {
    const body: Record<string, unknown> = typeof base === 'object' && base !== null ? { ...base } : {};
    for (const [key, value] of changes) {
      if (value === undefined) delete body[key];
      else body[key] = value;
    }
    return body;
  });
  return fc.oneof({ weight: 8, arbitrary: edited }, { weight: 1, arbitrary: anyJsonValue });
}

const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '[',
    '{"a":',
    '{"a":1,}',
    '{a:1}',
    "{'a':1}",
    'nul',
    'tru',
    '"abc',
    '{"a":1}}',
    '\u0000',
    '{"a":"\\ud800"}',
    '{"a":1e999999}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '\ufeff{}',
    '{"a":NaN}',
    '1',
    '"x"',
    'null',
    '[]',
    'true',
  ),
  fc.string({ maxLength: 40 }),
  deepJson.map((text) => text.slice(0, Math.floor(text.length / 2))),
);

const BOUNDARY = 'fuzzBoundary';
const malformedMultipart = fc.oneof(
  fc.constantFrom(
    '',
    `--${BOUNDARY}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; filename="a.txt"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../../etc/passwd"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n\r\n\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="unknown"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nx\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n\r\ny\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileId"\r\n\r\n${MISSING_ID}\r\n--${BOUNDARY}--\r\n`,
    `--wrong\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nx\r\n--wrong--\r\n`,
    `--${BOUNDARY}--\r\n`,
    `garbage`,
  ),
  fc
    .tuple(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.string({ maxLength: 200 }))
    .map(
      ([name, filename, content]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${name}\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`,
    ),
  fc
    .array(fc.tuple(fc.constantFrom('file', 'fileId', 'catConfiguration', 'targetLanguage', 'x', 'file[]'), fc.string({ maxLength: 30 })), { maxLength: 30 })
    .map(
      (parts) =>
        parts.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${BOUNDARY}--\r\n`,
    ),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'multipart/mixed; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/x-www-form-urlencoded; charset=latin1',
  'application/x-www-form-urlencoded; charset=utf-8',
  '',
  'garbage/!!',
  ';;;',
  'application/vnd.api+json',
  'image/png',
  'APPLICATION/JSON',
  'application/json, text/plain',
];

interface Spec {
  method: InjectOptions['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const routeArb = fc.constantFrom(...ROUTES);
const withQuery = (route: Route) =>
  fc.tuple(pathArb(route), fc.option(pairsArb([...route.query, 'page', 'pageSize', 'sort', 'q', 'filter']), { nil: undefined }));
const urlOf = (path: string, query: string | undefined) => (query === undefined ? path : `${path}?${query}`);

/** Query strings on every route, without a body. */
const querySpecs: fc.Arbitrary<Spec> = routeArb.chain((route) =>
  withQuery(route).map(([path, query]) => ({ method: route.method, url: urlOf(path, query ?? ''), headers: {} })),
);

/** Form bodies (well-formed, or with broken encodings and brackets). */
const formSpecs: fc.Arbitrary<Spec> = routeArb.chain((route) =>
  fc
    .tuple(
      withQuery(route),
      pairsArb(propertiesOf(route.bodySchema)),
      fc.constantFrom('application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8'),
    )
    .map(([[path, query], payload, type]) => ({
      method: route.method,
      url: urlOf(path, query),
      headers: { 'content-type': type },
      payload,
    })),
);

/** JSON bodies: minimal valid bodies edited, any JSON value, malformed JSON text. */
const jsonSpecs: fc.Arbitrary<Spec> = routeArb.chain((route) =>
  fc
    .tuple(
      withQuery(route),
      fc.oneof(
        { weight: 8, arbitrary: jsonBodyArb(route).map((body) => JSON.stringify(body) ?? 'null') },
        { weight: 2, arbitrary: malformedJson },
        // Deeply nested valid JSON, whole or as the value of a parameter (built as text).
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom('x', ...propertiesOf(route.bodySchema)), deepJson, fc.boolean())
            .map(([key, deep, whole]) => (whole ? deep : `{${JSON.stringify(key)}:${deep}}`)),
        },
      ),
    )
    .map(([[path, query], payload]) => ({
      method: route.method,
      url: urlOf(path, query),
      headers: { 'content-type': 'application/json' },
      payload,
    })),
);

/** Other content types, malformed multipart (mostly on the upload routes), bodies on GET and DELETE. */
const UPLOADS = ROUTES.filter((route) => route.bodyTypes.includes('multipart/form-data') || /\/upload(\/|$)/.test(route.path));
const rawSpecs: fc.Arbitrary<Spec> = fc.oneof({ weight: 1, arbitrary: routeArb }, { weight: 1, arbitrary: fc.constantFrom(...UPLOADS) }).chain((route) =>
  fc
    .tuple(
      withQuery(route),
      fc.constantFrom(...CONTENT_TYPES),
      fc.oneof(malformedMultipart, malformedJson, fc.string({ maxLength: 100 }), pairsArb([])),
      fc.boolean(),
    )
    .map(([[path, query], type, payload, omitType]): Spec => ({
      method: route.method,
      url: urlOf(path, query),
      headers: omitType ? {} : { 'content-type': type },
      payload,
    })),
);

// ---------- the check ----------

/** Answers whether the request broke the contract, with the reason. */
async function check(spec: Spec): Promise<void> {
  requests += 1;
  const response = await t.app.inject({
    method: spec.method,
    url: spec.url,
    payload: spec.payload,
    headers: { ...spec.headers, authorization: basic(t.account.apiKey) },
  });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  const describe = () =>
    `${spec.method} ${spec.url.slice(0, 2_000)}${spec.url.length > 2_000 ? `… (${spec.url.length} chars)` : ''}\n` +
    `content-type: ${spec.headers['content-type'] ?? '(none)'}\n` +
    `body (${spec.payload?.length ?? 0} chars): ${JSON.stringify(spec.payload?.slice(0, 2_000) ?? null)}\n` +
    `answer ${response.statusCode}: ${response.body.slice(0, 1_000)}`;
  if (response.statusCode >= 500) throw new Error(`5xx answer\n${describe()}`);
  if (response.statusCode < 300 && (response.headers['content-type'] ?? '').toString().includes('json') && response.body.length > 0) {
    // Whatever was accepted is valid text: a lone surrogate or NUL never reaches the database.
    const invalid = findInvalidText(JSON.parse(response.body));
    if (invalid) throw new Error(`a ${response.statusCode} answer holds invalid text at ${invalid.param}: ${invalid.problem}\n${describe()}`);
  }
  if (response.statusCode < 400 || response.statusCode === 416 || spec.method === 'HEAD') return;
  // An error body quotes the input only as a short excerpt, whatever the input's size.
  if (response.body.length > MAX_ERROR_BODY) throw new Error(`error body of ${response.body.length} characters\n${describe()}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    throw new Error(`error answer without a JSON body\n${describe()}`);
  }
  for (const field of ['message', 'name', 'code', 'id']) {
    if (typeof body[field] !== 'string') throw new Error(`error body without ${field}\n${describe()}`);
  }
}

/** The bound errors.ts puts on an error body: 1 000 characters of message, 21 details of 2 × 200. */
const MAX_ERROR_BODY = 12_000;

const options = (offset: number): fc.Parameters<[Spec]> => ({ seed: SEED + offset, numRuns: RUNS, endOnFailure: true, verbose: 1 });

describe('fuzzing every route of the OpenAPI document (docs/reference.md#errors)', () => {
  it('has routes, bodies and uploads to fuzz', () => {
    expect(ROUTES.length).toBeGreaterThan(200);
    expect(UPLOADS.length).toBeGreaterThan(4);
  });

  it('query strings', { timeout: 120_000 }, async () => {
    await fc.assert(fc.asyncProperty(querySpecs, check), options(0));
  });

  it('form bodies', { timeout: 120_000 }, async () => {
    await fc.assert(fc.asyncProperty(formSpecs, check), options(1));
  });

  it('JSON bodies', { timeout: 120_000 }, async () => {
    await fc.assert(fc.asyncProperty(jsonSpecs, check), options(2));
  });

  it('other content types and malformed multipart', { timeout: 120_000 }, async () => {
    await fc.assert(fc.asyncProperty(rawSpecs, check), options(3));
  });

  it('leaves the server healthy', async () => {
    console.info(`fuzz: ${requests} requests; answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(requests).toBeGreaterThanOrEqual(20_000);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/v2/account/taxes', headers: { authorization: basic(t.account.apiKey) } });
    expect(list.statusCode).toBe(200);
  });
});
