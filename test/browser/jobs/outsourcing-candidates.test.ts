import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  checkTextNotCut,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';
import { demo, type Demo } from './job-work-fixture.js';

/**
 * Choosing a supplier in the job page's "Add supplier" dialog (docs/console.md#the-job-page): the
 * job's candidates first (GET /v2/jobs/:id/supplier-candidates) with their price, rating and
 * availability, choosing one fills the form; the outsourcing's own due date, proposed one working
 * day before the job's (docs/jobs.md#outsourcing), and changed in the edit dialog.
 */
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(skipReason)('choosing a supplier', () => {
  let world: ConsoleWorld;
  let d: Demo;
  let sophie: string;
  /** Marie Dubois's holidays (the demo data: two weeks after the next Monday, Monday to Friday). */
  let away: { from: string; to: string };
  beforeAll(async () => {
    world = await startConsoleWorld();
    d = await demo(world);
    // En→fr in her list, no price of her own, the best rating: before Hans (the service only, rated 4).
    sophie = (await world.api('POST', '/v2/suppliers', { name: 'Sophie Martin', rating: 5, languagePairs: [d.enFr] })).id;
    const periods = await world.api('GET', `/v2/suppliers/${d.supplier['Marie Dubois']}/unavailabilities`);
    away = [...periods.currents, ...periods.old][0];
  });
  afterAll(async () => world?.close());

  const section = (page: Page) => page.getByRole('region', { name: 'Outsourcing' });
  const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Outsource this job to a supplier' });
  const candidates = (dialog: Locator) => dialog.getByRole('region', { name: 'Suggested for this job' });
  const supplierField = (dialog: Locator) => dialog.getByRole('combobox', { name: 'Supplier' });
  const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  /** The value a date-time input shows for an ISO moment, in the browser's time zone. */
  const localInput = (page: Page, iso: string) =>
    page.evaluate((value) => {
      const date = new Date(value);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    }, iso);

  /** A job due on the Monday Marie's holidays start, at 15:00 UTC, started a week before. */
  async function jobDuringHolidays(name: string) {
    const monday = Date.parse(away.from);
    const due = new Date(monday + 15 * 60 * 60 * 1000).toISOString();
    const job = await world.api('POST', '/v2/jobs', {
      name,
      client: d.acme,
      service: d.translation,
      quantityType: d.words,
      quantity: 1000,
      languagePair: d.enFr,
      domain: d.medical,
      startDate: new Date(monday - 7 * DAY).toISOString(),
      dueDate: due,
    });
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    return { job, page, due };
  }

  it('lists the candidates first with their price, rating and availability; choosing one fills the form; the due date is a working day before the job', async () => {
    const { job, page, due } = await jobDuringHolidays('Leaflet for the candidates');
    expect(new Date(due).getUTCDay()).toBe(1);
    await section(page).getByRole('button', { name: 'Add supplier' }).click();
    const dialog = addDialog(page);
    const table = candidates(dialog);
    await table.getByRole('row').nth(3).waitFor();

    // The API's order: Marie has the pair and the service (her own price, away); Sophie the pair, Hans the service.
    const answer = await world.api('GET', `/v2/jobs/${job.id}/supplier-candidates`);
    expect(answer.items.map((item: { supplier: { name: string } }) => item.supplier.name)).toEqual(['Marie Dubois', 'Sophie Martin', 'Hans Müller']);
    const format = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
    const rows = await table
      .getByRole('row')
      .evaluateAll((list) =>
        list.slice(1).map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim())),
      );
    expect(rows).toEqual([
      ['Marie Dubois language pair and service', '€0.08 own price', '4.5 / 5', `Away ${format(away.from)} – ${format(away.to)}: Holidays`],
      ['Sophie Martin language pair only', '€0.07 default price', '5 / 5', 'Available'],
      ['Hans Müller service only', '€0.07 default price', '4 / 5', 'Available'],
    ]);
    // Lingo Partners has neither: not suggested, but among the other suppliers of the field.
    await supplierField(dialog).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Marie Dubois', 'Sophie Martin', 'Hans Müller', 'Lingo Partners BV']);
    await page.keyboard.press('Escape');

    // The deadline: Monday 15:00 less a working day is the Friday before, at 15:00.
    const friday = new Date(Date.parse(due) - 3 * DAY).toISOString();
    const dueField = dialog.getByLabel('Due from the supplier');
    expect(await dueField.inputValue()).toBe(await localInput(page, friday));
    await dialog.getByText(/^Proposed: one working day before the job is due/).waitFor();

    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'job-outsourcing-candidates-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'job-outsourcing-candidates-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await checkControlsVisible(page);
    await checkAccessibility(page);
    await screenshot(page, 'job-outsourcing-candidates-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Choosing Sophie fills the supplier and her price (the account's default supplier price).
    await table.getByRole('button', { name: 'Choose Sophie Martin' }).click();
    expect(await supplierField(dialog).inputValue()).toBe('Sophie Martin');
    await dialog.getByText('Suggested supplier price: €0.07 / Words (the account’s default supplier price).').waitFor();
    expect(await dialog.getByLabel('Supplier price (EUR / Words)').inputValue()).toBe('0.07');
    expect(await table.getByRole('button', { name: 'Choose Sophie Martin' }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByRole('button', { name: 'Add supplier' }).click();
    await dialog.waitFor({ state: 'detached' });

    const after = await world.api('GET', `/v2/jobs/${job.id}`);
    expect(after.outsourcing).toHaveLength(1);
    expect(after.outsourcing[0]).toMatchObject({ supplier: { id: sophie }, dueDate: friday, quantity: { unitCost: 0.07 } });
    const row = section(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Sophie Martin/ }) });
    await row.getByText(`due ${format(friday)}`).waitFor();
    expectNoPageErrors(page);
  });

  it('changes the due date in the edit dialog, and proposes none for a job without one', async () => {
    const { job, page } = await jobDuringHolidays('Deadline moved');
    await world.api('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: d.supplier['Hans Müller'] });
    await page.reload();
    const row = section(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Hans Müller/ }) });
    await row.getByRole('button', { name: 'Edit the outsourcing to Hans Müller' }).click();
    const edit = page.getByRole('dialog', { name: 'Outsourcing to Hans Müller' });
    const wanted = new Date(Date.parse(job.dueDate) - 2 * DAY).toISOString();
    await edit.getByLabel('Due from the supplier').fill(await localInput(page, wanted));
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(async () => (await world.api('GET', `/v2/jobs/${job.id}`)).outsourcing[0].dueDate).toBe(wanted);

    // No due date on the job: nothing proposed; the outsourcing is sent without a deadline.
    await world.api('PUT', `/v2/jobs/${job.id}`, { dueDate: null });
    await page.reload();
    await section(page).getByRole('button', { name: 'Add supplier' }).click();
    const dialog = addDialog(page);
    await dialog.getByText('The job has no due date. Empty: no deadline.').waitFor();
    expect(await dialog.getByLabel('Due from the supplier').inputValue()).toBe('');
    await candidates(dialog).getByRole('button', { name: 'Choose Marie Dubois' }).click();
    await dialog.getByText('Suggested supplier price: €0.08 / Words (the supplier’s own price).').waitFor();
    await dialog.getByRole('button', { name: 'Add supplier' }).click();
    await dialog.waitFor({ state: 'detached' });
    const marie = (await world.api('GET', `/v2/jobs/${job.id}`)).outsourcing.find(
      (item: { supplier: { id: string } }) => item.supplier.id === d.supplier['Marie Dubois'],
    );
    expect(marie.dueDate).toBeNull();
    expectNoPageErrors(page);
  });
});
