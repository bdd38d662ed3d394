import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, MISSING_ID, type TestContext } from '../../helper.js';
import {
  buildWorld,
  clientPortalHeadersFor,
  minimalValue,
  openApiRoutes,
  queryFor,
  urlFor,
  type Route,
  type Schema,
  type World,
} from '../../reliability/world.js';

/**
 * An empty value of a nullable parameter means null (docs/development.md, "Empty values"), for
 * every nullable text parameter of every operation: generated from GET /v2/openapi.json, so that a
 * new nullable parameter is covered without touching this file. For each one, in a form
 * (`name=`) and in JSON (`"name": ""`): on an update the parameter is first set to a value, then
 * sent empty; the answer must give null (or leave the field out, where the answer's schema says
 * it is present only when set). Nullable query parameters: an empty value answers as `null` does.
 */
const t: TestContext = await createTestApp();
const ROUTES = await openApiRoutes(t.app);
const w: World = await buildWorld(t, t.api);
const document = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json<{
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
}>();

afterAll(async () => {
  await t.close();
});

const members = (schema: Schema): Schema[] => [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as Schema[]).flatMap(members)];
const isNullable = (schema: Schema) => members(schema).some((m) => m.type === 'null' || (Array.isArray(m.type) && m.type.includes('null')));
const nonNull = (schema: Schema): Schema | undefined => members(schema).find((m) => m.type !== undefined && m.type !== 'null' && !m.anyOf);
const isText = (schema: Schema) => members(schema).some((m) => m.type === 'string' || (Array.isArray(m.type) && m.type.includes('string')));

/** Nullable text parameters of a body schema, as paths: `['purchaseOrder']`, `['address', 'country']`. */
function nullableTextParams(schema: Schema | undefined, prefix: string[] = []): string[][] {
  const found: string[][] = [];
  for (const [name, property] of Object.entries((schema?.properties ?? {}) as Record<string, Schema>)) {
    if (isNullable(property) && isText(property)) found.push([...prefix, name]);
    const object = members(property).find((m) => m.type === 'object' && m.properties);
    if (object && prefix.length === 0) found.push(...nullableTextParams(object, [name]));
  }
  return found;
}

/** A valid value for a parameter, by its name (ids of the world's records) or its schema. */
function validValue(name: string, schema: Schema | undefined): unknown {
  const ids: Record<string, string> = {
    client: w.client!,
    supplier: w.supplier!,
    service: w.service!,
    quantityType: w.unit!,
    destinationQuantityType: w.unit!,
    domain: w.domain!,
    languagePair: w.pair!,
    projectManager: w.user!,
    owner: w.user!,
    tax1: w.tax!,
    tax2: w.tax!,
    catConfiguration: w.catConfiguration!,
    match: w.match!,
    group: w.group!,
  };
  if (name in ids) return ids[name];
  const named: Record<string, unknown> = {
    timezone: 'Europe/Brussels',
    email: 'someone@example.com',
    country: 'BE',
    currency: 'EUR',
    catTool: 'trados',
    sourceQuantityType: 'words',
  };
  if (name in named) return named[name];
  const value = minimalValue(schema, MISSING_ID);
  return typeof value === 'string' && value === 'x' ? `Value ${Math.random().toString(36).slice(2, 8)}` : value;
}

/** The required parameters of a body, with valid values, plus what an operation needs beyond them. */
const EXTRA: Record<string, () => Record<string, unknown> | Promise<Record<string, unknown>>> = {
  'POST /v2/invoices': () => ({ lines: [{ description: 'Work', quantity: 1, unitCost: 10 }] }),
  'POST /v2/quotes': () => ({ lines: [{ description: 'Work', quantity: 1, unitCost: 10 }] }),
  'POST /v2/invoices/{id}/payments': () => ({ amount: 1, date: '2030-01-02' }),
  // A user needs a name or an e-mail: the e-mail is the nullable field under test.
  'POST /v2/users': () => ({ name: 'Someone' }),
  // An offer round: the world's supplier, who has portal access (docs/supplier-portal.md#offer-rounds).
  'POST /v2/jobs/{id}/outsourcing/offers': () => ({ suppliers: [w.supplier!], expiresAt: '2099-01-01T00:00:00Z', award: 'first' }),
  // Portal access needs the contact's e-mail, which the contacts' own case may have emptied before.
  'POST /v2/suppliers/{id}/contacts/{contactId}/portal-access': async () => {
    await t.api.put(`/v2/suppliers/${w.supplier}/contacts/${w.supplierContact}`, { email: 'supplier.contact@example.com' });
    return {};
  },
  // A request asks for a service of the account, from a language into another.
  'POST /v2/portal/client/requests': () => ({ service: w.service!, sourceLanguage: 'en', targetLanguages: ['fr'] }),
  'POST /v2/clients/{id}/contacts/{contactId}/portal-access': async () => {
    await t.api.put(`/v2/clients/${w.client}/contacts/${w.clientContact}`, { email: 'client.contact@example.com' });
    return {};
  },
};

