import type { FastifyInstance } from 'fastify';
import type { Api, TestContext } from '../helper.js';
import { BOUNDARY, multipartBody, uploadFile } from '../http/files/helper.js';

/**
 * Shared set-up of the generated reliability suites: the route list of the OpenAPI document, one
 * record of every kind that routes name by id, and the mapping from a path parameter to the id
 * of the matching record.
 */
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

export interface Route {
  method: Method;
  /** The OpenAPI form: `/v2/jobs/{id}`. */
  path: string;
  /** Content types of the request body the document declares (empty: no body). */
  bodyTypes: string[];
  /** Query parameter names the document declares. */
  query: string[];
  /** Those of them the document marks required (a price preview's client, service, …). */
  requiredQuery: string[];
  /** Path parameters, in order. */
  params: string[];
  /** The JSON schema of the body (JSON, else form, else multipart), with `$ref`s resolved. */
  bodySchema?: Schema;
}

export type Schema = Record<string, any>;

export async function openApiRoutes(app: FastifyInstance): Promise<Route[]> {
  const reply = await app.inject({ method: 'GET', url: '/v2/openapi.json' });
  if (reply.statusCode !== 200) throw new Error(`GET /v2/openapi.json answered ${reply.statusCode}`);
  const document = JSON.parse(reply.body) as {
    paths: Record<
      string,
      Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }>; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (schema: unknown, depth = 0): any => {
    if (depth > 20 || schema === null || typeof schema !== 'object') return schema;
    if (Array.isArray(schema)) return schema.map((item) => resolve(item, depth + 1));
    const ref = (schema as Schema).$ref as string | undefined;
    if (ref?.startsWith('#/components/schemas/')) return resolve(document.components?.schemas?.[ref.slice('#/components/schemas/'.length)], depth + 1);
    return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolve(value, depth + 1)]));
  };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/v2/') || path === '/v2/openapi.json') continue;
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!METHODS.has(upper)) continue;
      routes.push({
        method: upper as Method,
        path,
        bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        requiredQuery: (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        bodySchema: resolve(
          operation.requestBody?.content?.['application/json']?.schema ??
            operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema ??
            operation.requestBody?.content?.['multipart/form-data']?.schema,
        ),
      });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The ids of the records of one account, by kind (see `idFor` for how path parameters map to kinds). */
export type World = Record<string, string>;

async function created(api: Api, path: string, params: Record<string, unknown>, status: number | 'any' = 201): Promise<any> {
  const reply = await api.post(path, params as never);
  if (status === 'any' ? reply.status >= 300 : reply.status !== status)
    throw new Error(`set-up: POST ${path} answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 400)}`);
  return reply.body;
}

/**
 * One record of every kind in the account of `api` (account 1 in the suites). Files are uploaded
 * through `t`, with the key of `api`.
 */
export async function buildWorld(t: TestContext, api: Api): Promise<World> {
  const w: World = {};
  const uniq = Math.random().toString(36).slice(2, 8);
  w.user = (await api.get('/v2/users/me')).body.id;
  w.apiKey = (await created(api, '/v2/api-keys', { name: `Key ${uniq}` })).id;
  w.service = (await created(api, '/v2/account/services', { name: `Service ${uniq}` })).id;
  w.unit = (await created(api, '/v2/account/quantity-types', { name: `Unit ${uniq}` })).id;
  w.match = ((await api.get('/v2/account/matches')).body as Array<{ id: string }>)[0]!.id;
  w.domain = (await created(api, '/v2/account/domains', { name: `Domain ${uniq}` })).id;
  w.label = (await created(api, '/v2/account/labels', { name: `Label ${uniq}`, color: '#ff0000' })).id;
  w.tax = (await created(api, '/v2/account/taxes', { name: `Tax ${uniq}`, value: 0.21 })).id;
  w.pair = (await created(api, '/v2/account/language-pairs', { source: 'en', target: 'fr' })).id;
  // One rate a currency and day: a day of its own for each world built in the account.
  const rateDay = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 2_500_000) * 86_400_000).toISOString().slice(0, 10);
  w.exchangeRate = (await created(api, '/v2/account/exchange-rates', { date: rateDay, currency: 'USD', rate: 1.0856 })).id;
  w.catConfiguration = (
    await created(api, '/v2/account/cat-configurations', {
      name: `CAT ${uniq}`,
      catTool: 'trados',
      conversionFactor: 1,
      destinationQuantityType: w.unit,
      sourceQuantityType: 'words',
    })
  ).id;
  await created(api, `/v2/account/cat-configurations/${w.catConfiguration}/match/${w.match}/cat-tool-match/exact`, {}, 200);

  // The client's and the account's VAT numbers and countries: what the invoice's e-invoice (GET /v2/invoices/:id/ubl) needs to answer 200.
  w.client = (
    await created(api, '/v2/clients', { name: `Client ${uniq}`, currency: 'EUR', vatNumber: 'BE0987654321', address: { city: 'Brussels', country: 'BE' } })
  ).id;
  const account = await api.put('/v2/account', { vatNumber: 'BE0123456749', address: { city: 'Ghent', country: 'BE' } });
  if (account.status !== 200) throw new Error(`set-up: PUT /v2/account answered ${account.status} ${JSON.stringify(account.body).slice(0, 400)}`);
  w.clientContact = (await created(api, `/v2/clients/${w.client}/contacts`, { fullName: 'Client contact' }, 'any')).id;
  w.supplier = (await created(api, '/v2/suppliers', { name: `Supplier ${uniq}`, currency: 'EUR' })).id;
  w.supplierContact = (
    await created(api, `/v2/suppliers/${w.supplier}/contacts`, { fullName: 'Supplier contact', email: 'supplier.contact@example.com' }, 'any')
  ).id;
  w.unavailability = (await created(api, `/v2/suppliers/${w.supplier}/unavailabilities`, { from: '2030-01-01', to: '2030-01-10' }, 'any')).id;
  await created(api, `/v2/suppliers/${w.supplier}/language-pairs/${w.pair}`, {}, 200);

  // One price of each family, each with one match entry (the match category `w.match`).
  const price = { currency: 'EUR', matchesType: 'fixed', quantityType: w.unit, service: w.service, unitCost: 0.1 };
  for (const [kind, path] of [
    ['supplierDefaultPrice', '/v2/account/prices/suppliers'],
    ['clientDefaultPrice', '/v2/account/prices/clients'],
    ['supplierServicePrice', `/v2/suppliers/${w.supplier}/services`],
    ['clientPrice', `/v2/clients/${w.client}/prices`],
  ] as const) {
    w[kind] = (await created(api, path, price)).id;
    await created(api, `${path}/${w[kind]}/match`, { match: w.match, unitCost: 0.05 }, 200);
  }

  w.job = (
    await created(api, '/v2/jobs', { name: `Job ${uniq}`, client: w.client, quantity: 100, quantityType: w.unit, service: w.service, fixedPrice: 100 })
  ).id;
  const outsourced = await created(api, `/v2/jobs/${w.job}/outsourcing`, { supplier: w.supplier, fixedPrice: 60 }, 200);
  w.outsourcing = outsourced.outsourcing[0].id;
  // On the supplier portal, asking an answer, with a checklist: the portal's routes have work to reach.
  const onPortal = await api.put(
    `/v2/jobs/${w.job}/outsourcing/${w.outsourcing}/portal`,
    { enabled: true, confirm: true, checklist: [{ name: 'Check' }] },
    { json: true },
  );
  if (onPortal.status !== 200) throw new Error(`set-up: PUT …/portal answered ${onPortal.status} ${JSON.stringify(onPortal.body).slice(0, 400)}`);
  w.checklistItem = (onPortal.body.outsourcing as Array<{ id: string; portal: { checklist: Array<{ id: string }> } }>).find(
    (item) => item.id === w.outsourcing,
  )!.portal.checklist[0]!.id;
  // An offer round of the job to the supplier (docs/supplier-portal.md#offer-rounds): the supplier's contact needs portal access for it.
  await created(api, `/v2/suppliers/${w.supplier}/contacts/${w.supplierContact}/portal-access`, {}, 200);
  w.offerRound = (
    await created(api, `/v2/jobs/${w.job}/outsourcing/offers`, { suppliers: [w.supplier], expiresAt: '2099-01-01T00:00:00Z', award: 'choose', fixedPrice: 60 })
  ).id;
  const tracked = await created(api, `/v2/jobs/${w.job}/trackers`, { duration: 3_600_000, from: '2030-01-01T00:00:00Z' }, 200);
  w.tracker = tracked.timeTrackers?.list?.[0]?.id ?? '';
  if (!w.tracker) throw new Error(`set-up: no tracker id in ${JSON.stringify(tracked).slice(0, 400)}`);
  w.group = (await created(api, '/v2/groups', { name: `Group ${uniq}`, client: w.client })).id;
  await created(api, `/v2/groups/${w.group}/jobs/${w.job}`, {}, 200);

  w.invoice = (await created(api, '/v2/invoices', { client: w.client, lines: [{ description: 'Work', quantity: 1, unitCost: 100 }] })).id;
  await created(api, `/v2/invoices/${w.invoice}/send`, {}, 200);
  const paid = await created(api, `/v2/invoices/${w.invoice}/payments`, { amount: 10, date: '2030-01-01' }, 200);
  w.payment = paid.payments[0].id;
  w.quote = (await created(api, '/v2/quotes', { client: w.client, lines: [{ description: 'Estimate', quantity: 1, unitCost: 10 }] })).id;
  w.purchaseOrder = (await created(api, '/v2/purchase-orders', { supplier: w.supplier, outsourcing: [w.outsourcing] })).id;

  // A supplier invoice submitted from the portal for an order of the supplier's own (docs/supplier-invoices.md).
  const billed = (await created(api, '/v2/purchase-orders', { supplier: w.supplier, lines: [{ description: 'Billed', quantity: 1, unitCost: 20 }] })).id;
  await created(api, `/v2/purchase-orders/${billed}/send`, {}, 200);
  const fields = { number: `INV-${uniq}`, date: '2030-01-01', currency: 'EUR', total: '20', purchaseOrderIds: billed };
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/v2/portal/invoices',
    headers: { ...(await portalHeadersFor(api, w)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody([
      ...Object.entries(fields).map(([name, content]) => ({ name, content })),
      { name: 'file', filename: 'invoice.pdf', content: '%PDF-1.4\n%%EOF\n', type: 'application/pdf' },
    ]),
  });
  if (submitted.statusCode !== 201) throw new Error(`set-up: POST /v2/portal/invoices answered ${submitted.statusCode} ${submitted.body.slice(0, 400)}`);
  w.supplierInvoice = submitted.json<{ id: string }>().id;

  // A request of the client from the client portal, with a file (docs/client-portal.md#requests).
  const requester = (
    await created(api, `/v2/clients/${w.client}/contacts`, { fullName: 'Requesting contact', email: `requests.${uniq}@client.example`.toLowerCase() }, 'any')
  ).id as string;
  const asked = await t.app.inject({
    method: 'POST',
    url: '/v2/portal/client/requests',
    headers: { ...(await clientPortalHeadersFor(api, w.client!, requester)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody([
      { name: 'service', content: w.service! },
      { name: 'sourceLanguage', content: 'en' },
      { name: 'targetLanguages', content: 'fr' },
      { name: 'file', filename: 'request.txt', content: 'Please translate this' },
    ]),
  });
  if (asked.statusCode !== 201) throw new Error(`set-up: POST /v2/portal/client/requests answered ${asked.statusCode} ${asked.body.slice(0, 400)}`);
  w.request = asked.json<{ id: string }>().id;
  w['file:requests'] = asked.json<{ files: Array<{ id: string }> }>().files[0]!.id;

  // A webhook endpoint with one delivery (its test event).
  w.webhook = (await created(api, '/v2/webhooks', { url: 'https://hooks.example.com/world', events: ['*'] })).id;
  w.delivery = (await created(api, `/v2/webhooks/${w.webhook}/test`, {}, 202)).id;

  // A note on every parent that takes notes.
  for (const [kind, base] of [
    ['clients', `/v2/clients/${w.client}`],
    ['suppliers', `/v2/suppliers/${w.supplier}`],
    ['jobs', `/v2/jobs/${w.job}`],
    ['groups', `/v2/groups/${w.group}`],
    ['invoices', `/v2/invoices/${w.invoice}`],
    ['quotes', `/v2/quotes/${w.quote}`],
    ['purchase-orders', `/v2/purchase-orders/${w.purchaseOrder}`],
  ] as const) {
    const parent = await created(api, `${base}/notes`, { content: 'A note' }, 200);
    w[`note:${kind}`] = parent.notes[0].id;
  }
  // A file of every parent that takes files.
  for (const [kind, base] of [
    ['clients', `/v2/clients/${w.client}`],
    ['suppliers', `/v2/suppliers/${w.supplier}`],
    ['jobs', `/v2/jobs/${w.job}`],
    ['groups', `/v2/groups/${w.group}`],
  ] as const) {
    const reply = await uploadFile(t, base, 'source.txt', 'Hello, world', api.apiKey);
    if (reply.status !== 201 && reply.status !== 200)
      throw new Error(`set-up: upload to ${base} answered ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
    w[`file:${kind}`] = Array.isArray(reply.body) ? reply.body[0].id : (reply.body.id ?? reply.body.files?.[0]?.id);
  }
  for (const [key, value] of Object.entries(w)) if (!/^[0-9a-f]{24}$/.test(value)) throw new Error(`set-up: ${key} has no id (${value})`);
  return w;
}

/** Path parameters that are not ids, and the valid value they get. */
export const NON_ID_VALUES: Record<string, string> = { position: '0', toolMatch: 'exact' };

/**
 * The id for a path parameter. Path parameter names are not unique across the API (`id` is the
 * record of the first collection segment, `priceId` is a default price under /v2/account/prices
 * and a client price under /v2/clients, `noteId` and `fileId` belong to their parent, …), so the
 * kind is read from the path around the parameter:
 *
 * - a parameter directly after `/v2/<collection>/` (or `/v2/account/<collection>/`) is a record of
 *   that collection: clients → client, jobs → job, account/taxes → tax, account/prices/clients →
 *   clientDefaultPrice, …;
 * - a nested parameter is named by the literal segment before it: contacts → the contact of the
 *   parent (client or supplier), notes → `note:<parent collection>`, files → `file:<parent
 *   collection>`, labels → label, jobs → job, match / matches → match (a match category),
 *   outsourcing / upload / with → outsourcing, offers → offerRound, trackers / stop → tracker, payments → payment,
 *   unavailabilities → unavailability, invoices (of the portal) → supplierInvoice, requests → request
 *   (and the client portal's files → `file:requests`),
 *   language-pairs → pair, services → supplierServicePrice
 *   (under suppliers), prices → clientPrice (under clients);
 * - `position` and `toolMatch` are not ids: NON_ID_VALUES.
 *
 * A parameter that none of these rules names throws, so that a new route fails loudly here
 * instead of being tested with a wrong id.
 */
export function idFor(w: World, path: string, param: string): string {
  if (param in NON_ID_VALUES) return NON_ID_VALUES[param]!;
  const segments = path.split('/').filter(Boolean); // ['v2', 'clients', '{id}', 'contacts', '{contactId}']
  const index = segments.indexOf(`{${param}}`);
  if (index < 0) throw new Error(`${path}: no parameter ${param}`);
  const root = segments[1] === 'account' ? segments[2]! : segments[1]!;
  const before = segments[index - 1]!;
  const kind = (() => {
    if (segments[1] === 'account' && index === 3) {
      return (
        {
          services: 'service',
          matches: 'match',
          'quantity-types': 'unit',
          domains: 'domain',
          labels: 'label',
          taxes: 'tax',
          'language-pairs': 'pair',
          'cat-configurations': 'catConfiguration',
          'exchange-rates': 'exchangeRate',
        } as Record<string, string>
      )[before];
    }
    if (segments[1] === 'account' && segments[2] === 'prices' && index === 4)
      return before === 'suppliers' ? 'supplierDefaultPrice' : before === 'clients' ? 'clientDefaultPrice' : undefined;
    if (index === 2) {
      return (
        {
          clients: 'client',
          suppliers: 'supplier',
          jobs: 'job',
          groups: 'group',
          invoices: 'invoice',
          quotes: 'quote',
          'purchase-orders': 'purchaseOrder',
          users: 'user',
          'api-keys': 'apiKey',
          webhooks: 'webhook',
          'supplier-invoices': 'supplierInvoice',
          requests: 'request',
        } as Record<string, string>
      )[before];
    }
    switch (before) {
      case 'contacts':
        return root === 'clients' ? 'clientContact' : root === 'suppliers' ? 'supplierContact' : undefined;
      case 'notes':
        return `note:${root}`;
      // The portal's files of a piece of work are the job's (and its group's) files.
      // The client portal's files are those of its requests.
      case 'files':
        return root === 'portal' ? (segments[2] === 'client' ? 'file:requests' : 'file:jobs') : `file:${root}`;
      case 'labels':
        return 'label';
      case 'jobs':
        return 'job';
      case 'match':
      case 'matches':
        return 'match';
      // `work`: the portal's work is an outsourcing, seen by its supplier.
      case 'outsourcing':
      case 'upload':
      case 'with':
      case 'work':
        return 'outsourcing';
      case 'checklist':
        return 'checklistItem';
      case 'offers':
        return 'offerRound';
      case 'trackers':
      case 'stop':
        return 'tracker';
      case 'payments':
        return 'payment';
      // The portal's invoices are the supplier invoices, seen by their supplier; the client portal's are the client's invoices.
      case 'invoices':
        return root === 'portal' ? (segments[2] === 'client' ? 'invoice' : 'supplierInvoice') : undefined;
      // The client portal's quotes are the client's quotes.
      case 'quotes':
        return root === 'portal' ? 'quote' : undefined;
      case 'deliveries':
        return 'delivery';
      // The client portal's requests.
      case 'requests':
        return 'request';
      case 'unavailabilities':
        return 'unavailability';
      case 'language-pairs':
        return 'pair';
      case 'services':
        return root === 'suppliers' ? 'supplierServicePrice' : undefined;
      case 'prices':
        return root === 'clients' ? 'clientPrice' : undefined;
      default:
        return undefined;
    }
  })();
  const id = kind === undefined ? undefined : w[kind];
  if (id === undefined) throw new Error(`${path}: no record kind for the path parameter ${param} (segment ${before}); extend idFor`);
  return id;
}

/** The concrete URL of a route with the ids of `w`. */
export function urlFor(w: World, route: Pick<Route, 'path' | 'params'>): string {
  let url = route.path;
  for (const param of route.params) url = url.replace(`{${param}}`, encodeURIComponent(idFor(w, route.path, param)));
  return url;
}

/**
 * Values of the query parameters an operation requires, from a world: a price preview's client,
 * service, unit and quantity, a job's supplier prices' supplier. A new required query parameter
 * needs its value here (queryFor says so).
 */
const REQUIRED_QUERY_VALUES: Record<string, (w: World) => string | undefined> = {
  client: (w) => w.client,
  service: (w) => w.service,
  quantityType: (w) => w.unit,
  quantity: () => '100',
  supplierId: (w) => w.supplier,
  // GET /v2/account/prices/lookup (docs/prices.md#price-look-up).
  for: () => 'client',
  currency: () => 'EUR',
  // GET /v2/reports/margins (docs/reports.md#margins).
  by: () => 'client',
};

/**
 * The required query parameters of a route with the records of `w`, as `name=value&…` ('' for
 * none), leaving out `except` (a parameter the caller sends itself).
 */
export function queryFor(w: World, route: Pick<Route, 'path' | 'requiredQuery'>, except?: string): string {
  return route.requiredQuery
    .filter((name) => name !== except)
    .map((name) => {
      const value = REQUIRED_QUERY_VALUES[name]?.(w);
      if (value === undefined) throw new Error(`${route.path}: no value for the required query parameter ${name}; extend REQUIRED_QUERY_VALUES`);
      return `${name}=${encodeURIComponent(value)}`;
    })
    .join('&');
}

/** urlFor with the route's required query parameters. */
export function fullUrlFor(w: World, route: Pick<Route, 'path' | 'params' | 'requiredQuery'>): string {
  const query = queryFor(w, route);
  return query ? `${urlFor(w, route)}?${query}` : urlFor(w, route);
}

export const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/**
 * A minimal value that satisfies `schema` (required properties only), for bodies that must pass
 * validation to reach the handler. Ids are `id` (a well-formed id).
 */
export function minimalValue(schema: Schema | undefined, id: string): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as Schema[];
    return minimalValue(options.find((option) => option.type !== 'null') ?? options[0], id);
  }
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of (schema.required ?? []) as string[]) value[key] = minimalValue(schema.properties?.[key], id);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(schema.items, id));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (schema['x-id'] || schema.pattern === '^[0-9a-f]{24}$') return id;
      if (schema.format === 'iso-date' || schema.format === 'date-time' || schema.format === 'date') return '2030-01-01';
      if (schema.format === 'currency-code') return 'EUR';
      if (schema.format === 'email') return 'a@example.com';
      if (schema.format === 'language-code') return 'en';
      if (schema.format === 'country-code') return 'BE';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return {};
  }
}

/**
 * A portal session of the world's supplier contact (docs/supplier-portal.md#sessions): the headers
 * that authenticate a call of the portal's routes (its cookie, and its CSRF token for writes).
 */
/** Signs a client's contact in to the client portal (access with every permission): the headers of their session. */
export async function clientPortalHeadersFor(api: Api, clientId: string, contactId: string): Promise<Record<string, string>> {
  const granted = await api.post(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, {});
  if (granted.status !== 200) throw new Error(`set-up: client portal access answered ${granted.status} ${JSON.stringify(granted.body).slice(0, 400)}`);
  const token = new URL(granted.body.link.url as string).hash.slice('#token='.length);
  const signedIn = await api.withKey(undefined).post('/v2/portal/auth/sign-in', { token });
  const cookie = ([signedIn.headers['set-cookie']].flat() as string[]).find((line) => line.startsWith('td_portal='))!.split(';')[0]!;
  return { cookie, 'x-csrf-token': signedIn.body.csrfToken as string };
}

export async function portalHeadersFor(api: Api, w: World): Promise<Record<string, string>> {
  const granted = await api.post(`/v2/suppliers/${w.supplier}/contacts/${w.supplierContact}/portal-access`, {});
  if (granted.status !== 200) throw new Error(`set-up: portal access answered ${granted.status} ${JSON.stringify(granted.body).slice(0, 400)}`);
  const token = new URL(granted.body.link.url as string).hash.slice('#token='.length);
  const signedIn = await api.withKey(undefined).post('/v2/portal/auth/sign-in', { token });
  const cookie = ([signedIn.headers['set-cookie']].flat() as string[]).find((line) => line.startsWith('td_portal='))!.split(';')[0]!;
  return { cookie, 'x-csrf-token': signedIn.body.csrfToken as string };
}
