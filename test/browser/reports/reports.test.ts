import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose } from '../jobs/job-page-fixture.js';
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

/**
 * The Reports page (docs/console.md#reports) against a real server: the margins of a job by month
 * and client, the same job revenue as the dashboard's, its chart, CSV and XLSX downloads, the other
 * reports, at 1 280 and 1 024 px.
 */
const now = new Date();
const month = now.toISOString().slice(0, 7);
const midMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15)).toISOString();

describe.skipIf(skipReason)('reports', () => {
  let world: ConsoleWorld;
  let page: Page;

  beforeAll(async () => {
    world = await startConsoleWorld();
    const made = async (path: string, body: Record<string, unknown>) => (await world.api<{ id: string }>('POST', path, body)).id;
    const client = await made('/v2/clients', { name: 'Acme Reports', currency: 'EUR' });
    const service = await made('/v2/account/services', { name: 'Report translation' });
    const unit = await made('/v2/account/quantity-types', { name: 'Report words' });
    await made('/v2/jobs', { name: 'Annual report', client, quantity: 100, quantityType: unit, service, fixedPrice: 256.22, dueDate: midMonth });
    page = await world.signedInPage('/reports');
  });
  afterAll(async () => world?.close());

  it('shows the margins by month and client with a chart, and the same job revenue as the dashboard', async () => {
    const table = page.getByRole('table', { name: 'Margins report' });
    await eventually(() => table.getByRole('row').count()).toBe(3);
    await expect(table.getByRole('row').nth(1).innerText()).resolves.toBe(`${month}\tAcme Reports\t1\t€256.22\t€0.00\t€256.22\t100%\t0`);
    await expect(table.getByRole('columnheader', { name: 'Job revenue (EUR)' }).count()).resolves.toBe(1);
    await eventually(() =>
      page
        .getByRole('img', { name: /^Bar chart of the Margins report/ })
        .locator('svg')
        .count(),
    ).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Download the Margins report as CSV' }).getAttribute('href')).resolves.toBe(
      '/v2/reports/margins?by=client&format=csv',
    );
    await expect(page.getByRole('link', { name: 'Download the Margins report as XLSX' }).getAttribute('href')).resolves.toBe(
      '/v2/reports/margins?by=client&format=xlsx',
    );
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'reports-margins-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkControlsVisible(page);
    await screenshot(page, 'reports-margins-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The navigation leads to the dashboard, whose month figure is the same number, named the same.
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    const revenue = page
      .getByRole('region', { name: 'This month', exact: true })
      .getByRole('term')
      .filter({ hasText: /^Job revenue$/ })
      .locator('xpath=following-sibling::dd[1]');
    await eventually(() => revenue.textContent()).toMatch(/^€256\.22/);
    expectNoPageErrors(page);
  });

  it('keeps the report and its filters in the address, and downloads the CSV with them', async () => {
    await page.goto(`/reports?report=margins&by=service&from=${month}-01&to=${month}-28`);
    const table = page.getByRole('table', { name: 'Margins report' });
    await eventually(() => table.getByRole('row').nth(1).innerText()).toContain('Report translation');
    const href = await page.getByRole('link', { name: 'Download the Margins report as CSV' }).getAttribute('href');
    expect(href).toBe(`/v2/reports/margins?by=service&from=${month}-01&to=${month}-28&format=csv`);
    const download = await page.request.get(href!);
    expect(download.headers()['content-type']).toContain('text/csv');
    expect(await download.text()).toContain('Report translation');

    await choose(page, page, 'Report', 'Workload');
    await page.waitForURL((url) => url.searchParams.get('report') === 'workload');
    const workload = page.getByRole('table', { name: 'Workload report' });
    await eventually(() => workload.getByRole('row').nth(1).innerText()).toContain('Report words');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'reports-workload-1280');
    expectNoPageErrors(page);
  });
});
