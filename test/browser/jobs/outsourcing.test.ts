import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { acmeJob, demo, viewer, type Demo } from './job-work-fixture.js';

/**
 * The job page's "Outsourcing" section (docs/console.md#the-job-page): adding a supplier with the
 * suggested supplier price (GET /v2/jobs/:id/supplier-prices), the cost, margin and margin rate as
 * the API computes them, editing and removing, with the mouse and with the keyboard alone.
 */
const percent = (fraction: number) => new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 }).format(fraction);
const euros = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(amount);

describe.skipIf(skipReason)('the outsourcing section', () => {
  let world: ConsoleWorld;
  let d: Demo;
  beforeAll(async () => {
    world = await startConsoleWorld();
    d = await demo(world);
  });
  afterAll(async () => world?.close());

  const section = (page: Page) => page.getByRole('region', { name: 'Outsourcing' });
  const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Outsource this job to a supplier' });
  /** The figure shown under a label of the summary (its `dt`/`dd` pair). */
  const figure = (page: Page, label: string | RegExp) => section(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  const row = (page: Page, supplier: string): Locator =>
    section(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${supplier}`) }) });

  /** Waits for the dialogs' opening transitions (axe would measure the colours half faded in). */
  const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const supplierField = (dialog: Locator) => dialog.getByRole('combobox', { name: 'Supplier' });

  async function openJob(name: string, who?: { email: string; password: string }) {
    const job = await acmeJob(world, d, name);
    const page = await world.signedInPage(`/jobs/${job.id}`, who);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    return { job, page };
  }

  async function expectSummaryOfApi(page: Page, jobId: string) {
    const job = await world.api('GET', `/v2/jobs/${jobId}`);
    const { profitability, outsourcing, total } = job.estimation;
    await expect.poll(() => figure(page, 'Cost').textContent()).toBe(outsourcing.totals.map((item: { total: number }) => euros(item.total)).join(' + '));
    expect(await figure(page, 'Job total').textContent()).toBe(euros(total));
    expect(await figure(page, 'Margin rate').textContent()).toBe(percent(profitability.marginRate));
    expect(await figure(page, /^Margin$/).textContent()).toBe(euros(profitability.margin));
    return job;
  }

  it('adds a supplier with the suggested supplier price, and shows the cost, margin and margin rate the API computes', async () => {
    const { job, page } = await openJob('Outsourced leaflet');
    await section(page).getByText('This job is not outsourced.').waitFor();
    expect(await figure(page, 'Job total').textContent()).toBe('€140.00');

    await section(page).getByRole('button', { name: 'Add supplier' }).click();
    const dialog = addDialog(page);
    await supplierField(dialog).fill('Marie');
    await page.getByRole('option', { name: 'Marie Dubois' }).click();
    // Marie's own en→fr service: 0.08 a word, as the API resolves it.
    const [suggested] = await world.api('GET', `/v2/jobs/${job.id}/supplier-prices?supplierId=${d.supplier['Marie Dubois']}`);
    expect(suggested).toMatchObject({ unitCost: 0.08, type: 'supplier' });
    await dialog.getByText('Suggested supplier price: €0.08 / Words (the supplier’s own price).').waitFor();
    expect(await dialog.getByLabel('Supplier price (EUR / Words)').inputValue()).toBe('0.08');
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-outsourcing-add-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'job-outsourcing-add-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('button', { name: 'Add supplier' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section(page).getByRole('status').filter({ hasText: 'Marie Dubois added.' }).waitFor();
    expect(await row(page, 'Marie Dubois').getByRole('cell').allTextContents()).toEqual([
      'Translation',
      '1,000 Words',
      '€0.08 / Words',
      '€80.00',
      'Not startedPortal off',
      'EditPortalRemove',
    ]);
    const after = await expectSummaryOfApi(page, job.id);
    // 140 − 80 = 60, 60 / 140 = 0.4286: above the account's target of 30 %.
    expect(after.outsourcing[0].quantity).toMatchObject({ unitCost: 0.08, unitCostPriceReference: { id: suggested.id, type: 'supplier' } });
    expect(after.estimation.profitability).toMatchObject({ status: 'profitable', margin: 60, marginRate: 0.4286, withMargin: { status: 'aboveTarget' } });
    expect(await figure(page, 'Margin rate').textContent()).toBe('42.9%');
    await section(page).getByText('Profitable, at or above the target margin').waitFor();

    // Edit the status; then remove it, after a confirmation.
    await row(page, 'Marie Dubois').getByRole('button', { name: 'Edit the outsourcing to Marie Dubois' }).click();
    const edit = page.getByRole('dialog', { name: 'Outsourcing to Marie Dubois' });
    await edit.getByLabel('Status').selectOption({ label: 'In progress' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row(page, 'Marie Dubois').getByText('In progress').waitFor();
    expect((await world.api('GET', `/v2/jobs/${job.id}`)).outsourcing[0].status).toBe(2);

    await row(page, 'Marie Dubois').getByRole('button', { name: 'Remove the outsourcing to Marie Dubois' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the outsourcing?' });
    await confirm.getByText('The outsourcing of “Outsourced leaflet” to Marie Dubois (€80.00) is removed').waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await section(page).getByText('This job is not outsourced.').waitFor();
    expect((await world.api('GET', `/v2/jobs/${job.id}`)).outsourcing).toEqual([]);
    expectNoPageErrors(page);
  });

  it('adds a supplier with a price of its own with the keyboard alone; Escape closes the dialog', async () => {
    const { job, page } = await openJob('Keyboard outsourcing');
    const add = section(page).getByRole('button', { name: 'Add supplier' });
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    let tabs = 0;
    while (!(await add.evaluate((element) => element === document.activeElement)) && tabs++ < 60) await page.keyboard.press('Tab');
    expect(tabs).toBeLessThan(60);

    await page.keyboard.press('Enter');
    await addDialog(page).waitFor();
    // The supplier list opens with the dialog: Escape closes it, then the dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await addDialog(page).waitFor({ state: 'detached' });

    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = addDialog(page);
    // The dialog opens on the supplier field: type, pick the option with the arrows and Enter.
    await expect.poll(() => supplierField(dialog).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Hans');
    await page.getByRole('option', { name: 'Hans Müller' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // Hans has no en→fr service of his own: the account's default supplier price, 0.07.
    await dialog.getByText('Suggested supplier price: €0.07 / Words (the account’s default supplier price).').waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => dialog.getByLabel('Supplier price (EUR / Words)').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0.065');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await row(page, 'Hans Müller').getByText('€0.065 / Words').waitFor();
    const after = await expectSummaryOfApi(page, job.id);
    expect(after.outsourcing[0].quantity.unitCost).toBe(0.065);
    expect(after.estimation.profitability).toMatchObject({ status: 'profitable', margin: 75, marginRate: 0.5357 });
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-outsourcing-list-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'job-outsourcing-list-1024');
    expectNoPageErrors(page);
  });

  it("shows the API's field error next to its field, and a loss below the target margin in words", async () => {
    const { job, page } = await openJob('Costly outsourcing');
    const gone = await world.api('POST', '/v2/suppliers', { name: 'Vanishing Translations' });
    await section(page).getByRole('button', { name: 'Add supplier' }).click();
    const dialog = addDialog(page);
    await supplierField(dialog).fill('Vanishing');
    await page.getByRole('option', { name: 'Vanishing Translations' }).click();
    await dialog.getByText('Suggested supplier price: €0.07 / Words (the account’s default supplier price).').waitFor();
    // The supplier is deleted elsewhere before the form is sent: the API names `supplier`.
    await world.api('DELETE', `/v2/suppliers/${gone.id}`);
    await dialog.getByLabel('Supplier price (EUR / Words)').fill('0.2');
    await dialog.getByRole('button', { name: 'Add supplier' }).click();
    await expect.poll(() => supplierField(dialog).getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await supplierField(dialog).getAttribute('aria-describedby')) ?? '';
    const errorText = await page.locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('error'))}"]`).textContent();
    expect(errorText).toBe(`no supplier with id ${gone.id}`);
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);

    // A supplier dearer than the job: a loss, said in words.
    await supplierField(dialog).fill('Lingo');
    await page.getByRole('option', { name: 'Lingo Partners BV' }).click();
    await dialog.getByLabel('Supplier price (EUR / Words)').fill('0.2');
    await dialog.getByRole('button', { name: 'Add supplier' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await expectSummaryOfApi(page, job.id);
    expect(after.estimation.profitability).toMatchObject({ status: 'unprofitable', margin: -60, withMargin: { status: 'belowTarget' } });
    await section(page).getByText('Unprofitable, below the target margin').waitFor();
    expectNoPageErrors(page);
  });

  it("shows the figures converted to the account's currency, with the rate used, when the cost is in another currency", async () => {
    // 1 EUR = 0.8 GBP, dated before any job of the world: 60.00 GBP of cost is 75.00 EUR against the job's 140.00 EUR.
    await world.api('POST', '/v2/account/exchange-rates', { date: '2026-01-02', currency: 'GBP', rate: 0.8 });
    const job = await acmeJob(world, d, 'Outsourcing in pounds');
    await world.api('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: d.supplier['Marie Dubois'], currency: 'GBP', unitCost: 0.06 });
    const { profitability } = (await world.api('GET', `/v2/jobs/${job.id}`)).estimation;
    expect(profitability).toMatchObject({
      currency: { code: 'EUR' },
      revenue: 140,
      cost: 75,
      margin: 65,
      rates: [{ currency: 'GBP', date: '2026-01-02', rate: 0.8 }],
    });

    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'Outsourcing in pounds', level: 1 }).waitFor();
    await section(page).getByText('In EUR, converted: job total €140.00, cost €75.00. Rates: 1 EUR = 0.8 GBP (2 Jan 2026).').waitFor();
    expect(await figure(page, 'Cost').textContent()).toBe('£60.00');
    expect(await figure(page, /^Margin$/).textContent()).toBe('€65.00');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-outsourcing-converted');
    expectNoPageErrors(page);
  });

  it('shows a viewer the outsourcing and the margin, without adding, editing or removing', async () => {
    const job = await acmeJob(world, d, 'Viewed outsourcing');
    await world.api('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: d.supplier['Marie Dubois'] });
    const page = await world.signedInPage(`/jobs/${job.id}`, await viewer(world, 'viewer.outsourcing@agency.example'));
    await page.getByRole('heading', { name: 'Viewed outsourcing', level: 1 }).waitFor();
    await row(page, 'Marie Dubois').getByText('€80.00').waitFor();
    await expectSummaryOfApi(page, job.id);
    await section(page).getByText('Your role (Viewer) can look at the outsourcing but not change it.').waitFor();
    expect(await section(page).getByRole('button').count()).toBe(0);
    expect(await section(page).getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-outsourcing-viewer');
    expectNoPageErrors(page);
  });
});
