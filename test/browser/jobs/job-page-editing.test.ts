import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason } from '../harness.js';
import { choose, editButton, figure, jobPageWorld, money, number, rate, type JobPageWorld } from './job-page-fixture.js';

/** The job page's fields edited in place (docs/console.md#the-job-page): mouse, keyboard, the API's errors, re-pricing, labels, match quantities. */
describe.skipIf(skipReason)('the job page, editing in place', () => {
  let world: JobPageWorld['world'];
  let job: JobPageWorld['job'];
  let newJob: JobPageWorld['newJob'];
  let jobNow: JobPageWorld['jobNow'];
  beforeAll(async () => {
    ({ world, job, newJob, jobNow } = await jobPageWorld());
  });
  afterAll(async () => world?.close());

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
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-page-field-error');
    // Escape closes the list of options first, then the editor.
    await input.click();
    await page.getByRole('listbox').waitFor();
    await input.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await input.count()).toBe(1);
    await input.press('Escape');
    await expect.poll(() => input.count()).toBe(0);
    expect(await editButton(page, 'Domain').textContent()).toContain('Medical');
    expectNoPageErrors(page);
  });

  it('changes the client (the job takes its price again), the labels and the match quantities', async () => {
    const other = await newJob('Re-priced');
    const page = await world.signedInPage(`/jobs/${other.id}`);
    await expect.poll(() => figure(page, 'Estimate figures', 'Price per unit')).toBe(`${rate(0.14)} / Words · from the client's prices`);
    await editButton(page, 'Client').click();
    await choose(page, page, 'Client', 'Initech Software GmbH', 'Initech');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => figure(page, 'Estimate figures', 'Price per unit')).toBe(`${rate(0.12)} / Words · from the account's default prices`);
    const repriced = await jobNow(other.id);
    expect(repriced.client.name).toBe('Initech Software GmbH');
    expect(await figure(page, 'Estimate figures', 'Total')).toBe(money(repriced.estimation.total));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Re-priced');

    await editButton(page, 'Labels').click();
    await choose(page, page, 'Labels', 'Urgent');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await jobNow(other.id)).labels.map((label: { name: string }) => label.name)).toEqual(['Urgent']);
    expect(await editButton(page, 'Labels').textContent()).toContain('Urgent');

    await page.getByRole('button', { name: 'Edit match quantities' }).click();
    const form = page.getByRole('form', { name: 'Quantities by match category' });
    await form.getByRole('textbox', { name: 'No match' }).fill('900');
    await form.getByRole('textbox', { name: '100%' }).fill('100');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await jobNow(other.id)).quantity.hasMatches).toBe(true);
    const lined = await jobNow(other.id);
    expect(lined.estimation.details.matches.map((line: { name: string; value: number }) => [line.name, line.value])).toEqual(
      expect.arrayContaining([
        ['No match', 900],
        ['100%', 100],
      ]),
    );
    await expect.poll(() => figure(page, 'Estimate figures', 'Total')).toBe(money(lined.estimation.total));
    const noMatch = lined.estimation.details.matches.find((line: { name: string }) => line.name === 'No match');
    expect(
      await page
        .getByRole('table', { name: 'Match lines' })
        .getByRole('row', { name: /^No match/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual([number(900), rate(noMatch.rate), money(noMatch.amount)]);
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
});
