import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../core/db/database.js';
import { attributeToSystem } from '../../core/events.js';
import { ownerOf } from '../accounts/index.js';
import { deleteApiKey, insertApiKey } from '../api-keys/index.js';
import { CAT_PRESETS } from '../cat-configurations/index.js';

/**
 * `transdesk demo-data [--account ID]`: a realistic data set for trying the API. It is written
 * through the API itself (in-process, with a temporary key of the account owner), so every record
 * passes the same validation and rules as any client's, and records its events.
 */
type Body = Record<string, unknown>;

/**
 * How many requests `createDemoData` makes: the total of its progress reports (the demo-data test
 * checks that the last report reaches it exactly).
 */
export const DEMO_DATA_REQUESTS = 81;

/** Told after each request: how many were made so far, out of DEMO_DATA_REQUESTS. */
export type DemoProgress = (done: number, total: number) => void;

/** A client of the API inside the process (inject), for data written through the API itself. */
export class InProcessClient {
  private made = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly key: string,
    private readonly onRequest?: (made: number) => void,
  ) {}

  async call<T = Body>(method: 'GET' | 'POST' | 'PUT', url: string, body?: Body): Promise<T> {
    const reply = await this.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${this.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    if (reply.statusCode >= 300) throw new Error(`${method} ${url} answered ${reply.statusCode}: ${reply.body}`);
    this.onRequest?.((this.made += 1));
    return reply.json<T>();
  }
}

interface Named {
  id: string;
  name: string;
}

