import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { choose } from '../jobs/job-page-fixture.js';

/**
 * Prices and CAT presets in the console: a price with every match rate in one form, a grid copied
 * from another, a CAT configuration started from a tool's preset, the margin warning on the job page.
 */

interface Named {
  id: string;
  name: string;
}
interface PriceJson {
  id: string;
  unitCost: number;
  matches: Array<{ name: string; percentage: number; unitCost: number }>;
}

const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

describe.skipIf(skipReason)('prices and CAT presets in the console', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  it('adds a price with its base rate and every match rate in one form', async () => {
    const page = await world.signedInPage('/settings/prices');
    const grid = page.getByRole('region', { name: 'Prices' });
    await grid.getByRole('button', { name: 'Add a price' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a price' });
    await dialog.waitFor();
    await choose(dialog, page, 'Service', 'Translation');
    await choose(dialog, page, 'Unit', 'Words');
    const currency = dialog
      .getByRole('textbox', { name: 'Currency', exact: true })
      .or(dialog.getByRole('combobox', { name: 'Currency', exact: true }))
      .first();
    if ((await currency.inputValue()) !== 'EUR') await choose(dialog, page, 'Currency', 'EUR', 'EUR');
    await dialog.getByRole('textbox', { name: 'Unit cost' }).fill('0.12');
    const rates = dialog.getByRole('group', { name: 'Match rates' });
    await rates.getByRole('textbox', { name: 'Context match' }).fill('0');
    await rates.getByRole('textbox', { name: 'Repetitions' }).fill('10');
    await rates.getByRole('textbox', { name: '100%' }).fill('1001');
    await dialog.getByRole('button', { name: 'Add price' }).click();
    // Checked as the API checks it, at the field.
    await rates.getByText('At most 1000 %').waitFor();
    await rates.getByRole('textbox', { name: '100%' }).fill('30');
    await settled(page);
    await checkAccessibility(page);
    await screenshot(page, 'price-form-rates-1280');
    await dialog.getByRole('button', { name: 'Add price' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const [stored] = (await world.api<{ items: PriceJson[] }>('GET', '/v2/account/prices/clients')).items;
    expect(stored).toMatchObject({
      unitCost: 0.12,
      matches: [
        { name: 'Context match', percentage: 0, unitCost: 0 },
        { name: 'Repetitions', percentage: 0.1, unitCost: 0.012 },
        { name: '100%', percentage: 0.3, unitCost: 0.036 },
      ],
    });
    expectNoPageErrors(page);
  });

  it("copies the account's prices into a client's grid", async () => {
    const client = await world.api<Named>('POST', '/v2/clients', { name: 'Copycat Ltd', currency: 'EUR' });
    const page = await world.signedInPage(`/clients/${client.id}?tab=prices`);
    const grid = page.getByRole('region', { name: 'Prices' });
    await grid.getByRole('button', { name: 'Copy prices from…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy prices from another grid' });
    await dialog.waitFor();
    await settled(page);
    await checkAccessibility(page);
    await dialog.getByRole('button', { name: 'Copy prices' }).click();
    await dialog.getByText('1 copied, 0 skipped').waitFor();
    await screenshot(page, 'prices-copy-1280');
    const prices = await world.api<PriceJson[]>('GET', `/v2/clients/${client.id}/prices`);
    expect(prices).toHaveLength(1);
    expect(prices[0]!.matches.map((m) => m.name)).toEqual(['Context match', 'Repetitions', '100%']);
    // Again: the client has it now, so it is skipped and said so.
    await dialog.getByRole('button', { name: 'Copy prices' }).click();
    await dialog.getByText('0 copied, 1 skipped').waitFor();
    expectNoPageErrors(page);
  });

  it('starts a CAT configuration from a preset, every band mapped', async () => {
    const page = await world.signedInPage('/settings/cat-configurations');
    await page.getByRole('heading', { name: 'CAT configurations', level: 1 }).waitFor();
    // The account's presets are there from the start.
    await page.getByText('memoQ — words', { exact: true }).first().waitFor();
    await page.getByText('10 of 10 mapped').first().waitFor();
    await page.getByRole('button', { name: 'New CAT configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'New CAT configuration' });
    await dialog.getByRole('combobox', { name: 'Start from' }).click();
    await page.getByRole('option', { name: 'Phrase TMS — words' }).click();
    await dialog.getByText('8 of 8 bands mapped by the preset').waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Phrase TMS — words');
    await dialog.getByLabel('Name').fill('Phrase for Copycat');
    await settled(page);
    await checkAccessibility(page);
    await screenshot(page, 'cat-configuration-preset-1280');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Phrase for Copycat', level: 2 }).waitFor();
    const created = (await world.api<Array<{ name: string; catTool: { id: string }; mappings: unknown[] }>>('GET', '/v2/account/cat-configurations')).find(
      (item) => item.name === 'Phrase for Copycat',
    );
    expect(created).toMatchObject({ catTool: { id: 'phrase' } });
    expect(created!.mappings).toHaveLength(8);
    expectNoPageErrors(page);
  });

  it('warns on the job page when the supplier price lacks a band the client price has', async () => {
    const matches = await world.api<Named[]>('GET', '/v2/account/matches');
    const id = (name: string) => matches.find((m) => m.name === name)!.id;
    const units = await world.api<Named[]>('GET', '/v2/account/quantity-types');
    const client = await world.api<Named>('POST', '/v2/clients', { name: 'Margin Ltd', currency: 'EUR' });
    const supplier = await world.api<Named>('POST', '/v2/suppliers', { name: 'Full Rate Freelance' });
    // A service of its own, priced for clients with a context-match band at 0 (the test stands alone).
    const translation = (await world.api<Named>('POST', '/v2/account/services', { name: 'Margin translation' })).id;
    const words = units.find((u) => u.name === 'Words')!.id;
    await world.api('POST', '/v2/account/prices/clients', {
      service: translation,
      quantityType: words,
      currency: 'EUR',
      matchesType: 'percentage',
      unitCost: 0.1,
      matches: [{ match: id('Context match'), percentage: 0 }],
    });
    await world.api('POST', `/v2/suppliers/${supplier.id}/services`, {
      service: translation,
      quantityType: words,
      currency: 'EUR',
      matchesType: 'fixed',
      unitCost: 0.05,
    });
    const job = await world.api<Named>('POST', '/v2/jobs', { name: 'Margin job', client: client.id, service: translation, quantityType: words, quantity: 1 });
    await world.api('PUT', `/v2/jobs/${job.id}/price`, {
      matches: [
        { id: id('Context match'), value: 800 },
        { id: id('No match'), value: 200 },
      ],
    });
    await world.api('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: supplier.id });
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The margin may be lost' });
    await alert.waitFor();
    await alert.getByText(/Full Rate Freelance's price has no Context match rate/).waitFor();
    await alert.scrollIntoViewIfNeeded();
    await checkAccessibility(page);
    await screenshot(page, 'job-margin-warning-1280');
    expectNoPageErrors(page);
  });
});