async function requiredBody(route: Route): Promise<Record<string, unknown>> {
  const schema = route.bodySchema ?? {};
  const body: Record<string, unknown> = {};
  for (const name of (schema.required ?? []) as string[]) body[name] = validValue(name, schema.properties?.[name]);
  // A price is unique by its service and the rest: each new price gets a service of its own.
  if (route.method === 'POST' && 'service' in body && 'unitCost' in body) {
    body.service = (await t.api.post('/v2/account/services', { name: `Service ${Math.random().toString(36).slice(2, 8)}` })).body.id;
  }
  return { ...body, ...((await EXTRA[`${route.method} ${route.path}`]?.()) ?? {}) };
}

/** Records an update changes, made fresh where the world's record does not allow the update (a sent invoice). */
const FRESH: Record<string, () => Promise<string>> = {
  '/v2/invoices/{id}': async () =>
    (await t.api.post('/v2/invoices', { client: w.client!, lines: [{ description: 'Draft', quantity: 1, unitCost: 5 }] })).body.id,
};

function urlOf(route: Route, fresh?: string): string {
  const url = urlFor(w, route);
  return fresh === undefined ? url : url.replace(w.invoice!, fresh);
}

/** Where the changed record is in the answer: the answer itself, or an item of a list in it. */
function recordIn(route: Route, body: any): any {
  // Routes that answer the parent: the job for its outsourcing, the invoice for its payments.
  if (route.path.includes('/outsourcing')) {
    const outsourcing = body.outsourcing?.find((item: { id: string }) => item.id === w.outsourcing) ?? body.outsourcing?.at(-1);
    // `PUT …/outsourcing/{outsourcingId}/portal` changes the outsourcing's `portal` object.
    return route.path.endsWith('/portal') ? outsourcing?.portal : outsourcing;
  }
  if (route.path.endsWith('/payments')) return body.payments?.at(-1);
  return body;
}

function valueAt(record: any, path: string[]): unknown {
  let value = record;
  for (const part of path) value = value?.[part];
  return value;
}

/** The answer's schema of a field, to know whether it may be left out. */
function answerAllowsAbsent(route: Route, path: string[], status: number): boolean {
  const response = document.paths[route.path]?.[route.method.toLowerCase()]?.responses?.[String(status)];
  let schema: Schema | undefined = response?.content?.['application/json']?.schema;
  const resolve = (s: Schema | undefined) => (s?.$ref ? document.components?.schemas?.[String(s.$ref).split('/').pop()!] : s);
  for (const part of path) {
    schema = resolve(schema);
    if (!schema?.properties) return true; // a list item or a free object: the item's own schema is not checked here
    if (((schema.required ?? []) as string[]).includes(part) === false) return true;
    schema = schema.properties[part];
  }
  return false;
}

const nest = (path: string[], value: unknown): Record<string, unknown> =>
  path.length === 1 ? { [path[0]!]: value } : { [path[0]!]: nest(path.slice(1), value) };

interface Case {
  label: string;
  route: Route;
  path: string[];
  schema: Schema;
}

const CASES: Case[] = [];
for (const route of ROUTES) {
  if (!['POST', 'PUT', 'PATCH'].includes(route.method) || !route.bodyTypes.includes('application/x-www-form-urlencoded')) continue;
  for (const path of nullableTextParams(route.bodySchema)) {
    let schema: Schema = route.bodySchema!;
    for (const part of path) schema = (members(schema).find((m) => m.properties)?.properties ?? {})[part];
    CASES.push({ label: `${route.method} ${route.path} ${path.join('.')}`, route, path, schema });
  }
}

describe('the document', () => {
  it('has nullable text parameters to test, the named ones among them', () => {
    const labels = CASES.map((c) => c.label);
    expect(labels).toContain('PUT /v2/jobs/{id} purchaseOrder');
    expect(labels).toContain('PUT /v2/groups/{id} purchaseOrder');
    expect(labels).toContain('POST /v2/jobs externalReference');
    expect(CASES.length).toBeGreaterThan(60);
  });
});

/** The client portal's routes take a client's person's session (their cookie and CSRF token), not the API key. */
let clientPortalHeaders: Record<string, string> | undefined;
async function senderFor(route: Route, url: string, encoding: 'form' | 'json') {
  const json = encoding === 'json';
  if (!route.path.startsWith('/v2/portal/client/')) return (params: Record<string, unknown>) => t.api.request(route.method, url, params as never, { json });
  if (clientPortalHeaders === undefined) {
    const contact = await t.api.post(`/v2/clients/${w.client}/contacts`, { fullName: 'Nullable person', email: 'nullable.person@client.example' });
    clientPortalHeaders = await clientPortalHeadersFor(t.api, w.client!, contact.body.id as string);
  }
  const headers = clientPortalHeaders;
  return (params: Record<string, unknown>) => t.api.withKey(undefined).request(route.method, url, params as never, { json, headers });
}

