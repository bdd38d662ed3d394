import { afterAll, beforeAll } from 'vitest';
import { newId } from '../../../src/core/ids.js';
import { createTestApp, type Api, type TestContext } from '../../helper.js';

/** Shared set-up of the price tests: the four families as a table, and the master data they reference. */
export interface FamilyCase {
  name: string;
  key: 'supplier_default' | 'client_default' | 'supplier_service' | 'client_price';
  /** Owner table for the owned families. */
  owner?: 'clients' | 'suppliers';
  acceptsClient: boolean;
  hasPrice: boolean;
  paginated: boolean;
  base(ownerId?: string): string;
}

export const FAMILIES: FamilyCase[] = [
  {
    name: 'default supplier prices',
    key: 'supplier_default',
    acceptsClient: true,
    hasPrice: false,
    paginated: true,
    base: () => '/v2/account/prices/suppliers',
  },
  { name: 'default client prices', key: 'client_default', acceptsClient: false, hasPrice: false, paginated: true, base: () => '/v2/account/prices/clients' },
  {
    name: 'supplier services',
    key: 'supplier_service',
    owner: 'suppliers',
    acceptsClient: true,
    hasPrice: true,
    paginated: false,
    base: (id) => `/v2/suppliers/${id}/services`,
  },
  {
    name: 'client prices',
    key: 'client_price',
    owner: 'clients',
    acceptsClient: false,
    hasPrice: false,
    paginated: false,
    base: (id) => `/v2/clients/${id}/prices`,
  },
];

/** Inserts a client or supplier row directly (the clients and suppliers modules are not needed). */
export async function insertParty(t: TestContext, table: 'clients' | 'suppliers', accountId: string, name: string): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  const common = {
    id,
    account_id: accountId,
    name,
    name_key: name.toLowerCase(),
    search_text: name.toLowerCase(),
    address: '{}',
    email: '',
    phone: '',
    vat_number: '',
    national_identification_number: '',
    details: '',
    archived: 0,
    pinned: 0,
    currency: 'EUR',
    cat_configuration_id: null,
    created_at: now,
    updated_at: now,
  };
  if (table === 'clients')
    await t.database.db
      .insertInto('clients')
      .values({ ...common, website: '', document_match_display: 'none', show_exchange_rate_on_invoice: 0 })
      .execute();
  else
    await t.database.db
      .insertInto('suppliers')
      .values({ ...common, supplier_type: 'freelance', mobile_phone: '', nickname: '' })
      .execute();
  return id;
}

export interface World {
  service: Record<string, string>;
  unit: Record<string, string>;
  match: Record<string, string>;
  domain: { legal: string; medical: string };
  pair: { enFr: string; deFr: string };
  client: { acme: string; beta: string };
  supplier: { anna: string; bob: string };
  /** Ids of the second account, for the tenancy boundary. */
  other: { service: string; unit: string; match: string; domain: string; pair: string; client: string; supplier: string };
}

async function byName(api: Api, path: string): Promise<Record<string, string>> {
  const list = (await api.get(path)).body as Array<{ id: string; name: string }>;
  return Object.fromEntries(list.map((item) => [item.name, item.id]));
}

/**
 * The set-up of a test file that works in one world: the app and its world are built before the
 * file's first test and closed after its last; `use` receives them (the file keeps them in `t`, `w`).
 */
export function worldPerFile(use: (t: TestContext, w: World) => void): void {
  let app: TestContext | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app, await buildWorld(app));
  });
  afterAll(async () => {
    await app?.close();
  });
}

export async function buildWorld(t: TestContext): Promise<World> {
  const pair = async (api: Api, source: string, target: string, bidirectional = false) =>
    (await api.post('/v2/account/language-pairs', { source, target, bidirectional })).body.id as string;
  const domain = async (api: Api, name: string) => (await api.post('/v2/account/domains', { name })).body.id as string;
  const otherServices = await byName(t.otherApi, '/v2/account/services');
  const otherUnits = await byName(t.otherApi, '/v2/account/quantity-types');
  const otherMatches = await byName(t.otherApi, '/v2/account/matches');
  return {
    service: await byName(t.api, '/v2/account/services'),
    unit: await byName(t.api, '/v2/account/quantity-types'),
    match: await byName(t.api, '/v2/account/matches'),
    domain: { legal: await domain(t.api, 'Legal'), medical: await domain(t.api, 'Medical') },
    pair: { enFr: await pair(t.api, 'en', 'fr', true), deFr: await pair(t.api, 'de', 'fr') },
    client: { acme: await insertParty(t, 'clients', t.account.accountId, 'Acme'), beta: await insertParty(t, 'clients', t.account.accountId, 'Beta') },
    supplier: { anna: await insertParty(t, 'suppliers', t.account.accountId, 'Anna'), bob: await insertParty(t, 'suppliers', t.account.accountId, 'Bob') },
    other: {
      service: otherServices.Translation!,
      unit: otherUnits.Words!,
      match: otherMatches['100%']!,
      domain: await domain(t.otherApi, 'Legal'),
      pair: await pair(t.otherApi, 'en', 'fr'),
      client: await insertParty(t, 'clients', t.other.accountId, 'Other client'),
      supplier: await insertParty(t, 'suppliers', t.other.accountId, 'Other supplier'),
    },
  };
}

/** The owner of a family's records in the first account (undefined for the account families). */
export function ownerOf(family: FamilyCase, world: World, which: 'first' | 'second' = 'first'): string | undefined {
  if (family.owner === 'clients') return which === 'first' ? world.client.acme : world.client.beta;
  if (family.owner === 'suppliers') return which === 'first' ? world.supplier.anna : world.supplier.bob;
  return undefined;
}

/** Rows of the events table of one type, data parsed. */
export async function eventsOf(t: TestContext, type: string): Promise<unknown[]> {
  const rows = await t.database.db
    .selectFrom('events')
    .select('data')
    .where('account_id', '=', t.account.accountId)
    .where('type', '=', type)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.data));
}

export const ID = /^[0-9a-f]{24}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
