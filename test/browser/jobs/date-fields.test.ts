import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { choose } from './job-page-fixture.js';

/**
 * Dates are typed in the account's locale (docs/console.md#dates): the language of its documents in
 * the country of its address, whatever the browser's language (Chromium here runs in American
 * English, whose native date fields ask for mm/dd/yyyy).
 */
async function pictures(page: Page, name: string) {
  await checkAccessibility(page);
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const dueFrom = (page: Page) => new URL(page.url()).searchParams.get('dueFrom');

describe.skipIf(skipReason)('dates in the account’s locale', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
  });
  afterAll(async () => world?.close());

  it('an English account without a country types DD/MM/YYYY; a wrong day is said at the field', async () => {
    await world.api('PUT', '/v2/account', { documentLanguage: 'en', address: { country: null } });
    const page = await world.signedInPage('/jobs');
    const from = page.getByRole('textbox', { name: 'Due from' });
    expect(await from.getAttribute('placeholder')).toBe('DD/MM/YYYY');
    await from.fill('14/03/2031');
    await page.waitForURL(() => dueFrom(page) === '2031-03-14');
    await from.fill('31/02/2031');
    await from.blur();
    await page.getByText('Type a real day as DD/MM/YYYY.').waitFor();
    // The address keeps the last real day.
    expect(dueFrom(page)).toBe('2031-03-14');
    await pictures(page, 'dates-jobs-filter');
    expectNoPageErrors(page);
  });

  it('a German account in Germany types DD.MM.YYYY, an American one MM/DD/YYYY', async () => {
    await world.api('PUT', '/v2/account', { documentLanguage: 'de', address: { country: 'DE' } });
    const page = await world.signedInPage('/jobs');
    const from = page.getByRole('textbox', { name: 'Due from' });
    await expect.poll(() => from.getAttribute('placeholder')).toBe('DD.MM.YYYY');
    await from.fill('1.2.2031');
    await page.waitForURL(() => dueFrom(page) === '2031-02-01');
    await from.blur();
    expect(await from.inputValue()).toBe('01.02.2031');

    await world.api('PUT', '/v2/account', { documentLanguage: 'en', address: { country: 'US' } });
    const american = await world.signedInPage('/jobs?dueFrom=2031-02-01');
    const field = american.getByRole('textbox', { name: 'Due from' });
    await expect.poll(() => field.getAttribute('placeholder')).toBe('MM/DD/YYYY');
    await expect.poll(() => field.inputValue()).toBe('02/01/2031');
    expectNoPageErrors(page);
    expectNoPageErrors(american);
  });

  it('the new job’s due date is typed as a date and a time in the account’s locale', async () => {
    await world.api('PUT', '/v2/account', { documentLanguage: 'en', address: { country: 'GB' } });
    const page = await world.signedInPage('/jobs/new');
    const due = page.getByRole('textbox', { name: 'Due date' });
    await expect.poll(() => due.getAttribute('placeholder')).toBe('DD/MM/YYYY HH:MM');
    await page.getByRole('textbox', { name: 'Name' }).fill('Leaflet EN-FR');
    await choose(page, page, 'Client', 'Acme Pharma NV', 'Acme');
    await choose(page, page, 'Service', 'Translation');
    await choose(page, page, 'Unit', 'Words');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('1000');
    await due.fill('14/03/2031 17:30');
    await due.blur();
    await pictures(page, 'dates-new-job');
    await page.getByRole('button', { name: 'Create job' }).click();
    await page.waitForURL((url) => /^\/jobs\/[0-9a-f]{24}$/.test(url.pathname));
    const job = await world.api('GET', `/v2${new URL(page.url()).pathname}`);
    expect(job.dueDate).toBe(new Date('2031-03-14T17:30').toISOString());
    expectNoPageErrors(page);
  });
});
