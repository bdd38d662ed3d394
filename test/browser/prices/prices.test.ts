import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { choose, figure, rate } from '../jobs/job-page-fixture.js';

/** The price grids (docs/console.md#prices): the account's prices at /settings/prices, a client's on its page, the look-up, a job priced from them. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
/** Where a slow run is, in the test's output. */
const step = (what: string) => console.log(`${new Date().toISOString()} ${what}`);

interface Named {
  id: string;
  name: string;
}
interface PriceJson {
  id: string;
  unitCost: number;
  matchesType: string;
  matches: Array<{ id: string; name: string; percentage: number; unitCost: number }>;
}

/** Waits for dialogs to have faded in and every transition to end: axe reads the colours as they are. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

/** Adds a price through the grid's "Add a price" dialog, in `grid` (the section "Prices"). */
async function addPrice(page: Page, grid: Locator, values: { pair: RegExp; unitCost: string }) {
  await grid.getByRole('button', { name: 'Add a price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a price' });
  await dialog.waitFor();
  await choose(dialog, page, 'Service', 'Translation');
  await choose(dialog, page, 'Unit', 'Words');
  await choose(dialog, page, 'Languages', values.pair);
  const currency = dialog
    .getByRole('textbox', { name: 'Currency', exact: true })
    .or(dialog.getByRole('combobox', { name: 'Currency', exact: true }))
    .first();
  if ((await currency.inputValue()) !== 'EUR') await choose(dialog, page, 'Currency', 'EUR', 'EUR');
  await dialog.getByRole('textbox', { name: 'Unit cost' }).fill(values.unitCost);
  return dialog;
}

/** Adds a match rate in the opened rates of a price. */
async function addRate(page: Page, rates: Locator, category: string, percent: string) {
  await choose(rates, page, 'Match category', category);
  await rates.getByRole('textbox', { name: 'Percentage (%)' }).fill(percent);
  await rates.getByRole('button', { name: 'Add rate' }).click();
  await eventually(() => rates.getByRole('row', { name: new RegExp(`^${category.replace(/[%]/g, '%')}`) }).count()).toBe(1);
}

