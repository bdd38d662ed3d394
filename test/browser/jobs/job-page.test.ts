import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason } from '../harness.js';
import { figure, jobPageWorld, money, number, percent, rate, VIEWER, type JobPageWorld } from './job-page-fixture.js';

/** The job page's core (docs/console.md#the-job-page): heading, status moves, the Estimate section, roles, a job that is not there; editing in job-page-editing.test.ts. */
describe.skipIf(skipReason)('the job page', () => {
  let world: JobPageWorld['world'];
  let ids: JobPageWorld['ids'];
  let job: JobPageWorld['job'];
  let newJob: JobPageWorld['newJob'];
  let jobNow: JobPageWorld['jobNow'];
  beforeAll(async () => {
    ({ world, ids, job, newJob, jobNow } = await jobPageWorld());
  });
  afterAll(async () => world?.close());

  it('shows the Estimate exactly as the API answers it: price, match lines, subtotal, discount, extra charge, minimum fee, total, type', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'Patient leaflet', level: 1 }).waitFor();
    // The job's readable number opens the line under its name (docs/jobs.md#job-numbers).
    expect(job.number).toMatch(/^J-\d{4}-\d{4}$/);
    await page.getByText(new RegExp(`^${job.number} · `)).waitFor();
    const { details } = job.estimation;
    const table = 'Estimate figures';
    expect(await figure(page, table, 'Price per unit')).toBe(`${rate(details.unitCost)} / Words · from the client's prices`);
    expect(await figure(page, table, 'Quantity')).toBe(`${number(details.quantity.value)} Words`);
    expect(await figure(page, table, 'Subtotal')).toBe(money(details.subtotal));
    expect(await figure(page, table, /^Discount/)).toBe(`−${money(details.discount.amount)}`);
    expect(await figure(page, table, `Discount (${percent(details.discount.value)})`)).toBe(`−${money(details.discount.amount)}`);
    expect(await figure(page, table, `Extra charge (${percent(details.extraCharge.percentage)})`)).toBe(`+${money(details.extraCharge.amount)}`);
    expect(await figure(page, table, 'Minimum fee')).toBe('Not applied');
    expect(await figure(page, table, 'Total')).toBe(money(job.estimation.total));
    // The figures themselves, worked out by hand: 1200 × 0.14 + 300 × 0.042 + 150 × 0.014 = 182.70; −10 %, +5 %.
    expect([details.subtotal, details.discount.amount, details.extraCharge.amount, job.estimation.total]).toEqual([182.7, 19.18, 9.14, 172.66]);
    const lines = page.getByRole('table', { name: 'Match lines' });
    for (const line of details.matches) {
      const cells = lines.getByRole('row', { name: new RegExp(`^${line.name.replace(/[%]/g, '\\$&')}`) }).getByRole('cell');
      expect(await cells.allTextContents()).toEqual([number(line.value), rate(line.rate), money(line.amount)]);
    }
    expect(await page.getByText(`Type: Estimation`).count()).toBe(1);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-page-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-page-1024');
    expectNoPageErrors(page);
  });

  it('offers only the status moves the API allows, and shows a move the API refuses', async () => {
    const fresh = await newJob('Status moves');
    const page = await world.signedInPage(`/jobs/${fresh.id}`);
    const moves = async () => {
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.getByRole('menuitem').first().waitFor();
      return page.getByRole('menuitem').allTextContents();
    };
    await expect.poll(() => page.getByText('Status: Not started').count()).toBe(1);
    expect(await moves()).toEqual(['In progress', 'Finished', 'Cancelled', 'On hold']);
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    await expect.poll(() => page.getByText('Status: Cancelled').count()).toBe(1);
    await page.getByRole('button', { name: 'Change status' }).and(page.locator(':not([data-loading])')).waitFor();
    expect((await jobNow(fresh.id)).status).toBe(5);
    expect(await moves()).toEqual(['Not started']);
    await page.keyboard.press('Escape');

    // On an invoice the job is invoiced; the table allows 4 → 3, but not while the invoice holds it.
    const invoiced = await newJob('On an invoice');
    await world.api('POST', '/v2/invoices', { client: ids.acme.id, jobs: [invoiced.id] });
    await page.goto(`/jobs/${invoiced.id}`);
    await page.getByText('Status: Invoiced').waitFor();
    expect(await page.getByText('Type: Invoiced').count()).toBe(1);
    expect(await moves()).toEqual(['Finished']);
    await page.getByRole('menuitem', { name: 'Finished' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/is on an invoice/);
    expect((await jobNow(invoiced.id)).status).toBe(4);
    // The menu closes with a transition: axe looks at the page once it is gone (a closing menu has no items).
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('a viewer sees the job and its estimate, with nothing to edit', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`, VIEWER);
    await page.getByRole('heading', { name: (await jobNow(job.id)).name, level: 1 }).waitFor();
    await expect.poll(() => page.getByText('Your role (Viewer) can look at this but not change it.').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Edit |\bEdit [A-Z]/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change status' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit match quantities' }).count()).toBe(0);
    for (const name of ['Pinned', 'Archived', "Apply the client's minimum fee", 'Non-billable'])
      expect(await page.getByRole('switch', { name }).isDisabled()).toBe(true);
    expect(await figure(page, 'Estimate figures', 'Total')).toBe(money((await jobNow(job.id)).estimation.total));
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('a job that is not there says so, with the way back to Jobs', async () => {
    const page = await world.signedInPage('/jobs');
    await page.goto('/jobs/ffffffffffffffffffffffff');
    await page.getByRole('heading', { name: 'Job not found', level: 1 }).waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    expectNoPageErrors(page);
  });
});