export async function createDemoData(database: Database, accountId: string, options: { onProgress?: DemoProgress } = {}): Promise<string> {
  const ownerId = await ownerOf(database.db, accountId);
  if (!ownerId) throw new Error(`no account ${accountId}`);
  const existing = await database.db.selectFrom('taxes').select('id').where('account_id', '=', accountId).where('name_key', '=', 'vat 21%').executeTakeFirst();
  if (existing) throw new Error('this account already has the demo data (tax "VAT 21%" exists)');

  const config = loadConfig({ ...process.env, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  const { keyId, apiKey } = await insertApiKey(database.db, accountId, ownerId);
  try {
    const onProgress = options.onProgress;
    return await fill(
      new InProcessClient(app, apiKey, onProgress && ((made) => onProgress(made, DEMO_DATA_REQUESTS))),
      await tradosPreset(database, accountId),
    );
  } finally {
    // Added by the command line, not by a person nor a key that outlives it: the system's changes (docs/access.md#who-did-what).
    await attributeToSystem(database.db, accountId, keyId);
    await deleteApiKey(database.db, keyId);
    await app.close();
  }
}

/** The id of the account's Trados preset configuration (read here, so that the demo makes as many requests either way). */
async function tradosPreset(database: Database, accountId: string): Promise<string | undefined> {
  const preset = CAT_PRESETS.find((candidate) => candidate.id === 'trados')!;
  const row = await database.db
    .selectFrom('cat_configurations')
    .select('id')
    .where('account_id', '=', accountId)
    .where('cat_tool', '=', preset.catTool)
    .where('name', '=', preset.name)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.id;
}

/**
 * One request after the other: lists answer in creation order (a price's match rates, a
 * configuration's matches), so the demo data reads the same on every run and database. It takes
 * about a second on either database; building the app in-process is most of the rest.
 */
async function fill(api: InProcessClient, trados: string | undefined): Promise<string> {
  const inTurn = async <T, R>(items: readonly T[], send: (item: T) => Promise<R>) => {
    const answers: R[] = [];
    for (const item of items) answers.push(await send(item));
    return answers;
  };
  const byName = (list: Named[]) => Object.fromEntries(list.map((item) => [item.name, item.id])) as Record<string, string>;
  const service = byName(await api.call<Named[]>('GET', '/v2/account/services'));
  const unit = byName(await api.call<Named[]>('GET', '/v2/account/quantity-types'));
  const match = byName(await api.call<Named[]>('GET', '/v2/account/matches'));

  const vat = await api.call<Named>('POST', '/v2/account/taxes', { name: 'VAT 21%', value: 0.21 });
  await api.call('PUT', `/v2/account/taxes/${vat.id}`, { isDefaultTax1: true });
  await api.call('POST', '/v2/account/taxes', { name: 'VAT 0% (reverse charge)', value: 0 });
  const domain = byName(await inTurn(['Legal', 'Medical', 'Marketing', 'IT & software'], (name) => api.call<Named>('POST', '/v2/account/domains', { name })));
  const labels = [
    ['VIP', '#d4af37'],
    ['Urgent', '#e53935'],
    ['Key account', '#1e88e5'],
  ] as const;
  const label = byName(await inTurn(labels, ([name, color]) => api.call<Named>('POST', '/v2/account/labels', { name, color })));
  const pairs = [
    ['en', 'fr', true],
    ['en', 'de', false],
    ['en', 'nl', false],
    ['fr', 'nl', false],
    ['en-US', 'es', false],
  ] as const;
  const pairIds = await inTurn(pairs, ([source, target, bidirectional]) =>
    api.call<Named>('POST', '/v2/account/language-pairs', { source, target, bidirectional }),
  );
  const pair = Object.fromEntries(pairs.map(([source, target], index) => [`${source}>${target}`, pairIds[index]!.id])) as Record<string, string>;

  // The account's Trados preset (every account has one per tool, docs/cat-configurations.md#presets), or a new one from it.
  const cat = trados
    ? await api.call<Named>('GET', `/v2/account/cat-configurations/${trados}`)
    : await api.call<Named>('POST', '/v2/account/cat-configurations', { preset: 'trados' });

  const acme = await api.call<Named>('POST', '/v2/clients', {
    name: 'Acme Pharma NV',
    email: 'projects@acme-pharma.example',
    phone: '+32 2 555 01 23',
    website: 'https://acme-pharma.example',
    vatNumber: 'BE0123456789',
    address: { name: 'Acme Pharma NV', street: 'Rue de la Loi 42', city: 'Brussels', postalCode: '1040', country: 'BE' },
    currency: 'EUR',
    minimumFee: 45,
    catConfiguration: cat.id,
  });
  await api.call('POST', `/v2/clients/${acme.id}/contacts`, {
    fullName: 'Sophie Martin',
    email: 'sophie.martin@acme-pharma.example',
    title: 'Localisation manager',
    phone: '+32 2 555 01 24',
  });
  await api.call('POST', `/v2/clients/${acme.id}/contacts`, {
    fullName: 'Tom Peeters',
    email: 'tom.peeters@acme-pharma.example',
    title: 'Accounts payable',
    emails: { quote: false, invoice: true },
  });
  await api.call('POST', `/v2/clients/${acme.id}/labels/${label.VIP}`);
  const globex = await api.call<Named>('POST', '/v2/clients', {
    name: 'Globex Legal LLP',
    email: 'office@globex-legal.example',
    address: { name: 'Globex Legal LLP', street: '10 Fleet Street', city: 'London', postalCode: 'EC4Y 1AA', country: 'GB' },
    currency: 'GBP',
  });
  await api.call('POST', `/v2/clients/${globex.id}/contacts`, { fullName: 'James Whitaker', email: 'j.whitaker@globex-legal.example', title: 'Partner' });
  await api.call('POST', `/v2/clients/${globex.id}/labels/${label['Key account']}`);
  const initech = await api.call<Named>('POST', '/v2/clients', {
    name: 'Initech Software GmbH',
    address: { name: 'Initech Software GmbH', street: 'Friedrichstraße 100', city: 'Berlin', postalCode: '10117', country: 'DE' },
    currency: 'EUR',
  });
  await api.call('POST', `/v2/clients/${initech.id}/contacts`, { fullName: 'Lena Schmidt', email: 'lena.schmidt@initech.example' });

  const marie = await api.call<Named>('POST', '/v2/suppliers', {
    name: 'Marie Dubois',
    supplierType: 'freelance',
    email: 'marie@dubois-traductions.example',
    rating: 4.5,
    timezone: 'Europe/Paris',
    address: { city: 'Lyon', country: 'FR' },
    languagePairs: [pair['en>fr']],
    domains: [domain.Legal, domain.Medical],
  });
  await api.call('POST', `/v2/suppliers/${marie.id}/unavailabilities`, { from: nextMonday(14), to: nextMonday(18), reason: 'Holidays' });
  const hans = await api.call<Named>('POST', '/v2/suppliers', {
    name: 'Hans Müller',
    email: 'hans@mueller-uebersetzungen.example',
    rating: 4,
    timezone: 'Europe/Berlin',
    languagePairs: [pair['en>de']],
    domains: [domain['IT & software']],
  });
  const lingo = await api.call<Named>('POST', '/v2/suppliers', {
    name: 'Lingo Partners BV',
    supplierType: 'company',
    email: 'jobs@lingopartners.example',
    address: { name: 'Lingo Partners BV', city: 'Utrecht', country: 'NL' },
    languagePairs: [pair['en>nl'], pair['fr>nl']],
    domains: [domain.Marketing],
  });
  await api.call('POST', `/v2/suppliers/${lingo.id}/contacts`, { fullName: 'Eva de Vries', email: 'eva@lingopartners.example', title: 'Vendor manager' });

  // Prices: per-word translation with percentage match rates, hourly revision, and a client price.
  const rates: Array<[string, number]> = [
    ['Context match', 0],
    ['Repetitions', 0.1],
    ['100%', 0.3],
    ['95-99%', 0.5],
    ['85-94%', 0.7],
    ['75-84%', 1],
    ['50-74%', 1],
    ['No match', 1],
  ];
  const withRates = async (base: string, price: Named) => {
    await inTurn(rates, ([category, percentage]) => api.call('POST', `${base}/${price.id}/match`, { match: match[category], percentage }));
  };
  const perWord = { matchesType: 'percentage', quantityType: unit.Words, service: service.Translation };
  await withRates('/v2/account/prices/clients', await api.call<Named>('POST', '/v2/account/prices/clients', { ...perWord, currency: 'EUR', unitCost: 0.12 }));
  await withRates('/v2/account/prices/clients', await api.call<Named>('POST', '/v2/account/prices/clients', { ...perWord, currency: 'GBP', unitCost: 0.1 }));
  await api.call('POST', '/v2/account/prices/clients', {
    matchesType: 'fixed',
    quantityType: unit.Hours,
    service: service.Revision,
    currency: 'EUR',
    unitCost: 45,
  });
  await api.call('POST', '/v2/account/prices/clients', {
    matchesType: 'fixed',
    quantityType: unit.Pages,
    service: service['Desktop publishing'],
    currency: 'EUR',
    unitCost: 8,
  });
  const acmeBase = `/v2/clients/${acme.id}/prices`;
  await withRates(
    acmeBase,
    await api.call<Named>('POST', acmeBase, { ...perWord, currency: 'EUR', unitCost: 0.14, languagePair: pair['en>fr'], domain: domain.Medical }),
  );
  await withRates(
    '/v2/account/prices/suppliers',
    await api.call<Named>('POST', '/v2/account/prices/suppliers', { ...perWord, currency: 'EUR', unitCost: 0.07 }),
  );
  const marieBase = `/v2/suppliers/${marie.id}/services`;
  await withRates(marieBase, await api.call<Named>('POST', marieBase, { ...perWord, currency: 'EUR', unitCost: 0.08, languagePair: pair['en>fr'] }));
  await api.call('POST', `/v2/suppliers/${hans.id}/services`, {
    ...perWord,
    matchesType: 'fixed',
    currency: 'EUR',
    unitCost: 0.075,
    languagePair: pair['en>de'],
  });

  return 'Demo data added: 2 taxes, 4 domains, 3 labels, 5 language pairs, 3 clients with contacts, 3 suppliers, 8 prices';
}

/** An ISO date `days` from the next Monday, for unavailabilities that are in the future. */
function nextMonday(days: number): string {
  const date = new Date();
  date.setUTCHours(0, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + ((8 - date.getUTCDay()) % 7) + days);
  return date.toISOString();
}
