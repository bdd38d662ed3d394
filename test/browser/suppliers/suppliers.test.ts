import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The suppliers list and a supplier's page (docs/console.md#clients-and-suppliers), in Chromium against a real server. */

interface Named {
  id: string;
  name: string;
}
interface SupplierJson extends Named {
  supplierType: string;
  rating: number | null;
  languagePairs: Array<{ id: string; target: { code: string } }>;
  domains: Named[];
}

const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

/** A Mantine select or multi-select by its label (a textbox or a combobox, as Mantine renders it). */
const picker = (page: Page, name: string) =>
  page
    .getByRole('textbox', { name, exact: true })
    .or(page.getByRole('combobox', { name, exact: true }))
    .first();

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe.skipIf(skipReason)('suppliers', () => {
  let world: ConsoleWorld;
  let page: Page;
  let supplierId = '';

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    page = await world.signedInPage('/suppliers');
  });
  afterAll(async () => world?.close());

  it('lists suppliers with their languages and rating, filters by language pair, and creates one', async () => {
    await page.getByRole('heading', { name: 'Suppliers', level: 1 }).waitFor();
    for (const name of ['Marie Dubois', 'Hans Müller', 'Lingo Partners BV']) await rowOf(page, name).waitFor();
    expect(await rowOf(page, 'Marie Dubois').textContent()).toContain('4.5 / 5');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'suppliers-list-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'suppliers-list-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Who works into Dutch: the API filters (languagePair=…).
    await picker(page, 'Language pairs').click();
    await page.getByRole('option', { name: /French \(fr\) → Dutch/ }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.has('languagePair'));
    await eventually(() => page.getByRole('table', { name: 'Suppliers' }).getByRole('link').count()).toBe(1);
    await rowOf(page, 'Lingo Partners BV').waitFor();
    await page.goto('/suppliers');

    await page.getByRole('button', { name: 'New supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'New supplier' });
    await dialog.getByLabel('Name').fill('Sofia Rossi');
    await dialog.getByText('Company', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create supplier' }).click();
    await page.waitForURL((url) => /^\/suppliers\/[0-9a-f]{24}$/.test(url.pathname));
    supplierId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name: 'Sofia Rossi', level: 1 }).waitFor();
    expect((await world.api<SupplierJson>('GET', `/v2/suppliers/${supplierId}`)).supplierType).toBe('company');
    expectNoPageErrors(page);
  });

  it('adds and removes language pairs, sets domains and the rating', async () => {
    await page.getByRole('tab', { name: 'Languages and rating' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'profile');
    await page.getByText('No language pair yet.').waitFor();
    const add = async (pair: RegExp) => {
      await picker(page, 'Add a language pair').click();
      await page.getByRole('option', { name: pair }).click();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
    };
    await add(/English \(en\) ↔ French/);
    await page.getByRole('button', { name: /^Remove English \(en\) ↔ French/ }).waitFor();
    await add(/English \(en\) → German/);
    await page.getByRole('button', { name: /^Remove English \(en\) → German/ }).waitFor();
    await eventually(async () => (await world.api<SupplierJson>('GET', `/v2/suppliers/${supplierId}`)).languagePairs.length).toBe(2);
    await page.getByRole('button', { name: /^Remove English \(en\) → German/ }).click();
    await eventually(async () => (await world.api<SupplierJson>('GET', `/v2/suppliers/${supplierId}`)).languagePairs.map((pair) => pair.target.code)).toEqual([
      'fr',
    ]);

    await picker(page, 'Domains').click();
    await page.getByRole('option', { name: 'Medical' }).click();
    await page.keyboard.press('Escape');
    await eventually(async () => (await world.api<SupplierJson>('GET', `/v2/suppliers/${supplierId}`)).domains.map((domain) => domain.name)).toEqual([
      'Medical',
    ]);

    await page.getByRole('button', { name: /Edit Rating \(0 to 5\)$/ }).click();
    await page.getByRole('textbox', { name: 'Rating (0 to 5)' }).fill('7');
    await page.keyboard.press('Enter');
    await page.getByText('Enter a number from 0 to 5.').waitFor();
    await page.getByRole('textbox', { name: 'Rating (0 to 5)' }).fill('4.5');
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: /Edit Rating/ })
      .filter({ hasText: '4.5 / 5' })
      .waitFor();
    expect((await world.api<SupplierJson>('GET', `/v2/suppliers/${supplierId}`)).rating).toBe(4.5);
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'supplier-profile-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'supplier-profile-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
    expectNoPageErrors(page);
  });

  it('shows the overview and the other tabs, archives and deletes a supplier', async () => {
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Details', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
    await page.getByRole('button', { name: /Edit Time zone$/ }).click();
    await picker(page, 'Time zone').fill('Europe/Rome');
    await page.getByRole('option', { name: 'Europe/Rome' }).click();
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: /Edit Time zone$/ })
      .filter({ hasText: 'Europe/Rome' })
      .waitFor();
    for (const tab of ['Contacts', 'Jobs', 'Services and prices', 'Unavailability', 'Files', 'Notes']) {
      await page.getByRole('tab', { name: tab }).click();
      await eventually(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }
    await page.getByRole('tab', { name: 'Overview' }).click();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'supplier-page-1280');

    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this supplier?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/suppliers');
    const answer = await fetch(`${world.baseUrl}/v2/suppliers/${supplierId}`, { headers: { Authorization: `Bearer ${world.apiKey}` } });
    expect(answer.status).toBe(404);
    expectNoPageErrors(page);
  });

  it('shows the jobs outsourced to a supplier, opens them in the jobs list, and says why it cannot be deleted', async () => {
    const supplier = await world.api<Named>('POST', '/v2/suppliers', { name: 'Outsourced Studio' });
    const [client] = (await world.api<{ items: Named[] }>('GET', '/v2/clients?pageSize=1')).items;
    const services = await world.api<Named[]>('GET', '/v2/account/services');
    const units = await world.api<Named[]>('GET', '/v2/account/quantity-types');
    const job = await world.api<Named>('POST', '/v2/jobs', {
      name: 'Brochure handed out',
      client: client!.id,
      quantity: 800,
      quantityType: units.find((unit) => unit.name === 'Words')!.id,
      service: services.find((service) => service.name === 'Translation')!.id,
    });
    await world.api('POST', '/v2/jobs', { name: 'Kept in house', client: client!.id, quantity: 1, quantityType: units[0]!.id, service: services[0]!.id });
    await world.api('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: supplier.id });

    await page.goto(`/suppliers/${supplier.id}?tab=jobs`);
    await page.getByRole('heading', { name: 'Outsourced Studio', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'Jobs' });
    await section.getByRole('link', { name: 'Brochure handed out' }).waitFor();
    expect(await section.getByRole('link', { name: 'Kept in house' }).count()).toBe(0);
    expect(await section.getByRole('link', { name: 'New job' }).count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'supplier-jobs-1280');

    await section.getByRole('link', { name: 'All in the jobs list' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs' && (url.searchParams.get('supplier') ?? '').includes(supplier.id));
    await page.getByRole('link', { name: 'Brochure handed out' }).waitFor();
    const filters = page.getByRole('group', { name: 'Filters' });
    await eventually(() => filters.getByText('Outsourced Studio').count()).toBe(1);
    await eventually(() => page.getByRole('link', { name: 'Kept in house' }).count()).toBe(0);

    await page.goto(`/suppliers/${supplier.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this supplier?' }).getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'cannot be deleted' });
    await refusal.getByText('It has work on 1 job.').waitFor();
    expectNoPageErrors(page);
  });
});
