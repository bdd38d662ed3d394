import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * Credit notes in the console (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders,
 * docs/console.md#settings): the account's credit-note number format beside the other formats, and
 * the invoice page's list of the credit notes issued against it.
 */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

async function pictures(page: Page, name: string) {
  await checkAccessibility(page);
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(skipReason)('credit notes in the console', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  it('sets the credit-note number format in the settings, beside the other formats', async () => {
    const page = await world.signedInPage('/settings/account');
    const field = page.getByLabel('Credit note numbers');
    await eventually(() => field.inputValue()).toBe('CN-{YYYY}-{SEQ:4}');
    await field.fill('CN');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Put exactly one sequence number in it').waitFor();
    await field.fill('AV-{YY}-{SEQ:3}');
    await page.getByText(/^The next one looks like AV-\d\d-001$/).waitFor();
    await pictures(page, 'settings-credit-note-format');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The account’s settings are saved.').waitFor();
    await eventually(async () => (await world.api('GET', '/v2/account')).creditNoteNumberFormat).toBe('AV-{YY}-{SEQ:3}');
    expectNoPageErrors(page);
  });

  it('lists the credit notes of an invoice with number, date, amount and status, each a link to it', async () => {
    const client = await world.api<{ id: string }>('POST', '/v2/clients', { name: 'Harbour Books', currency: 'EUR' });
    const draft = await world.api<{ id: string }>('POST', '/v2/invoices', {
      client: client.id,
      lines: [{ description: 'Website translation', quantity: 10, unitCost: 100 }],
    });
    const invoice = await world.api<{ id: string; number: string }>('POST', `/v2/invoices/${draft.id}/send`);
    const page = await world.signedInPage(`/invoices/${invoice.id}`);
    const section = page.getByRole('region', { name: 'Credit notes' });
    await section.getByText('No credit note has been issued against this invoice.').waitFor();

    const first = await world.api<{ id: string; number: string }>('POST', `/v2/invoices/${invoice.id}/credit`, { reason: 'Two pages missing', amount: 150 });
    const second = await world.api<{ id: string; number: string }>('POST', `/v2/invoices/${invoice.id}/credit`, { reason: 'Late delivery', amount: 50 });
    expect(first.number).toMatch(/^AV-\d\d-001$/);
    await page.reload();
    const rows = section.getByRole('row');
    await eventually(() => rows.count()).toBe(3);
    expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual([first.number, expect.any(String), '-€150.00', 'Sent']);
    expect(await rows.nth(2).getByRole('cell').nth(0).textContent()).toBe(second.number);
    await pictures(page, 'invoice-credit-notes');

    await section.getByRole('link', { name: first.number }).click();
    await page.getByRole('heading', { name: `Credit note ${first.number}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/invoices/${first.id}`);
    // A credit note has no credit notes of its own.
    expect(await page.getByRole('region', { name: 'Credit notes' }).count()).toBe(0);
    expectNoPageErrors(page);
  });
});