describe.skipIf(skipReason)('price grids', () => {
  let world: ConsoleWorld;
  let enDe: string;
  beforeAll(async () => {
    world = await startConsoleWorld();
    enDe = (await world.api<Named>('POST', '/v2/account/language-pairs', { source: 'en', target: 'de', bidirectional: true })).id;
    await world.api('POST', '/v2/account/language-pairs', { source: 'de', target: 'en' });
  });
  afterAll(async () => world?.close());

  it("edits the account's prices at /settings/prices: add with match rates, a rate in place, the API's refusals, the look-up, delete", async () => {
    const page = await world.signedInPage('/settings/prices');
    await page.getByRole('heading', { name: 'Prices', level: 1 }).waitFor();
    const grid = page.getByRole('region', { name: 'Prices' });
    await grid.getByText('No prices for clients yet').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);

    step('A unit cost the API would not keep as typed is refused at it');
    // A unit cost the API would not keep as typed is refused at its field.
    let dialog = await addPrice(page, grid, { pair: /English \(en\) ↔ German \(de\)/, unitCost: '0.1234567' });
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await dialog.getByText('At most 6 decimals').waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('textbox', { name: 'Unit cost' }).fill('0.1');
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const [stored] = (await world.api<{ items: PriceJson[] }>('GET', '/v2/account/prices/clients')).items;
    expect(stored).toMatchObject({ unitCost: 0.1, matchesType: 'percentage', matches: [] });
    const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Translation/ }) });
    for (const text of ['Words', 'EUR', rate(0.1)]) await expect.poll(() => row.getByText(text, { exact: true }).count(), { message: text }).toBe(1);

    step('Its rates opened at once: two rates, then the first changed ');
    // Its rates opened at once: two rates, then the first changed in place, then moved.
    const rates = page.getByRole('group', { name: /Match rates of Translation, Words/ });
    await rates.waitFor();
    await addRate(page, rates, '100%', '30');
    await addRate(page, rates, 'Repetitions', '10');
    await eventually(async () =>
      (await world.api<PriceJson>('GET', `/v2/account/prices/clients/${stored!.id}`)).matches.map((m) => [m.name, m.percentage]),
    ).toEqual([
      ['100%', 0.3],
      ['Repetitions', 0.1],
    ]);
    expect(await row.getByText('100%: 30% · Repetitions: 10%').count()).toBe(1);
    await rates.getByRole('button', { name: /Edit Rate of 100%/ }).click();
    await rates.getByRole('textbox', { name: 'Rate of 100%' }).fill('25');
    await rates.getByRole('textbox', { name: 'Rate of 100%' }).press('Enter');
    await eventually(async () => (await world.api<PriceJson>('GET', `/v2/account/prices/clients/${stored!.id}`)).matches[0]).toMatchObject({
      percentage: 0.25,
      unitCost: 0.025,
    });
    await rates.getByRole('row', { name: /^100%/ }).getByText('25%').waitFor();
    await rates.getByRole('button', { name: 'Move Repetitions up' }).click();
    await eventually(async () => (await world.api<PriceJson>('GET', `/v2/account/prices/clients/${stored!.id}`)).matches.map((m) => m.name)).toEqual([
      'Repetitions',
      '100%',
    ]);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'prices-account-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'prices-account-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    step("A second price with the same criteria: the API's 409, in wor");
    // A second price with the same criteria: the API's 409, in words.
    dialog = await addPrice(page, grid, { pair: /English \(en\) ↔ German \(de\)/, unitCost: '0.2' });
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await dialog.getByText(/There is already a price for this service, unit, currency/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    step("Which price applies? The account's, for a job of any client ");
    // Which price applies? The account's, for a job of any client in German → English (the pair both ways).
    step('lookup');
    await grid.getByRole('button', { name: 'Which price applies?' }).click();
    const lookup = page.getByRole('dialog', { name: 'Which price applies to a job?' });
    await lookup.getByText('The price taken').waitFor();
    await lookup.getByText("The account's price").waitFor();
    expect(await lookup.getByText(`${rate(0.1)} per Words`).count()).toBe(1);
    await choose(lookup, page, 'Languages', /German \(de\) → English \(en\)/);
    await lookup.getByText(/both ways, so it also applies the other way round/).waitFor();
    expect(await figure(page, 'Match rates of the price taken', 'Repetitions')).toBe(`10% (${rate(0.01)})`);
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'prices-lookup-1280');
    step('Another unit: nothing applies, and the panel says what a job');
    // Another unit: nothing applies, and the panel says what a job would then get.
    await choose(lookup, page, 'Unit', 'Pages');
    await lookup.getByText('No price applies').waitFor();
    await page.keyboard.press('Escape');
    await lookup.waitFor({ state: 'hidden' });

    step('Delete asks first.');
    // Delete asks first.
    await row.getByRole('button', { name: /Delete the price Translation, Words/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this price?' });
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await grid.getByText('No prices for clients yet').waitFor();
    expect((await world.api<{ items: PriceJson[] }>('GET', '/v2/account/prices/clients')).items).toEqual([]);

    step("The suppliers' tab: the same grid, with its client restricti");
    // The suppliers' tab: the same grid, with its client restriction.
    await page.getByRole('tab', { name: 'For suppliers' }).click();
    await page.waitForURL((url) => url.searchParams.get('for') === 'suppliers');
    await grid.getByText('No prices for suppliers yet').waitFor();
    expectNoPageErrors(page);
  }, 300_000);

  it("shows a client's own prices 25 to a page, and the page of a price just added", async () => {
    const client = await world.api<Named>('POST', '/v2/clients', { name: 'Globex Pharma', currency: 'EUR' });
    const [service] = await world.api<Named[]>('GET', '/v2/account/services');
    const units = await world.api<Named[]>('GET', '/v2/account/quantity-types');
    const words = units.find((unit) => unit.name === 'Words')!;
    // 55 prices that differ by currency only, with unit costs 1.01 … 1.55 to tell them apart.
    const currencies = Intl.supportedValuesOf('currency').slice(0, 55);
    for (const [index, currency] of currencies.entries()) {
      await world.api('POST', `/v2/clients/${client.id}/prices`, {
        service: service!.id,
        quantityType: words.id,
        currency,
        matchesType: 'percentage',
        unitCost: 1 + (index + 1) / 100,
      });
    }
    const page = await world.signedInPage(`/clients/${client.id}?tab=prices`);
    const grid = page.getByRole('region', { name: 'Prices' });
    const dataRows = grid.getByRole('row').filter({ has: page.getByRole('button', { name: /Delete the price/ }) });
    await eventually(() => dataRows.count()).toBe(25);
    await page.getByRole('button', { name: 'Page 3' }).click();
    await eventually(() => dataRows.count()).toBe(5);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await eventually(() => dataRows.count()).toBe(25);

    // A price added on page 1 is the 56th: its page, the third, opens with its rates.
    const dialog = await addPrice(page, grid, { pair: /English \(en\) ↔ German \(de\)/, unitCost: '0.2' });
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(() => dataRows.count()).toBe(6);
    await page.getByRole('group', { name: /Match rates of Translation, Words, English \(en\) ↔ German \(de\)/ }).waitFor();
    expect(await world.api<unknown[]>('GET', `/v2/clients/${client.id}/prices`)).toHaveLength(56);
    expectNoPageErrors(page);
  }, 180_000);

  it('creates a client with a price grid, then a job priced from it', async () => {
    const client = await world.api<Named>('POST', '/v2/clients', { name: 'Northwind Legal', currency: 'EUR' });
    const page = await world.signedInPage(`/clients/${client.id}?tab=prices`);
    const grid = page.getByRole('region', { name: 'Prices' });
    await grid.getByRole('button', { name: 'Add a price' }).waitFor();
    const dialog = await addPrice(page, grid, { pair: /English \(en\) ↔ German \(de\)/, unitCost: '0.2' });
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const rates = page.getByRole('group', { name: /Match rates of Translation, Words/ });
    await addRate(page, rates, '100%', '30');
    const [price] = await world.api<PriceJson[]>('GET', `/v2/clients/${client.id}/prices`);
    expect(enDe).toBeTruthy();
    expect(price).toMatchObject({ unitCost: 0.2, matchesType: 'percentage', matches: [{ name: '100%', percentage: 0.3, unitCost: 0.06 }] });
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'prices-client-1280');

    step('new job');
    await page.goto('/jobs/new');
    await page.getByRole('heading', { name: 'New job', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Northwind contract');
    await choose(page, page, 'Client', 'Northwind Legal', 'Northwind');
    await choose(page, page, 'Service', 'Translation');
    await choose(page, page, 'Language pair', /English \(en\) ↔ German \(de\)/);
    await choose(page, page, 'Unit', 'Words');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('1000');
    const panel = page.getByRole('region', { name: 'Price' });
    await eventually(() => panel.getByText('From the prices of Northwind Legal').count()).toBe(1);
    expect(await figure(page, 'Price of the new job', 'Price per unit')).toBe(`${rate(0.2)} / Words`);
    expect(await figure(page, 'Rates by match category', '100%')).toBe(rate(0.06));
    await page.getByRole('button', { name: 'Create job' }).click();
    await page.waitForURL((url) => /^\/jobs\/[0-9a-f]{24}$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Northwind contract', level: 1 }).waitFor();
    const job = await world.api('GET', `/v2${new URL(page.url()).pathname}`);
    expect(job.quantity).toMatchObject({ unitCost: 0.2, unitCostPriceReference: { id: price!.id, type: 'client' } });
    expect(await figure(page, 'Estimate figures', 'Price per unit')).toBe(`${rate(0.2)} / Words · from the client's prices`);
    expectNoPageErrors(page);
  }, 300_000);
});
