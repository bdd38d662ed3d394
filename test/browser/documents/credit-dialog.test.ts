import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * The credit dialog (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders): who will be
 * e-mailed, a partial credit by lines and quantities with its reason, the refusals shown on the
 * fields, then an amount once the whole invoice may no longer be credited.
 */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Waits for dialogs to have faded in, with no transition running: axe reads the colours as they are. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

async function pictures(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await settled(page);
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(skipReason)('the credit dialog', () => {
  let world: ConsoleWorld;
  let page: Page;
  let invoice: { id: string; number: string; lines: Array<{ id: string; description: string }> };
  let quiet: { id: string; number: string };

  beforeAll(async () => {
    world = await startConsoleWorld();
    const tax = await world.api<{ id: string }>('POST', '/v2/account/taxes', { name: 'VAT', value: 0.21 });
    const client = await world.api<{ id: string }>('POST', '/v2/clients', { name: 'Harbour Books', currency: 'EUR' });
    await world.api('POST', `/v2/clients/${client.id}/contacts`, {
      fullName: 'Iris Bay',
      email: 'iris@harbour.example',
      emails: { invoice: true, ccInvoice: false, quote: false, ccQuote: false },
    });
    await world.api('POST', `/v2/clients/${client.id}/contacts`, {
      fullName: 'Omar Reed',
      email: 'omar@harbour.example',
      emails: { invoice: false, ccInvoice: true, quote: false, ccQuote: false },
    });
    const draft = await world.api<{ id: string }>('POST', '/v2/invoices', {
      client: client.id,
      tax1: tax.id,
      lines: [
        { description: 'Website translation', quantity: 10, unitCost: 100 },
        { description: 'Glossary', quantity: 1, unitCost: 200 },
      ],
    });
    invoice = await world.api('POST', `/v2/invoices/${draft.id}/send`);
    const nobody = await world.api<{ id: string }>('POST', '/v2/clients', { name: 'Silent Ltd', currency: 'EUR' });
    const other = await world.api<{ id: string }>('POST', '/v2/invoices', { client: nobody.id, lines: [{ description: 'Work', quantity: 1, unitCost: 50 }] });
    quiet = await world.api('POST', `/v2/invoices/${other.id}/send`);
    page = await world.signedInPage(`/invoices/${invoice.id}`);
  }, 240_000);
  afterAll(async () => world?.close());

  const open = async () => {
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Credit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Credit: / });
    await dialog.waitFor();
    await settled(page);
    return dialog;
  };

  it('says who will be e-mailed; credits a quantity of a line with a reason; refusals on the fields', async () => {
    await page.getByRole('heading', { name: `Invoice ${invoice.number}`, level: 1 }).waitFor();
    const dialog = await open();
    const recipients = dialog.getByTestId('credit-recipients');
    await eventually(() => recipients.textContent()).toBe(
      'The credit note will be e-mailed to Iris Bay <iris@harbour.example>. Copied to Omar Reed <omar@harbour.example>.',
    );
    await checkAccessibility(page);
    await pictures(page, 'credit-dialog-whole');

    await dialog.getByRole('radio', { name: 'Lines or quantities' }).check();
    // Nothing chosen, no reason: both said on their fields.
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await dialog.getByText('Choose at least one line').waitFor();
    await dialog.getByText('Say why the invoice is credited').waitFor();
    await dialog.getByRole('checkbox', { name: 'Credit Website translation' }).check();
    const quantity = dialog.getByRole('textbox', { name: 'Quantity of Website translation to credit' });
    await quantity.fill('12');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Two pages were out of scope');
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await dialog.getByText('At most 10', { exact: true }).waitFor();
    await quantity.fill('2.5');
    // The field's error goes once it is changed.
    await dialog.getByText('At most 10', { exact: true }).waitFor({ state: 'hidden' });
    await settled(page);
    await checkAccessibility(page);
    await pictures(page, 'credit-dialog-lines');
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await page.getByRole('heading', { name: /^Credit note CN-/, level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;
    const note = await world.api('GET', `/v2/invoices/${id}`);
    // 2.5 × 100 = 250, VAT 52.50.
    expect(note).toMatchObject({ type: 2, creditReason: 'Two pages were out of scope', total: { subtotal: -250, tax1: -52.5, total: -302.5 } });
    expect(note.lines).toMatchObject([{ description: 'Website translation', quantity: -2.5, total: -250 }]);
    expect(await world.api('GET', `/v2/invoices/${invoice.id}`)).toMatchObject({ status: 2, creditedAmount: 302.5 });
    await checkAccessibility(page);
    expectNoPageErrors(page);
  }, 240_000);

  it('once partly credited: no whole credit; an amount beyond what is left is refused before it is sent', async () => {
    await page.goto(`/invoices/${invoice.id}`);
    await page.getByRole('heading', { name: `Invoice ${invoice.number}`, level: 1 }).waitFor();
    const dialog = await open();
    expect(await dialog.getByRole('radio', { name: 'The whole invoice' }).isDisabled()).toBe(true);
    await dialog.getByText(/€302\.50 of this invoice is credited already/).waitFor();
    await dialog.getByRole('radio', { name: 'An amount' }).check();
    await dialog.getByRole('textbox', { name: 'Amount before taxes' }).fill('2000');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Goodwill');
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await dialog.getByText(/At most what is left to credit/).waitFor();
    await dialog.getByRole('textbox', { name: 'Amount before taxes' }).fill('100');
    await settled(page);
    await checkAccessibility(page);
    await pictures(page, 'credit-dialog-amount');
    await dialog.getByRole('button', { name: 'Create credit note' }).click();
    await page.getByRole('heading', { name: /^Credit note CN-/, level: 1 }).waitFor();
    await eventually(async () => (await world.api('GET', `/v2/invoices/${invoice.id}`)).creditedAmount).toBe(423.5);
    expectNoPageErrors(page);
  }, 240_000);

  it('says before crediting when nobody will be e-mailed', async () => {
    await page.goto(`/invoices/${quiet.id}`);
    await page.getByRole('heading', { name: `Invoice ${quiet.number}`, level: 1 }).waitFor();
    const dialog = await open();
    await eventually(() => dialog.getByTestId('credit-recipients').textContent()).toContain('Nobody will be e-mailed');
    await checkAccessibility(page);
    await pictures(page, 'credit-dialog-nobody');
    expectNoPageErrors(page);
  }, 240_000);
});
