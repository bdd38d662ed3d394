import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createTestApp, MISSING_ID, type TestContext } from '../helper.js';
import { findInvalidText } from '../../src/core/text.js';
import { badPercent, CONTENT_TYPES, deepJson, keyArb, malformedJson, malformedMultipart, valuesWithIds } from './fuzz-inputs.js';
import { basic, buildWorld, idFor, minimalValue, openApiRoutes, portalHeadersFor, type Route, type Schema, type World } from './world.js';

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
let PORTAL_HEADERS = await portalHeadersFor(t.api, w);
const ALL_IDS = Object.values(w);
const { idLike, anyJsonValue, pairsArb } = valuesWithIds(ALL_IDS);
let requests = 0;
/** Answers by status, printed at the end to show that the requests reach past validation too. */
const statuses = new Map<number, number>();

afterAll(async () => {
  await t.close();
});

// ---------- requests (drawn from the inputs of fuzz-inputs.ts) ----------

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
    // The portal's routes with the portal session of the world's supplier, the others with the key.
    headers: { ...spec.headers, ...(spec.url.startsWith('/v2/portal/') ? PORTAL_HEADERS : { authorization: basic(t.account.apiKey) }) },
  });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  // A sign-out that went through ended the session the portal's routes are fuzzed with: a new one.
  if (spec.url.startsWith('/v2/portal/auth/logout') && response.statusCode === 204) PORTAL_HEADERS = await portalHeadersFor(t.api, w);
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
  if (response.statusCode < 400 || spec.method === 'HEAD') return;
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
