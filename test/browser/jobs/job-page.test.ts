import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { addViewer, choose, demoIds, figure, money, number, percent, rate, VIEWER, type DemoIds } from './job-page-fixture.js';

/** The job page's core (docs/console.md#the-job-page): heading, fields edited in place, status moves, the Estimate section, roles. */
describe.skipIf(skipReason)('the job page', () => {
  let world: ConsoleWorld;
  let ids: DemoIds;
  /** A job of Acme's own price (en↔fr, Medical: 0.14 a word, percentage match rates), with match lines, a discount and an extra charge. */
  let job: any;

  const newJob = async (name: string, extra: Record<string, unknown> = {}) =>
    world.api('POST', '/v2/jobs', {
      name,
      client: ids.acme.id,
      service: ids.service.Translation,
      quantityType: ids.unit.Words,
      quantity: 1000,
      languagePair: ids.pair['en>fr'],
      domain: ids.domain.Medical,
      ...extra,
    });
  const jobNow = (id: string) => world.api('GET', `/v2/jobs/${id}`);
  const editButton = (page: Page, field: string) => page.getByRole('button', { name: new RegExp(`Edit ${field}$`) });

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    ids = await demoIds(world);
    await addViewer(world);
    const created = await newJob('Patient leaflet', { dueDate: '2031-05-01T15:00:00.000Z' });
    job = await world.api('PUT', `/v2/jobs/${created.id}/price`, {
      matches: [
        { id: ids.match['No match'], value: 1200 },
        { id: ids.match['100%'], value: 300 },
        { id: ids.match.Repetitions, value: 150 },
      ],
      discount: 0.1,
      extraCharge: 0.05,
    });
  });
  afterAll(async () => world?.close());

  it('shows the Estimate exactly as the API answers it: price, match lines, subtotal, discount, extra charge, minimum fee, total, type', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'Patient leaflet', level: 1 }).waitFor();
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
    await screenshot(page, 'job-page-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await checkAccessibility(page);
    await screenshot(page, 'job-page-1024');
    expectNoPageErrors(page);
  });

  it('edits a field in place: a click opens it, Enter saves, Escape puts the value back; the Estimate follows a pricing change', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await editButton(page, 'External reference').click();
    const input = page.getByRole('textbox', { name: 'External reference' });
    await input.fill('ACME-77');
    await input.press('Enter');
    await expect.poll(() => editButton(page, 'External reference').textContent()).toContain('ACME-77');
    expect((await jobNow(job.id)).externalReference).toBe('ACME-77');

    await editButton(page, 'External reference').click();
    await page.getByRole('textbox', { name: 'External reference' }).fill('Never saved');
    await page.getByRole('textbox', { name: 'External reference' }).press('Escape');
    await expect.poll(() => page.getByRole('textbox', { name: 'External reference' }).count()).toBe(0);
    expect(await editButton(page, 'External reference').textContent()).toContain('ACME-77');
    expect((await jobNow(job.id)).externalReference).toBe('ACME-77');

    // The heading is the name, edited the same way.
    await editButton(page, 'Name').click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Patient leaflet v2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Patient leaflet v2', level: 1 }).waitFor();

    // A discount of 20 %: the Estimate shows the API's new figures.
    await editButton(page, 'Discount').click();
    await page.getByRole('textbox', { name: 'Discount' }).fill('20');
    await page.getByRole('textbox', { name: 'Discount' }).press('Enter');
    await expect.poll(async () => (await jobNow(job.id)).discount).toBe(0.2);
    const after = await jobNow(job.id);
    await expect.poll(() => figure(page, 'Estimate figures', 'Total')).toBe(money(after.estimation.total));
    expect(await figure(page, 'Estimate figures', 'Discount (20%)')).toBe(`−${money(after.estimation.details.discount.amount)}`);
    expectNoPageErrors(page);
  });

  it("shows the API's error at the field it names, and keeps the editor open", async () => {
    const domain = await world.api('POST', '/v2/account/domains', { name: 'Veterinary' });
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await editButton(page, 'Domain').click();
    // Deleted by someone else while the page is open: only the API knows.
    await world.api('DELETE', `/v2/account/domains/${domain.id}`);
    await choose(page, page, 'Domain', 'Veterinary');
    await page.getByRole('button', { name: 'Save' }).click();
    const input = page
      .getByRole('textbox', { name: 'Domain' })
      .or(page.getByRole('combobox', { name: 'Domain' }))
      .first();
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    const errorId = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').find((id) => id.endsWith('error'));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toMatch(/domain/i);
    expect((await jobNow(job.id)).domain.name).toBe('Medical');
    expectNoPageErrors(page);
  });

  it('works with the keyboard alone: Tab reaches a field, Enter opens and saves it, Escape cancels, the focus comes back', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('link', { name: '← Jobs' }).focus();
    const target = /Edit Purchase order$/;
    let reached = false;
    for (let presses = 0; presses < 60 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = target.test((await page.evaluate(() => document.activeElement?.textContent ?? '')).trim());
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('Purchase order');
    await page.keyboard.type('PO-2031-9');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await jobNow(job.id)).purchaseOrder).toBe('PO-2031-9');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/PO-2031-9\s*Edit Purchase order/);
    await page.keyboard.press('Enter');
    await page.keyboard.type('-not-this');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/PO-2031-9\s*Edit Purchase order/);
    expect((await jobNow(job.id)).purchaseOrder).toBe('PO-2031-9');
    expectNoPageErrors(page);
  });

  it('offers only the status moves the API allows, and shows a move the API refuses', async () => {
    const fresh = await newJob('Status moves');
    const page = await world.signedInPage(`/jobs/${fresh.id}`);
    const moves = async () => {
      await page.getByRole('button', { name: 'Change status' }).click();
      const items = await page.getByRole('menuitem').allTextContents();
      return items;
    };
    await expect.poll(() => page.getByText('Status: Not started').count()).toBe(1);
    expect(await moves()).toEqual(['In progress', 'Finished', 'Cancelled', 'On hold']);
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    await expect.poll(() => page.getByText('Status: Cancelled').count()).toBe(1);
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
    await checkAccessibility(page);
    expectNoPageErrors(page);
  });

  it('a viewer sees the job and its estimate, with nothing to edit', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`, VIEWER);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Your role (Viewer) can look at this but not change it.').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Edit |\bEdit [A-Z]/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change status' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit match quantities' }).count()).toBe(0);
    for (const name of ['Pinned', 'Archived', "Apply the client's minimum fee", 'Non-billable'])
      expect(await page.getByRole('switch', { name }).isDisabled()).toBe(true);
    expect(await figure(page, 'Estimate figures', 'Total')).toBe(money((await jobNow(job.id)).estimation.total));
    await checkAccessibility(page);
    expectNoPageErrors(page);
  });

  it('a job that is not there says so, with the way back to Jobs', async () => {
    const page = await world.signedInPage('/jobs');
    await page.goto('/jobs/ffffffffffffffffffffffff');
    await page.getByRole('heading', { name: 'Job not found', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    expectNoPageErrors(page);
  });
});
