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

/** The header's search over jobs, groups, clients, suppliers and documents (docs/console.md#search), in Chromium. */

interface Named {
  id: string;
  name: string;
}

describe.skipIf(skipReason)('global search', () => {
  let world: ConsoleWorld;
  let page: Page;
  let jobId = '';
  let invoice = { id: '', number: '' };
  let creditNote = { id: '', number: '' };
  let order = { id: '', number: '' };

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    const services = await world.api<Named[]>('GET', '/v2/account/services');
    const units = await world.api<Named[]>('GET', '/v2/account/quantity-types');
    const acme = (await world.api<{ items: Named[] }>('GET', '/v2/clients?q=Acme')).items[0]!;
    const job = await world.api<Named>('POST', '/v2/jobs', {
      name: 'Package leaflet EN-FR',
      client: acme.id,
      externalReference: 'ACME-PO-4711',
      quantity: 800,
      quantityType: units.find((unit) => unit.name === 'Words')!.id,
      service: services.find((service) => service.name === 'Translation')!.id,
    });
    jobId = job.id;
    await world.api('POST', '/v2/groups', { name: 'Spring campaign', client: acme.id, externalReference: 'ACME-2031' });
    const line = { description: 'Translation', quantity: 1, unitCost: 250 };
    const sent = async (path: string, party: Record<string, string>) => {
      const draft = await world.api<Named>('POST', path, { ...party, lines: [line] });
      return world.api<{ id: string; number: string }>('POST', `${path}/${draft.id}/send`);
    };
    invoice = await sent('/v2/invoices', { client: acme.id });
    creditNote = await world.api<{ id: string; number: string }>('POST', `/v2/invoices/${invoice.id}/credit`, { reason: 'Ordered twice', amount: 50 });
    const lingo = (await world.api<{ items: Named[] }>('GET', '/v2/suppliers?q=Lingo')).items[0]!;
    order = await sent('/v2/purchase-orders', { supplier: lingo.id });
    page = await world.signedInPage('/groups');
  });
  afterAll(async () => world?.close());

  const search = () => page.getByRole('combobox', { name: 'Search everything' });
  const option = (name: string | RegExp) => page.getByRole('option', { name });

  it('finds a job by name and by reference, a group, a client and a supplier', async () => {
    await search().fill('leaflet');
    await option(/^Job: Package leaflet EN-FR\s*—\s*J-\d{4}-\d{4} · ACME-PO-4711 · Acme Pharma NV$/).waitFor();
    await eventually(() => page.getByRole('status').filter({ hasText: 'result' }).textContent()).toContain('1 result:');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'global-search-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'global-search-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    await search().fill('po-4711');
    await option(/^Job: Package leaflet EN-FR/).waitFor();
    // By its number (docs/jobs.md#job-numbers).
    const { number } = await world.api<{ number: string }>('GET', `/v2/jobs/${jobId}`);
    await search().fill(number);
    await option(new RegExp(`^Job: Package leaflet EN-FR\\s*—\\s*${number} · `)).waitFor();
    await search().fill('spring');
    await option(/^Group: Spring campaign\s*—\s*ACME-2031 · Acme Pharma NV$/).waitFor();
    await search().fill('lingo');
    await option(/^Supplier: Lingo Partners BV\s*—\s*jobs@lingopartners.example · Utrecht$/).waitFor();
    // One word found in several kinds (the client's name, the job's and the group's references): each under its own heading.
    await search().fill('acme');
    await option(/^Client: Acme Pharma NV/).waitFor();
    await option(/^Job: Package leaflet EN-FR/).waitFor();
    await option(/^Group: Spring campaign/).waitFor();
    for (const heading of ['Jobs', 'Groups', 'Clients']) expect(await page.getByRole('listbox').getByText(heading, { exact: true }).count()).toBe(1);

    await search().fill('zzqx');
    await page.getByText('Nothing found for “zzqx”').first().waitFor();
    await search().fill('globex');
    await option(/^Client: Globex Legal LLP/).click();
    // A client opens its own page (so does a supplier).
    const globex = (await world.api<{ items: Named[] }>('GET', '/v2/clients?q=Globex')).items[0]!;
    await page.waitForURL((url) => url.pathname === `/clients/${globex.id}`);
    await page.getByRole('heading', { name: 'Globex Legal LLP', level: 1 }).waitFor();
    expect(await search().inputValue()).toBe('');
    await search().fill('lingo');
    await option(/^Supplier: Lingo Partners BV/).click();
    const lingo = (await world.api<{ items: Named[] }>('GET', '/v2/suppliers?q=Lingo')).items[0]!;
    await page.waitForURL((url) => url.pathname === `/suppliers/${lingo.id}`);
    await page.getByRole('heading', { name: 'Lingo Partners BV', level: 1 }).waitFor();
    expectNoPageErrors(page);
  });

  it("finds invoices, credit notes and purchase orders by their number, and a client by its contact's name; each opens its page", async () => {
    await page.goto('/groups');
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await search().fill(invoice.number.toLowerCase());
    await option(new RegExp(`^Invoice: ${invoice.number}\\s*—\\s*Acme Pharma NV · \\d{4}-\\d{2}-\\d{2}$`)).waitFor();
    await screenshot(page, 'global-search-documents-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'global-search-documents-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkAccessibility(page);
    await checkControlsVisible(page);

    await search().fill('CN-');
    await option(new RegExp(`^Credit note: ${creditNote.number}`)).click();
    await page.waitForURL((url) => url.pathname === `/invoices/${creditNote.id}`);
    await page.getByRole('heading', { name: new RegExp(creditNote.number), level: 1 }).waitFor();

    await search().fill(order.number);
    await option(new RegExp(`^Purchase order: ${order.number}\\s*—\\s*Lingo Partners BV`)).click();
    await page.waitForURL((url) => url.pathname === `/purchase-orders/${order.id}`);
    await page.getByRole('heading', { name: new RegExp(order.number), level: 1 }).waitFor();

    // James Whitaker is a contact of Globex Legal LLP (the demo data): his name finds the client.
    await search().fill('whitaker');
    await option(/^Client: Globex Legal LLP/).waitFor();
    expect(await page.getByRole('listbox').getByText('Clients', { exact: true }).count()).toBe(1);
    await search().fill('eva@lingopartners');
    await option(/^Supplier: Lingo Partners BV/).waitFor();
    expectNoPageErrors(page);
  });

  it('opens a job with the keyboard alone: "/" to the search, arrows, Enter; Escape closes', async () => {
    await page.goto('/groups');
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await page.locator('body').press('/');
    await eventually(() => search().evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('leaflet');
    await option(/^Job: Package leaflet/).waitFor();
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('listbox').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    expect(await search().inputValue()).toBe('');

    // Ctrl+K from anywhere, even a text field.
    await page.getByLabel('Search groups').focus();
    await page.keyboard.press('Control+k');
    await eventually(() => search().evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('ACME-PO');
    await option(/^Job: Package leaflet/).waitFor();
    await page.keyboard.press('ArrowDown');
    await eventually(() => option(/^Job: Package leaflet/).getAttribute('data-combobox-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/jobs/${jobId}`);
    await page.getByRole('heading', { name: 'Package leaflet EN-FR', level: 1 }).waitFor();
    expectNoPageErrors(page);
  });
});
