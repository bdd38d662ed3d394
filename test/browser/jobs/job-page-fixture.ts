import type { Locator, Page } from 'playwright-core';
import { startConsoleWorld, type ConsoleWorld } from '../harness.js';

/** What the new-job and job-page tests share: the demo data's ids, amounts written as the console writes them, a viewer. */

/** An amount as the console writes it (en-GB, the job's currency): "€1,234.50". */
export const money = (amount: number, currency = 'EUR') => new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
/** A rate with up to 6 decimals: "€0.14", "€0.042". */
export const rate = (value: number, currency = 'EUR') =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 6 }).format(value);
export const percent = (fraction: number) => new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 }).format(fraction);
export const number = (value: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 }).format(value);

export interface DemoIds {
  acme: { id: string; name: string };
  initech: { id: string; name: string };
  service: Record<string, string>;
  unit: Record<string, string>;
  domain: Record<string, string>;
  /** Language pairs by "en>fr". */
  pair: Record<string, string>;
  match: Record<string, string>;
}

/** The ids of the demo data set's records, by name. */
export async function demoIds(world: ConsoleWorld): Promise<DemoIds> {
  const byName = (list: Array<{ id: string; name: string }>) => Object.fromEntries(list.map((item) => [item.name, item.id]));
  const clients = (await world.api<{ items: Array<{ id: string; name: string }> }>('GET', '/v2/clients?pageSize=100')).items;
  const pairs = await world.api<Array<{ id: string; source?: { code: string }; target: { code: string } }>>('GET', '/v2/account/language-pairs');
  return {
    acme: clients.find((client) => client.name === 'Acme Pharma NV')!,
    initech: clients.find((client) => client.name === 'Initech Software GmbH')!,
    service: byName(await world.api('GET', '/v2/account/services')),
    unit: byName(await world.api('GET', '/v2/account/quantity-types')),
    domain: byName(await world.api('GET', '/v2/account/domains')),
    pair: Object.fromEntries(pairs.map((pair) => [`${pair.source?.code ?? ''}>${pair.target.code}`, pair.id])),
    match: byName(await world.api('GET', '/v2/account/matches')),
  };
}

export const VIEWER = { email: 'vera.viewer@agency.example', password: 'viewer password 1' };

/** A viewer who has accepted their invitation (once per world), for signedInPage(path, VIEWER). */
export async function addViewer(world: ConsoleWorld): Promise<void> {
  const invited = await world.api<{ invitation: { url: string } }>('POST', '/v2/users', { email: VIEWER.email, role: 'viewer', name: 'Vera Viewer' });
  const token = new URL(invited.invitation.url).hash.replace('#token=', '');
  const reply = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password: VIEWER.password }),
  });
  if (!reply.ok) throw new Error(`accepting the viewer's invitation: ${reply.status} ${await reply.text()}`);
}

/** Picks `option` in the Mantine Select labelled `label` (typing it first when `search`). */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp, search?: string): Promise<void> {
  const input = scope
    .getByRole('textbox', { name: label, exact: true })
    .or(scope.getByRole('combobox', { name: label, exact: true }))
    .first();
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** The text of the value cell of the row `label` in the table named `table`. */
export async function figure(page: Page, table: string, label: string | RegExp): Promise<string> {
  const row = page.getByRole('table', { name: table }).getByRole('row', { name: label });
  return ((await row.getByRole('cell').last().textContent()) ?? '').trim();
}

/** The world of the job-page tests: the demo data, a viewer, and Acme's "Patient leaflet" with match lines, a discount and an extra charge. */
export interface JobPageWorld {
  world: ConsoleWorld;
  ids: DemoIds;
  /** A job of Acme's own price (en↔fr, Medical: 0.14 a word, percentage match rates), with match lines, a discount of 10 % and an extra charge of 5 %. */
  job: any;
  /** A job of Acme (en↔fr, Medical, 1 000 words) through the API. */
  newJob(name: string, extra?: Record<string, unknown>): Promise<any>;
  jobNow(id: string): Promise<any>;
}

export async function jobPageWorld(): Promise<JobPageWorld> {
  const world = await startConsoleWorld();
  await world.demoData();
  const ids = await demoIds(world);
  await addViewer(world);
  const newJob = (name: string, extra: Record<string, unknown> = {}) =>
    world.api('POST', '/v2/jobs', {
      name,
      client: ids.acme.id,
      service: ids.service.Translation,
      quantityType: ids.unit.Words,
      quantity: 1000,
      languagePair: ids.pair['en>fr'],
      domain: ids.domain.Medical,
      ...extra,
    });
  const created = await newJob('Patient leaflet', { dueDate: '2031-05-01T15:00:00.000Z' });
  const job = await world.api('PUT', `/v2/jobs/${created.id}/price`, {
    matches: [
      { id: ids.match['No match'], value: 1200 },
      { id: ids.match['100%'], value: 300 },
      { id: ids.match.Repetitions, value: 150 },
    ],
    discount: 0.1,
    extraCharge: 0.05,
  });
  return { world, ids, job, newJob, jobNow: (id) => world.api('GET', `/v2/jobs/${id}`) };
}

/** The button that opens the field `field` of the job page (its name: the value, then "Edit <field>"). */
export const editButton = (page: Page, field: string) => page.getByRole('button', { name: new RegExp(`Edit ${field}$`) });
