import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, eventually, expectNoPageErrors, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { checkWidths, DESKTOP, PHONE } from './widths.js';
import { completedPurchaseOrder, newSignInLink, PDF, portalSession, portalSupplier, submitInvoice } from '../supplier-invoices/fixture.js';

type AgencyInvoice = { id: string; number: string; total: number; purchaseOrdersTotal: number; explanation: string | null; status: string };

/**
 * The supplier's invoices on the portal (docs/console.md#portal-pages,
 * docs/supplier-portal.md#invoices): reached from the frame's navigation, completed purchase orders
 * ticked, the total set to their exact sum (100.10 + 50.20 is 150.30, not a float's 150.29999…),
 * a file that is no PDF refused before sending, an invoice submitted with its PDF and listed; a
 * total that differs asks for an explanation before sending; a rejection shows its reason. At 390
 * and 1 280 px, in English and French: axe, no sideways scroll, every control in sight, no text cut.
 */
describe.skipIf(skipReason)("the supplier's invoices on the portal", () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  const agencyInvoices = async (supplierId: string) =>
    (await world.api<{ items: AgencyInvoice[] }>('GET', `/v2/supplier-invoices?supplierId=${supplierId}&pageSize=100`)).items;

  it('submits an invoice for completed purchase orders with their exact sum and a PDF, asks why a total differs, and lists them', async () => {
    const supplier = await portalSupplier(world, 'Iris');
    const first = await completedPurchaseOrder(world, supplier.supplierId, 100.1);
    const second = await completedPurchaseOrder(world, supplier.supplierId, 50.2);
    const third = await completedPurchaseOrder(world, supplier.supplierId, 0.3);
    const page = await world.newPage(PHONE);
    await page.goto(supplier.linkPath);
    await page.getByRole('heading', { name: 'Hello Iris Person' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Portal' });
    await nav.getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/invoices');
    expect(await nav.getByRole('link', { name: 'Invoices' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('You have not submitted an invoice yet.').waitFor();
    const orders = page.getByRole('group', { name: 'Purchase orders to invoice' });
    const box = (number: string) => orders.getByRole('checkbox', { name: new RegExp(`^Purchase order ${number}(?!\\d)`) });
    await box(first.number).waitFor();
    await checkWidths(page, 'portal-invoices-empty');

    // Nothing ticked, nothing filled: said at each field, nothing sent.
    await page.getByRole('button', { name: 'Submit the invoice' }).click();
    await page.getByText('Choose at least one purchase order.').waitFor();
    await page.getByText('Enter the number of your invoice.').waitFor();
    await page.getByText('Choose the PDF of your invoice.').waitFor();
    await checkAccessibility(page);

    // The total is the orders' exact sum.
    await box(first.number).check();
    await box(second.number).check();
    const total = page.getByRole('textbox', { name: 'Total of the invoice' });
    expect(await total.inputValue()).toBe('150.30');
    await page.getByText('The chosen purchase orders add up to €150.30.').waitFor();
    await page.getByRole('textbox', { name: 'Your invoice number' }).fill('IR-2026-7');
    await page.getByRole('textbox', { name: 'Invoice date' }).fill('2026-11-20');

    // A file that is no PDF is refused here.
    const file = page.locator('input[type=file]');
    await file.setInputFiles({ name: 'invoice.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await page.getByRole('button', { name: 'Submit the invoice' }).click();
    await page.getByText('The file must be a PDF.').waitFor();
    expect(await agencyInvoices(supplier.supplierId)).toEqual([]);

    await file.setInputFiles({ name: 'IR-2026-7.pdf', mimeType: 'application/pdf', buffer: PDF });
    expect(await page.getByRole('textbox', { name: /^Why does the total differ/ }).count()).toBe(0);
    await checkWidths(page, 'portal-invoices-form');
    await page.getByRole('button', { name: 'Submit the invoice' }).click();
    await page.getByRole('status').filter({ hasText: 'Invoice submitted. The agency will review it.' }).waitFor();
    const list = page.getByRole('region', { name: 'Your invoices' });
    const card = (number: string) => list.getByRole('listitem').filter({ hasText: `Invoice ${number}` });
    await card('IR-2026-7').getByText('Submitted').waitFor();
    await card('IR-2026-7').getByText('€150.30').waitFor();
    await card('IR-2026-7').getByText(`Purchase orders: ${first.number}, ${second.number}`).waitFor();
    const [submitted] = await agencyInvoices(supplier.supplierId);
    expect(submitted).toMatchObject({ number: 'IR-2026-7', total: 150.3, purchaseOrdersTotal: 150.3, explanation: null, status: 'submitted' });
    const pdf = await fetch(`${world.baseUrl}/v2/supplier-invoices/${submitted!.id}/pdf`, { headers: { Authorization: `Bearer ${world.apiKey}` } });
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    // The invoiced orders are no longer offered; the form is empty again.
    await eventually(() => box(first.number).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Your invoice number' }).inputValue()).toBe('');

    // A total other than the orders' asks why, before sending.
    await box(third.number).check();
    expect(await total.inputValue()).toBe('0.30');
    await total.fill('0.31');
    const explanation = page.getByRole('textbox', { name: /^Why does the total differ/ });
    await explanation.waitFor();
    await page.getByText('Your total differs from the purchase orders by €0.01.').waitFor();
    await page.getByRole('textbox', { name: 'Your invoice number' }).fill('IR-2026-8');
    await file.setInputFiles({ name: 'IR-2026-8.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Submit the invoice' }).click();
    await page.getByText('Please explain the difference.').waitFor();
    await checkWidths(page, 'portal-invoices-explanation');
    expect(await agencyInvoices(supplier.supplierId)).toHaveLength(1);
    await explanation.fill('Courier costs');
    await page.getByRole('button', { name: 'Submit the invoice' }).click();
    await card('IR-2026-8').getByText('Your explanation: Courier costs').waitFor();
    await page.getByText('No purchase order can be invoiced now', { exact: false }).waitFor();
    // Said still once the last orders are invoiced and the form has given way.
    await page.getByRole('status').filter({ hasText: 'Invoice submitted. The agency will review it.' }).waitFor();
    const rejected = (await agencyInvoices(supplier.supplierId)).find((invoice) => invoice.number === 'IR-2026-8');
    expect(rejected).toMatchObject({ total: 0.31, purchaseOrdersTotal: 0.3, explanation: 'Courier costs' });

    // The agency rejects one: its reason shows, and its order may go on a new invoice.
    await world.api('POST', `/v2/supplier-invoices/${rejected!.id}/reject`, { reason: 'Courier costs are not agreed' });
    await page.reload();
    await card('IR-2026-8').getByText('Rejected').waitFor();
    await card('IR-2026-8').getByText('Reason: Courier costs are not agreed').waitFor();
    await box(third.number).waitFor();
    await checkWidths(page, 'portal-invoices-listed');

    // In French too.
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('heading', { name: 'Factures', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Bons de commande à facturer' }).waitFor();
    const vos = page.getByRole('region', { name: 'Vos factures' });
    await vos.getByText('Motif : Courier costs are not agreed').waitFor();
    await vos.getByText('Refusée').waitFor();
    await page.getByRole('button', { name: 'Envoyer la facture' }).click();
    await page.getByText('Choisissez au moins un bon de commande.').waitFor();
    await checkWidths(page, 'portal-invoices-fr');
    expectNoPageErrors(page);
  });

  it('says so above the button when an order was invoiced meanwhile (409), and offers the orders as they are now', async () => {
    const supplier = await portalSupplier(world, 'Jana');
    const order = await completedPurchaseOrder(world, supplier.supplierId, 80);
    // Two sessions of the person: one here, one in the browser (a new link: the first is used).
    const elsewhere = await portalSession(world, supplier.token);
    const page = await world.newPage(DESKTOP);
    await page.goto(await newSignInLink(world, supplier));
    await page.getByRole('heading', { name: 'Hello Jana Person' }).waitFor();
    await page.goto('/portal/invoices');
    const orders = page.getByRole('group', { name: 'Purchase orders to invoice' });
    await orders.getByRole('checkbox', { name: new RegExp(`^Purchase order ${order.number}(?!\\d)`) }).check();
    await page.getByRole('textbox', { name: 'Your invoice number' }).fill('JA-1');
    await page.locator('input[type=file]').setInputFiles({ name: 'JA-1.pdf', mimeType: 'application/pdf', buffer: PDF });
    // Another of the supplier's people (here: the API) invoices the same order first.
    await submitInvoice(world, elsewhere, { number: 'JA-0', total: '80', purchaseOrderIds: [order.id] });
    await page.getByRole('button', { name: 'Submit the invoice' }).click();
    await page.getByRole('alert').filter({ hasText: 'One of the purchase orders can no longer be invoiced.' }).waitFor();
    await page.getByText('No purchase order can be invoiced now', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Your invoices' }).getByText('Invoice JA-0').waitFor();
    await checkAccessibility(page);
    expect(await agencyInvoices(supplier.supplierId)).toHaveLength(1);
    expectNoPageErrors(page);
  });
});
