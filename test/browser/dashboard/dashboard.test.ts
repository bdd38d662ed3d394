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

/**
 * The dashboard (docs/console.md#dashboard), in Chromium against a real server: an empty account
 * first (friendly empty states, no chart), then jobs, a quote, invoices and a purchase order made
 * through the API, whose figures the page must show exactly, and its links.
 */

const DAY = 86_400_000;
const now = new Date();
const iso = (ms: number) => new Date(ms).toISOString();
const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const laterToday = iso(startOfToday + DAY - 1000);
const lastMonthFirst = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const monthName = (first: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(first));
const lastMonth = monthName(lastMonthFirst);
const thisMonth = monthName(iso(startOfToday));

interface Named {
  id: string;
  name: string;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const figure = (page: Page, regionName: string, label: string) =>
  region(page, regionName)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe.skipIf(skipReason)('dashboard', () => {
  let world: ConsoleWorld;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    world = await startConsoleWorld();
    page = await world.signedInPage('/');
  });
  afterAll(async () => world?.close());

  it('shows friendly empty states for an empty account, without charts', async () => {
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
    await eventually(() => region(page, 'This month').textContent()).toContain('No job is due this month or last month.');
    await expect(region(page, 'My jobs').textContent()).resolves.toContain('None of your jobs is overdue.');
    await expect(region(page, 'My jobs').textContent()).resolves.toContain('Nothing is due today.');
    await expect(region(page, 'Jobs in progress by manager').textContent()).resolves.toContain('No job is in progress.');
    await expect(region(page, 'Quotes waiting for an answer').textContent()).resolves.toContain('No quote is waiting for an answer.');
    await expect(region(page, 'Invoices to be paid').textContent()).resolves.toContain('Every sent invoice is paid.');
    await expect(page.locator('.recharts-wrapper').count()).resolves.toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'dashboard-empty');
    expectNoPageErrors(page);
  });

  it('shows the exact figures of the jobs, quotes, invoices and purchase orders made through the API', async () => {
    const made = async (path: string, body: Record<string, unknown>) => (await world.api<Named>('POST', path, body)).id;
    const client = await made('/v2/clients', { name: 'Acme Browser', currency: 'EUR' });
    const supplier = await made('/v2/suppliers', { name: 'Lingua Partners', currency: 'EUR' });
    const service = await made('/v2/account/services', { name: 'Dashboard translation' });
    const unit = await made('/v2/account/quantity-types', { name: 'Dashboard words' });
    const job = async (name: string, extra: Record<string, unknown>, status?: number) => {
      ids[name] = await made('/v2/jobs', { name, client, quantity: 100, quantityType: unit, service, fixedPrice: 50, ...extra });
      if (status) await world.api('PUT', `/v2/jobs/${ids[name]}`, { status });
    };
    await job('Leaflet due today', { dueDate: laterToday });
    await job('Manual overdue', { dueDate: iso(startOfToday - 2 * DAY) });
    await job('Brochure overdue', { dueDate: iso(startOfToday - DAY) }, 2);
    await job('Finished long ago', { dueDate: iso(startOfToday - 9 * DAY) }, 3);
    const manager = await made('/v2/users', { name: 'Maria Manager', email: 'maria@agency.example', role: 'manager' });
    await job('Website strings', {}, 2);
    await world.api('PUT', `/v2/jobs/${ids['Website strings']}`, { owner: manager });
    await job('App strings', {}, 2);
    await world.api('PUT', `/v2/jobs/${ids['App strings']}`, { owner: manager });

    const lines = (quantity: number, unitCost: number) => [{ description: 'Work', quantity, unitCost }];
    ids.quote = await made('/v2/quotes', { client, lines: lines(2, 100.1), issueDate: iso(startOfToday) });
    await world.api('POST', `/v2/quotes/${ids.quote}/send`);
    ids.invoice = await made('/v2/invoices', { client, lines: lines(10, 100), issueDate: iso(startOfToday) });
    await world.api('POST', `/v2/invoices/${ids.invoice}/send`);
    ids.overdueInvoice = await made('/v2/invoices', { client, lines: lines(3, 111.11), issueDate: lastMonthFirst, paymentTerms: 1 });
    await world.api('POST', `/v2/invoices/${ids.overdueInvoice}/send`);
    ids.order = await made('/v2/purchase-orders', { supplier, lines: lines(1, 300.5), issueDate: iso(startOfToday) });
    await world.api('POST', `/v2/purchase-orders/${ids.order}/send`);

    // The month's money is the jobs' (the margins report's): 50 each, on its due day or, without one, today.
    await world.api('POST', `/v2/jobs/${ids['Leaflet due today']}/outsourcing`, { supplier, currency: 'EUR', fixedPrice: 20.5 });
    const jobDays = [0, -2, -1, -9, 0, 0].map((days) => iso(startOfToday + days * DAY).slice(0, 7));
    const euros = (amount: number) => `€${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const revenueNow = 50 * jobDays.filter((month) => month === iso(startOfToday).slice(0, 7)).length;
    const revenueBefore = 50 * jobDays.filter((month) => month === lastMonthFirst.slice(0, 7)).length;
    await page.reload();
    await eventually(() => figure(page, 'This month', 'Job revenue').textContent()).toContain(euros(revenueNow));
    const month = region(page, 'This month');
    await expect(figure(page, 'This month', 'Job revenue').textContent()).resolves.toBe(`${euros(revenueNow)}${lastMonth}: ${euros(revenueBefore)}`);
    await expect(figure(page, 'This month', 'Supplier cost').textContent()).resolves.toBe(`€20.50${lastMonth}: €0.00`);
    await expect(figure(page, 'This month', 'Margin').textContent()).resolves.toBe(`${euros(revenueNow - 20.5)}${lastMonth}: ${euros(revenueBefore)}`);
    // The text alternative of the chart: the same figures in a table.
    const table = month.getByRole('table', { name: `Job revenue, supplier cost and margin in EUR, ${lastMonth} and ${thisMonth}` });
    await expect(table.getByRole('row').allInnerTexts()).resolves.toEqual([
      `Figure\t${lastMonth}\t${thisMonth}`,
      `Job revenue\t${euros(revenueBefore)}\t${euros(revenueNow)}`,
      'Supplier cost\t€0.00\t€20.50',
      `Margin\t${euros(revenueBefore)}\t${euros(revenueNow - 20.5)}`,
    ]);
    await eventually(() =>
      month
        .getByRole('img', { name: /^Bar chart of the job revenue, supplier cost and margin in EUR/ })
        .locator('svg')
        .count(),
    ).toBeGreaterThan(0);

    const myJobs = region(page, 'My jobs');
    await expect(myJobs.getByRole('list', { name: 'Due today: 1' }).getByRole('link').allInnerTexts()).resolves.toEqual(['Leaflet due today']);
    await expect(myJobs.getByRole('list', { name: 'Overdue: 2' }).getByRole('link').allInnerTexts()).resolves.toEqual(['Manual overdue', 'Brochure overdue']);

    const managers = region(page, 'Jobs in progress by manager').getByRole('table', { name: 'Jobs in progress by manager' });
    const managerRows = await managers.getByRole('row').allInnerTexts();
    expect(managerRows[0]).toBe('Manager\tJobs in progress');
    expect(managerRows.slice(1)).toEqual(['Maria Manager\t2', expect.stringMatching(/\t1$/)]);
    // Below the fold of 1280 × 800: its chart is drawn once its place is scrolled into the window.
    const managersRegion = region(page, 'Jobs in progress by manager');
    await expect(managersRegion.getByRole('img').count()).resolves.toBe(0);
    await managersRegion.scrollIntoViewIfNeeded();
    await eventually(() => managersRegion.getByRole('img').locator('svg').count()).toBeGreaterThan(0);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).scrollIntoViewIfNeeded();

    const quotes = region(page, 'Quotes waiting for an answer');
    await expect(figure(page, 'Quotes waiting for an answer', 'Sent, waiting').textContent()).resolves.toBe('1€200.20');
    await expect(quotes.getByRole('list', { name: 'Waiting longest' }).getByRole('link').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Q-\d{4}-0001 · Acme Browser$/),
    ]);
    await expect(figure(page, 'Invoices to be paid', 'Unpaid').textContent()).resolves.toBe('2€1,333.33');
    await expect(figure(page, 'Invoices to be paid', 'Overdue').textContent()).resolves.toBe('1€333.33');
    await expect(region(page, 'Invoices to be paid').getByRole('list', { name: 'Overdue longest' }).innerText()).resolves.toMatch(
      /^INV-\d{4}-0002 · Acme Browser\n+€333.33 to be paid · due /,
    );

    await checkAccessibility(page);

    await checkControlsVisible(page);
    await screenshot(page, 'dashboard-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'dashboard-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
    expectNoPageErrors(page);
  });

  it('links to the jobs, the jobs list filtered, the quotes and the invoices', async () => {
    const myJobs = region(page, 'My jobs');
    await myJobs.getByRole('link', { name: 'Manual overdue' }).click();
    await page.waitForURL(`**/jobs/${ids['Manual overdue']}`);
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Manual overdue' }).isVisible()).toBe(true);
    await page.goBack();

    await region(page, 'My jobs').getByRole('link', { name: 'My unfinished jobs due by today in the jobs list' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    const search = new URL(page.url()).searchParams;
    expect(search.get('dueTo')).toBe(iso(startOfToday).slice(0, 10));
    const jobLinks = () => page.getByRole('table').getByRole('link').allInnerTexts();
    await eventually(async () => (await jobLinks()).sort()).toEqual(['Brochure overdue', 'Leaflet due today', 'Manual overdue']);
    await page.goBack();

    await region(page, 'Jobs in progress by manager').getByRole('link', { name: "Open Maria Manager's jobs in progress" }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    await eventually(async () => (await jobLinks()).sort()).toEqual(['App strings', 'Website strings']);
    await page.goBack();

    await region(page, 'Quotes waiting for an answer').getByRole('list').getByRole('link').click();
    await page.waitForURL(`**/quotes/${ids.quote}`);
    await page.goBack();
    await region(page, 'Invoices to be paid').getByRole('list').getByRole('link').click();
    await page.waitForURL(`**/invoices/${ids.overdueInvoice}`);
    await page.goBack();
    await region(page, 'Invoices to be paid').getByRole('link', { name: 'All invoices' }).click();
    await page.waitForURL((url) => url.pathname === '/invoices');
    await page.goBack();
    await region(page, 'Quotes waiting for an answer').getByRole('link', { name: 'All quotes' }).click();
    await page.waitForURL((url) => url.pathname === '/quotes');
    expectNoPageErrors(page);
  });
});
