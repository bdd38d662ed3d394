import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  checkTextNotCut,
  eventually,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';
import { completedPurchaseOrder, PDF, portalSession, portalSupplier, submitInvoice } from './fixture.js';

/**
 * The agency's supplier invoices page (docs/console.md#supplier-invoices, docs/supplier-invoices.md):
 * reached from the navigation, it opens on the invoices waiting for a decision, with their supplier,
 * orders, difference and explanation, and PDF; the owner approves one after a confirmation and
 * rejects another with a reason (required); the status filter shows them decided. A project
 * manager reads the list without the buttons. axe, every control in sight, no text cut.
 */
describe.skipIf(skipReason)("the agency's supplier invoices", () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  const statusOf = async (id: string) => (await world.api<{ status: string; rejectionReason: string | null }>('GET', `/v2/supplier-invoices/${id}`)).status;

  it('approves one invoice after a confirmation and rejects another with a reason', async () => {
    const supplier = await portalSupplier(world, 'Olga');
    const first = await completedPurchaseOrder(world, supplier.supplierId, 120);
    const second = await completedPurchaseOrder(world, supplier.supplierId, 0.3);
    const session = await portalSession(world, supplier.token);
    const approved = await submitInvoice(world, session, { number: 'OL-101', total: '120.00', purchaseOrderIds: [first.id] });
    const rejected = await submitInvoice(world, session, { number: 'OL-102', total: '0.31', purchaseOrderIds: [second.id], explanation: 'Courier costs' });

    const page = await world.signedInPage('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Supplier invoices' }).click();
    await page.waitForURL((url) => url.pathname === '/supplier-invoices');
    await page.getByRole('heading', { name: 'Supplier invoices', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Supplier invoices' });
    const row = (number: string) => table.getByRole('row').filter({ hasText: number });
    await row('OL-101').getByRole('link', { name: first.number }).waitFor();
    await row('OL-102').getByText('€0.01 more than the orders').waitFor();
    await row('OL-102').getByText('Courier costs').waitFor();
    await row('OL-101').getByText('None').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'supplier-invoices-submitted-1280');

    // The PDF, as the supplier sent it.
    const pdfLink = row('OL-101').getByRole('link', { name: 'The PDF of invoice OL-101 of Olga Translations' });
    expect(await pdfLink.getAttribute('href')).toBe(`/v2/supplier-invoices/${approved.id}/pdf`);
    const pdf = await page.request.get(`/v2/supplier-invoices/${approved.id}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await pdf.body()).equals(PDF)).toBe(true);

    // Approve: asks first; cancelling changes nothing.
    await row('OL-101').getByRole('button', { name: 'Approve invoice OL-101 of Olga Translations' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve this invoice?' });
    await approve.getByText('Invoice OL-101 of Olga Translations, €120.00.', { exact: false }).waitFor();
    await checkAccessibility(page);
    await screenshot(page, 'supplier-invoices-approve-1280');
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await approve.waitFor({ state: 'detached' });
    expect(await statusOf(approved.id)).toBe('submitted');
    await row('OL-101').getByRole('button', { name: 'Approve invoice OL-101 of Olga Translations' }).click();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'detached' });
    await page.getByText('Invoice OL-101 of Olga Translations approved.').waitFor();
    await eventually(() => statusOf(approved.id)).toBe('approved');
    await row('OL-101').waitFor({ state: 'detached' });

    // Reject: a reason is required.
    await row('OL-102').getByRole('button', { name: 'Reject invoice OL-102 of Olga Translations' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject this invoice?' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText('Say why the invoice is rejected.').waitFor();
    await checkAccessibility(page);
    await screenshot(page, 'supplier-invoices-reject-1280');
    expect(await statusOf(rejected.id)).toBe('submitted');
    await reject.getByRole('textbox', { name: 'Reason' }).fill('Courier costs were not agreed');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.waitFor({ state: 'detached' });
    await page.getByText('Invoice OL-102 of Olga Translations rejected.').waitFor();
    await page.getByText('No invoice is waiting for a decision.').waitFor();
    const decided = await world.api<{ status: string; rejectionReason: string }>('GET', `/v2/supplier-invoices/${rejected.id}`);
    expect(decided).toMatchObject({ status: 'rejected', rejectionReason: 'Courier costs were not agreed' });

    // Every status: both decided, the reason shown, no buttons left but the PDFs.
    await page.getByRole('radiogroup').or(page.locator('.mantine-SegmentedControl-root')).first().getByText('All', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'all');
    await row('OL-101').getByText('Approved').waitFor();
    await row('OL-102').getByText('Reason: Courier costs were not agreed').waitFor();
    expect(await table.getByRole('button', { name: /^(Approve|Reject) / }).count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'supplier-invoices-all-1280');
    // On a phone the table scrolls sideways in its own box; the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await checkAccessibility(page);
    const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.inner);
    await screenshot(page, 'supplier-invoices-all-390');
    expectNoPageErrors(page);
  });

  it('shows a project manager the invoices without Approve and Reject', async () => {
    const supplier = await portalSupplier(world, 'Pavel');
    const order = await completedPurchaseOrder(world, supplier.supplierId, 45);
    await submitInvoice(world, await portalSession(world, supplier.token), { number: 'PV-1', total: '45', purchaseOrderIds: [order.id] });
    const page = await world.signedInAs('manager', '/supplier-invoices');
    const row = page.getByRole('table', { name: 'Supplier invoices' }).getByRole('row').filter({ hasText: 'PV-1' });
    await row.getByRole('link', { name: 'The PDF of invoice PV-1 of Pavel Translations' }).waitFor();
    await page.getByRole('note').getByText('the owner, administrators and finance approve or reject them', { exact: false }).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await checkAccessibility(page);

    // A supplier in the address: only theirs, every status, the supplier named in its field.
    await page.goto(`/supplier-invoices?status=all&supplier=${supplier.supplierId}`);
    await page.getByRole('table', { name: 'Supplier invoices' }).getByText('PV-1').waitFor();
    await eventually(() => page.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe('Pavel Translations');
    expect(await page.getByRole('table', { name: 'Supplier invoices' }).getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await page.waitForURL((url) => url.search === '');
    expectNoPageErrors(page);
  });
});
