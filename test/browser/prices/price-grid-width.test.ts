import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  checkTextNotCut,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

/**
 * The four price grids (docs/console.md#prices) at 1 280 and 1 024 px: every control in sight (the
 * rates' toggle and Delete were past the scroll box's edge beside the settings navigation) and no
 * word cut short ("Clos" for "Close rates"), with a price's rates open, as the widest rows are: a
 * supplier's service for one client, in a long language pair and domain.
 */
describe.skipIf(skipReason)('price grids at 1 024 px', () => {
  let world: ConsoleWorld;
  let client: string;
  let supplier: string;
  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    const byName = (list: Array<{ id: string; name: string }>) => Object.fromEntries(list.map((item) => [item.name, item.id]));
    const services = byName(await world.api('GET', '/v2/account/services'));
    const units = byName(await world.api('GET', '/v2/account/quantity-types'));
    const domains = byName(await world.api('GET', '/v2/account/domains'));
    const pairs = await world.api<Array<{ id: string; source?: { code: string }; target: { code: string } }>>('GET', '/v2/account/language-pairs');
    const enDe = pairs.find((pair) => pair.source?.code === 'en' && pair.target.code === 'de')!.id;
    client = (await world.api('POST', '/v2/clients', { name: 'Wide Grid Pharmaceuticals International', currency: 'EUR' })).id;
    supplier = (await world.api('POST', '/v2/suppliers', { name: 'Wide Grid Translations' })).id;
    const price = {
      matchesType: 'percentage',
      service: services.Translation,
      quantityType: units.Words,
      languagePair: enDe,
      domain: domains['IT & software'],
      currency: 'EUR',
      unitCost: 0.123456,
    };
    await world.api('POST', `/v2/clients/${client}/prices`, price);
    await world.api('POST', `/v2/suppliers/${supplier}/services`, { ...price, client, hasPrice: false });
    await world.api('POST', '/v2/account/prices/suppliers', { ...price, client });
  });
  afterAll(async () => world?.close());

  /** Opens the first price's rates, then checks the page at 1 280 and at 1 024 px. */
  async function checkWidths(page: Page, name: string) {
    const toggle = page.getByRole('button', { name: /^(Edit rates|Show rates) of/ }).first();
    await toggle.click();
    await page
      .getByRole('button', { name: /^Close rates of/ })
      .first()
      .waitFor();
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await screenshot(page, `${name}-${width}`);
      await checkControlsVisible(page);
      await checkTextNotCut(page);
    }
    await checkAccessibility(page);
    expectNoPageErrors(page);
  }

  it("the account's prices for clients and for suppliers, beside the settings navigation", async () => {
    const page = await world.signedInPage('/settings/prices');
    await page.getByRole('table', { name: "The account's prices for clients" }).waitFor();
    await checkWidths(page, 'price-grid-account-clients');
    await page.getByRole('tab', { name: 'For suppliers' }).click();
    await page.getByRole('table', { name: "The account's prices for suppliers" }).getByText('Wide Grid Pharmaceuticals International').waitFor();
    await checkWidths(page, 'price-grid-account-suppliers');
  });

  it("a client's prices and a supplier's services", async () => {
    const page = await world.signedInPage(`/clients/${client}?tab=prices`);
    await page.getByRole('table', { name: "The client's prices" }).waitFor();
    await checkWidths(page, 'price-grid-client');
    await page.goto(`/suppliers/${supplier}?tab=prices`);
    await page.getByRole('table', { name: "The supplier's services and prices" }).getByText('not charged (skipped)').waitFor();
    await checkWidths(page, 'price-grid-supplier');
  });
});
