import type { Page } from 'playwright-core';
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

/**
 * The account setting `managersSeeRevenueAndMargins` (docs/access.md#revenue-and-margins) in
 * Chromium: the owner turns it off on the account page; a manager then sees no revenue, margin or
 * invoice totals on the dashboard, no margin on a job page, and no margins or receivables report.
 */

const pictures = async (page: Page, name: string) => {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await checkControlsVisible(page);
  await checkTextNotCut(page);
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
};

describe.skipIf(skipReason)('revenue and margins hidden from managers', () => {
  let world: ConsoleWorld;
  let jobId = '';

  beforeAll(async () => {
    world = await startConsoleWorld();
    const made = async (path: string, body: Record<string, unknown>) => (await world.api<{ id: string }>('POST', path, body)).id;
    const client = await made('/v2/clients', { name: 'Acme Reports', currency: 'EUR' });
    const supplier = await made('/v2/suppliers', { name: 'Lingua Supplier', currency: 'EUR' });
    const service = await made('/v2/account/services', { name: 'Report translation' });
    const unit = await made('/v2/account/quantity-types', { name: 'Report words' });
    jobId = await made('/v2/jobs', {
      name: 'Annual report',
      client,
      quantity: 100,
      quantityType: unit,
      service,
      fixedPrice: 1000,
      dueDate: new Date().toISOString(),
    });
    await world.api('POST', `/v2/jobs/${jobId}/outsourcing`, { supplier, currency: 'EUR', fixedPrice: 600 });
    const invoice = await world.api<{ id: string }>('POST', '/v2/invoices', { client, lines: [{ description: 'Work', quantity: 1, unitCost: 250 }] });
    await world.api('POST', `/v2/invoices/${invoice.id}/send`);
  }, 120_000);
  afterAll(async () => world?.close());

  it('the owner turns the setting off on the account page', async () => {
    const page = await world.signedInPage('/settings/account');
    const toggle = page.getByRole('switch', { name: 'Managers see revenue and margins' });
    await eventually(() => toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await page.getByRole('button', { name: 'Save' }).first().click();
    await eventually(async () => (await world.api<{ managersSeeRevenueAndMargins: boolean }>('GET', '/v2/account')).managersSeeRevenueAndMargins).toBe(false);
    await eventually(() => toggle.isChecked()).toBe(false);
    // Its neighbour in "Who sees what": the client's name on the supplier portal, off by default.
    const clientName = page.getByRole('switch', { name: 'Suppliers see the client’s name' });
    await eventually(() => clientName.isChecked()).toBe(false);
    await clientName.click({ force: true });
    await page.getByRole('button', { name: 'Save' }).first().click();
    await eventually(async () => (await world.api<{ suppliersSeeClientName: boolean }>('GET', '/v2/account')).suppliersSeeClientName).toBe(true);
    await checkAccessibility(page);
    await screenshot(page, 'settings-revenue-and-margins');
    expectNoPageErrors(page);
  });

  it("a manager's dashboard has no revenue, margin or invoice figures, and no empty card", async () => {
    const page = await world.signedInAs('manager', '/');
    await eventually(() => page.getByRole('region', { name: 'Quotes waiting for an answer', exact: true }).isVisible()).toBe(true);
    await expect(page.getByRole('region', { name: 'This month', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('region', { name: 'Invoices to be paid', exact: true }).count()).resolves.toBe(0);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const word of ['Revenue', 'Margin', 'NaN', 'undefined', '€1,000.00', '€400.00']) expect(text).not.toContain(word);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await pictures(page, 'dashboard-manager-no-margins');

    // The job page: the job total and its cost (prices the manager works with), no margin nor verdict.
    await page.goto(`/jobs/${jobId}`);
    await eventually(() => page.getByRole('heading', { level: 1, name: /Annual report/ }).isVisible()).toBe(true);
    await eventually(async () => (await page.locator('main').textContent()) ?? '').toContain('Job total');
    const job = (await page.locator('main').textContent()) ?? '';
    for (const word of ['Margin rate', 'Profitable', 'NaN', 'undefined']) expect(job).not.toContain(word);
    expect(job).not.toMatch(/\bMargin\b/);
    await checkAccessibility(page);
    await checkTextNotCut(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-manager-no-margins-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkTextNotCut(page);
    await screenshot(page, 'job-manager-no-margins-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The reports: margins and receivables are not offered; the page opens on another report, without an error.
    await page.goto('/reports');
    await eventually(async () => (await page.locator('main').textContent()) ?? '').toContain('Nothing to report for these filters.');
    const select = page.getByLabel('Report', { exact: true }).first();
    await expect(select.inputValue()).resolves.toBe('Payables');
    await select.click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).not.toContain('Margins');
    expect(options.some((option) => option.startsWith('Receivables'))).toBe(false);
    await page.keyboard.press('Escape');
    await checkAccessibility(page);
    await pictures(page, 'reports-manager-no-margins');
    expectNoPageErrors(page);
  });

  it('the owner still sees every figure', async () => {
    const owner = await world.signedInPage(`/jobs/${jobId}`);
    await eventually(async () => (await owner.locator('main').textContent()) ?? '').toContain('Margin rate');
    const page = await world.signedInPage('/');
    await eventually(() => page.getByRole('region', { name: 'This month', exact: true }).isVisible()).toBe(true);
    await eventually(async () => (await page.getByRole('region', { name: 'Invoices to be paid', exact: true }).textContent()) ?? '').toContain('€250.00');
    expectNoPageErrors(page);
  });
});