describe.each(['form', 'json'] as const)('an empty value means null (%s)', (encoding) => {
  it.each(CASES.map((c) => [c.label, c] as const))('%s', async (label, { route, path, schema }) => {
    const fresh = await FRESH[route.path]?.();
    const url = urlOf(route, fresh);
    const send = await senderFor(route, url, encoding);
    const base = await requiredBody(route);
    const leaf = path.at(-1)!;
    if (route.method !== 'POST') {
      // Set first, so that the empty value must clear something.
      const set = await send({ ...base, ...nest(path, validValue(leaf, nonNull(schema))) });
      expect(set.status, `${label} set: ${JSON.stringify(set.body).slice(0, 300)}`).toBeLessThan(300);
      expect(valueAt(recordIn(route, set.body), path) ?? null, `${label} set: ${JSON.stringify(set.body).slice(0, 300)}`).not.toBeNull();
    }
    // toForm writes null as `name=`: the empty form value; JSON gets the empty string itself.
    const reply = await send({ ...base, ...nest(path, encoding === 'json' ? '' : null) });
    expect(reply.status, `${label}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBeLessThan(300);
    const value = valueAt(recordIn(route, reply.body), path);
    if (value === undefined)
      expect(answerAllowsAbsent(route, path, reply.status), `${label}: the answer leaves out a field it declares always present`).toBe(true);
    else expect(value, label).toBeNull();
  });
});

/** Nullable parameters of other types (numbers, booleans): an empty value answers as `null` does. */
const OTHER_CASES: Case[] = [];
for (const route of ROUTES) {
  if (!['POST', 'PUT', 'PATCH'].includes(route.method) || !route.bodyTypes.includes('application/x-www-form-urlencoded')) continue;
  for (const [name, schema] of Object.entries((route.bodySchema?.properties ?? {}) as Record<string, Schema>)) {
    if (isNullable(schema) && !isText(schema)) OTHER_CASES.push({ label: `${route.method} ${route.path} ${name}`, route, path: [name], schema });
  }
}

describe('nullable parameters of other types', () => {
  it('are found in the document', () => {
    expect(OTHER_CASES.map((c) => c.label)).toEqual(
      expect.arrayContaining(['PUT /v2/groups/{id} budget', 'POST /v2/suppliers rating', 'POST /v2/jobs timeBasedInvoice']),
    );
  });

  it.each(OTHER_CASES.map((c) => [c.label, c] as const))('%s: empty, in a form and in JSON, answers as null does', async (label, { route, path }) => {
    const url = urlOf(route, await FRESH[route.path]?.());
    const send = async (value: unknown, json: boolean) => {
      const reply = await t.api.request(route.method, url, { ...(await requiredBody(route)), ...nest(path, value) } as never, { json });
      expect(reply.status, `${label}: ${JSON.stringify(reply.body).slice(0, 300)}`).toBeLessThan(300);
      return valueAt(recordIn(route, reply.body), path);
    };
    const asNull = await send(null, true);
    expect(await send(null, false), `${label} form`).toEqual(asNull);
    expect(await send('', true), `${label} JSON`).toEqual(asNull);
  });
});

describe('nullable query parameters', () => {
  const QUERY_CASES: Array<[string, Route, string, string]> = [];
  for (const route of ROUTES.filter((r) => r.method === 'GET')) {
    const operation = document.paths[route.path]?.get;
    for (const parameter of (operation?.parameters ?? []) as Array<{ in: string; name: string; schema: Schema }>) {
      if (parameter.in !== 'query' || !isNullable(parameter.schema)) continue;
      // The parameters the operation requires go with the empty one, so that the answer is not a 400 for their absence.
      const rest = queryFor(w, route, parameter.name);
      QUERY_CASES.push([`GET ${route.path} ${parameter.name}`, route, parameter.name, rest ? `&${rest}` : '']);
    }
  }

  it('are found in the document', () => {
    expect(QUERY_CASES.map((c) => c[0])).toContain('GET /v2/jobs group');
  });

  it.each(QUERY_CASES)('%s: an empty value answers as null does', async (_label, route, name, rest) => {
    const url = urlFor(w, route);
    const empty = await t.api.get(`${url}?${name}=${rest}`);
    const nulled = await t.api.get(`${url}?${name}=null${rest}`);
    expect(empty.status, JSON.stringify(empty.body).slice(0, 300)).toBe(200);
    expect(empty.body).toEqual(nulled.body);
  });
});

describe('the named case: purchaseOrder of a job and a group', () => {
  it.each([
    ['jobs', () => w.job!],
    ['groups', () => w.group!],
  ] as const)('PUT /v2/%s/:id purchaseOrder= stores null: the answer, a read and the listing show null', async (collection, id) => {
    const url = `/v2/${collection}/${id()}`;
    expect((await t.api.put(url, { purchaseOrder: 'PO-1' })).body.purchaseOrder).toBe('PO-1');
    const cleared = await t.app.inject({
      method: 'PUT',
      url,
      payload: 'purchaseOrder=',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}` },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().purchaseOrder).toBeNull();
    expect((await t.api.get(url)).body.purchaseOrder).toBeNull();
    const listed = (await t.api.get(`/v2/${collection}`, { pageSize: 100 })).body.items.find((item: { id: string }) => item.id === id());
    expect(listed.purchaseOrder).toBeNull();
  });
});
