import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * Quotes, invoices, credit notes and purchase orders (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders)
 * in Chromium against a real server: created from the jobs list and the job page, moved through
 * their states, paid, credited; the PDF previewed and downloadable; the overdue invoice marked.
 */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

interface Named {
  id: string;
  name: string;
}

/** Waits for dialogs to have faded in, with no transition running: axe reads the colours as they are. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

/** Each viewport the console is laid out for. */
async function pictures(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The PDF preview: its frame's address answers a PDF (content-type), and the download link points at it. */
async function expectPdf(page: Page, kind: string, id: string) {
  const frame = page.locator('iframe[title^="PDF of"]');
  await frame.waitFor();
  const src = (await frame.getAttribute('src'))!;
  expect(src).toBe(`/v2/${kind}/${id}/pdf`);
  const answer = await page.request.get(src);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const download = page.getByRole('link', { name: 'Download PDF' });
  expect(await download.getAttribute('href')).toBe(`/v2/${kind}/${id}/pdf`);
  expect(await download.getAttribute('download')).toMatch(/\.pdf$/);
}

/** Confirms an action from its button and dialog. */
async function act(page: Page, name: string) {
  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await settled(page);
  await checkAccessibility(page);
  await checkControlsVisible(page);
  await dialog.getByRole('button', { name, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.skipIf(skipReason)('quotes, invoices, credit notes and purchase orders', () => {
  let world: ConsoleWorld;
  let page: Page;
  let client: Named;
  let supplier: Named;
  const jobs: Record<string, string> = {};

  beforeAll(async () => {
    world = await startConsoleWorld();
    client = await world.api<Named>('POST', '/v2/clients', { name: 'Lumen Press', currency: 'EUR' });
    const other = await world.api<Named>('POST', '/v2/clients', { name: 'Other Ltd', currency: 'EUR' });
    supplier = await world.api<Named>('POST', '/v2/suppliers', { name: 'Ana Translates', currency: 'EUR' });
    // The account's own service and unit (a new account has them).
    const service = (await world.api<Named[]>('GET', '/v2/account/services')).find((item) => item.name === 'Translation')!;
    const unit = (await world.api<Named[]>('GET', '/v2/account/quantity-types')).find((item) => item.name === 'Words')!;
    const job = async (name: string, fixedPrice: number, owner = client.id) => {
      const created = await world.api<Named>('POST', '/v2/jobs', {
        name,
        client: owner,
        quantity: 1000,
        quantityType: unit.id,
        service: service.id,
        fixedPrice,
      });
      return (jobs[name] = created.id);
    };
    await job('Catalogue FR', 300);
    await job('Catalogue DE', 200);
    await job('Invoice me', 1000);
    // The new-invoice dialog lists the finished jobs first (docs/documents.md#accepting-a-quote).
    await world.api('PUT', `/v2/jobs/${jobs['Invoice me']}`, { status: 3 });
    await job('Stranger job', 50, other.id);
    await job('Outsourced brochure', 400);
    await world.api('POST', `/v2/jobs/${jobs['Outsourced brochure']}/outsourcing`, { supplier: supplier.id, fixedPrice: 150 });
    // An invoice sent long ago and unpaid: overdue.
    const old = await world.api<Named>('POST', '/v2/invoices', {
      client: client.id,
      lines: [{ description: 'Old work', quantity: 1, unitCost: 80 }],
      issueDate: '2024-01-10',
    });
    await world.api('POST', `/v2/invoices/${old.id}/send`);
    page = await world.signedInPage('/jobs');
  });
  afterAll(async () => world?.close());

  it('a quote from jobs selected in the jobs list, sent and accepted', async () => {
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    // Jobs of two clients: no quote, and the reason in words.
    await page.getByRole('checkbox', { name: /Catalogue FR/ }).check();
    await page.getByRole('checkbox', { name: /Stranger job/ }).check();
    await eventually(() => page.getByRole('button', { name: 'Create quote' }).isDisabled()).toBe(true);
    expect(await page.getByText(/several clients/).isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: /Stranger job/ }).uncheck();
    await page.getByRole('checkbox', { name: /Catalogue DE/ }).check();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await page.getByRole('button', { name: 'Create quote' }).click();

    await page.getByRole('heading', { name: 'Draft quote', level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;
    const stored = await world.api('GET', `/v2/quotes/${id}`);
    expect(stored.client.id).toBe(client.id);
    expect(stored.lines.map((line: { job: Named }) => line.job.id).sort()).toEqual([jobs['Catalogue FR'], jobs['Catalogue DE']].sort());
    expect(await page.getByTestId('document-total').textContent()).toBe(money(stored.total.total));
    expect(stored.total.total).toBe(500);
    await expectPdf(page, 'quotes', id);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'quote-draft');

    await act(page, 'Send');
    const sent = await world.api('GET', `/v2/quotes/${id}`);
    expect(sent.status).toBe(2);
    await page.getByRole('heading', { name: `Quote ${sent.number}`, level: 1 }).waitFor();
    // The test server has no mail server: the send says so, and the page shows the quote went out without an e-mail.
    await page.getByText('Sent and numbered, but not e-mailed: the operator of this installation has not configured outgoing e-mail.').waitFor();
    await page.getByText(/^Sent .+, not e-mailed$/).waitFor();
    expect(await page.getByRole('button', { name: 'Refuse' }).isVisible()).toBe(true);
    await act(page, 'Accept');
    await eventually(async () => (await world.api('GET', `/v2/quotes/${id}`)).status).toBe(3);
    await page.getByText('Accepted', { exact: true }).first().waitFor();
    expect(await page.getByRole('group', { name: 'Actions' }).count()).toBe(0);
    const fixed = await world.api('GET', `/v2/jobs/${jobs['Catalogue FR']}`);
    expect(fixed.estimation.type).toBe('quote');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  }, 240_000);

  it('an invoice sent and paid in two payments; removing one reopens it; a credit note', async () => {
    await page.goto('/invoices');
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    // The old unpaid invoice stands out in words.
    const overdueRow = page.getByRole('row').filter({ hasText: 'Overdue' });
    await eventually(() => overdueRow.count()).toBe(1);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'invoices-list');

    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Client' }).fill('Lumen');
    await page.getByRole('option', { name: 'Lumen Press' }).click();
    await dialog.getByRole('checkbox', { name: /Invoice me/ }).check();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('button', { name: 'Create with 1 selected' }).click();
    await page.getByRole('heading', { name: 'Draft invoice', level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;
    expect((await world.api('GET', `/v2/jobs/${jobs['Invoice me']}`)).status).toBe(4);

    // Details while draft: payment terms, the client's purchase order, the match bands on the PDF.
    await page.getByRole('textbox', { name: 'Payment terms' }).fill('14');
    await page.getByRole('textbox', { name: "Client's purchase order" }).fill('PO-4471');
    await page
      .getByRole('textbox', { name: 'Matches on the PDF' })
      .or(page.getByRole('combobox', { name: 'Matches on the PDF' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Each match band' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await world.api('GET', `/v2/invoices/${id}`)).paymentTerms).toBe(14);
    expect(await world.api('GET', `/v2/invoices/${id}`)).toMatchObject({ purchaseOrder: 'PO-4471', matchDisplay: 'breakdown' });

    await act(page, 'Send');
    const sent = await world.api('GET', `/v2/invoices/${id}`);
    await page.getByRole('heading', { name: `Invoice ${sent.number}`, level: 1 }).waitFor();
    expect(sent.total.total).toBe(1000);

    // The e-invoice of a numbered invoice: asked for first, so the API's refusal (this account has no
    // VAT number yet) shows as its message, not as a downloaded error body.
    await page.getByRole('link', { name: 'Download e-invoice (UBL)' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'No e-invoice yet' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('VAT number');

    const pay = async (amount: string, reference: string) => {
      await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
      await page.getByRole('textbox', { name: 'Reference' }).fill(reference);
      await page.getByRole('button', { name: 'Record payment' }).click();
      await page.getByRole('cell', { name: reference }).waitFor();
    };
    await pay('400', 'Transfer 1');
    await eventually(() => page.getByTestId('outstanding-amount').textContent()).toBe(money(600));
    expect((await world.api('GET', `/v2/invoices/${id}`)).status).toBe(2);
    await pay('600', 'Transfer 2');
    await eventually(() => page.getByTestId('outstanding-amount').textContent()).toBe(money(0));
    const paid = await world.api('GET', `/v2/invoices/${id}`);
    expect(paid.status).toBe(3);
    expect(paid.payments).toHaveLength(2);
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'invoice-paid');

    // Removing a payment reopens it.
    await page.getByRole('button', { name: /Remove the payment of €600.00/ }).click();
    await page.getByRole('dialog').waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await eventually(() => page.getByTestId('outstanding-amount').textContent()).toBe(money(600));
    expect((await world.api('GET', `/v2/invoices/${id}`)).status).toBe(2);
    await expectPdf(page, 'invoices', id);

    // Credit the whole invoice: a credit note, the invoice credited, the job back to finished.
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Credit', exact: true }).click();
    const credit = page.getByRole('dialog');
    await credit.waitFor();
    await settled(page);
    await checkAccessibility(page);
    await credit.getByRole('button', { name: 'Create credit note' }).click();
    await credit.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: /^Credit note /, level: 1 }).waitFor();
    const creditId = page.url().split('/').at(-1)!;
    const note = await world.api('GET', `/v2/invoices/${creditId}`);
    expect([note.type, note.creditedInvoice.id, note.total.total]).toEqual([2, id, -1000]);
    expect(note.number).toMatch(/^CN-\d{4}-0001$/);
    expect((await world.api('GET', `/v2/invoices/${id}`)).status).toBe(4);
    expect((await world.api('GET', `/v2/jobs/${jobs['Invoice me']}`)).status).toBe(3);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'credit-note');
    expectNoPageErrors(page);
  }, 240_000);

  it("a purchase order from the job page's outsourcing, sent and accepted", async () => {
    await page.goto(`/jobs/${jobs['Outsourced brochure']}`);
    await page.getByRole('button', { name: 'Create a purchase order for Ana Translates' }).click();
    await page.getByRole('heading', { name: 'Draft purchase order', level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;
    const order = await world.api('GET', `/v2/purchase-orders/${id}`);
    expect(order.supplier.id).toBe(supplier.id);
    expect(order.lines).toHaveLength(1);
    expect(order.total.total).toBe(150);
    await expectPdf(page, 'purchase-orders', id);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await act(page, 'Send');
    await act(page, 'Accept');
    await eventually(async () => (await world.api('GET', `/v2/purchase-orders/${id}`)).status).toBe(3);
    expect(await page.getByRole('button', { name: 'Cancel order' }).isVisible()).toBe(true);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'purchase-order');

    await page.goto('/purchase-orders?status=[3]');
    await eventually(() => page.getByRole('row').count()).toBe(2);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  }, 240_000);
});
