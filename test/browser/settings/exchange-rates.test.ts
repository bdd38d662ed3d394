import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  eventually,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

/** The exchange rates settings page (docs/console.md#settings, docs/exchange-rates.md): add, refuse a duplicate, edit, delete; read-only roles. */

interface Rate {
  id: string;
  date: string;
  currency: string;
  rate: number;
  source: string;
}

describe.skipIf(skipReason)('settings: exchange rates', () => {
  let world: ConsoleWorld;
  let page: Page;

  const rates = async (currency: string) => (await world.api<{ items: Rate[] }>('GET', `/v2/account/exchange-rates?currency=${currency}`)).items;

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.api('PUT', '/v2/account', { currency: 'EUR' });
    await world.api('POST', '/v2/account/exchange-rates', { date: '2026-11-19', currency: 'GBP', rate: 0.84623 });
    page = await world.signedInPage('/settings/exchange-rates');
  });
  afterAll(async () => world?.close());

  it('adds a rate, refuses a duplicate with the API’s message, edits it and deletes it', async () => {
    await page.getByRole('heading', { name: 'Exchange rates', level: 1 }).waitFor();
    await page.getByRole('cell', { name: '1 EUR = 0.84623 GBP' }).waitFor();

    const add = async (rate: string) => {
      await page.getByRole('button', { name: 'Add a rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a rate' });
      await dialog.getByLabel('Date').fill('2026-11-20');
      await dialog.getByRole('combobox', { name: 'Currency' }).click();
      await dialog.getByRole('combobox', { name: 'Currency' }).fill('USD');
      await page.getByRole('option', { name: 'USD', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Rate' }).fill(rate);
      return dialog;
    };

    // Checked as the API checks it, before anything is sent.
    let dialog = await add('0');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('A number greater than 0').waitFor();
    expect(await rates('USD')).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Rate' }).fill('1.0856');
    await dialog.getByText('1 EUR = 1.0856 USD', { exact: true }).waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '1 EUR = 1.0856 USD' }).waitFor();
    expect((await rates('USD')).map(({ date, rate, source }) => ({ date, rate, source }))).toEqual([{ date: '2026-11-20', rate: 1.0856, source: 'manual' }]);
    // Newest first: the rate of the 20th above the 19th's.
    expect(await page.getByRole('row').nth(1).textContent()).toContain('USD');

    // The same currency and day: the API's 409 is shown, nothing is stored.
    dialog = await add('1.09');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('alert').getByText('An exchange rate of USD on 2026-11-20 already exists').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rates('USD')).toHaveLength(1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: '/tmp/rates-page.png', fullPage: true });
    await screenshot(page, 'settings-exchange-rates-1280');

    await page.getByRole('button', { name: /^Edit the USD rate of/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit rate' });
    await eventually(() => edit.getByRole('textbox', { name: 'Rate' }).inputValue()).toBe('1.0856');
    await edit.getByRole('textbox', { name: 'Rate' }).fill('1.0901');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '1 EUR = 1.0901 USD' }).waitFor();
    expect((await rates('USD'))[0]?.rate).toBe(1.0901);

    // The filter by currency asks the API for that currency's rates only.
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('combobox', { name: 'Currency' }).fill('GBP');
    await page.getByRole('option', { name: 'GBP', exact: true }).click();
    await eventually(() => page.getByRole('cell', { name: /USD$/ }).count()).toBe(0);
    await page.getByRole('cell', { name: '1 EUR = 0.84623 GBP' }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: '1 EUR = 1.0901 USD' }).waitFor();

    await page.getByRole('button', { name: /^Delete the USD rate of/ }).click();
    const confirm = page.getByRole('dialog', { name: /Delete the USD rate of/ });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await eventually(() => page.getByRole('cell', { name: '1 EUR = 1.0901 USD' }).count()).toBe(0);
    expect(await rates('USD')).toEqual([]);

    // No source of rates on this server: the import's 409 says so in words, not with the setting's name.
    await page.getByRole('button', { name: 'Import ECB rates' }).click();
    await page.getByRole('alert').getByText('the operator of this installation has not configured a source of exchange rates').waitFor();
    expect(await page.getByText(/EXCHANGE_RATES_URL/).count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('shows the rates read-only to a manager', async () => {
    const reader = await world.signedInAs('manager', '/settings/exchange-rates');
    await reader.getByRole('heading', { name: 'Exchange rates', level: 1 }).waitFor();
    await reader.getByRole('cell', { name: '1 EUR = 0.84623 GBP' }).waitFor();
    await reader.getByText('Read only', { exact: true }).waitFor();
    await reader.getByText(/Only an owner, an admin or finance can change them/).waitFor();
    expect(await reader.getByRole('button', { name: /Add a rate|Import ECB rates|^Edit|^Delete/ }).count()).toBe(0);
    await checkAccessibility(reader);
    await checkControlsVisible(reader);
    expectNoPageErrors(reader);
  });
});
