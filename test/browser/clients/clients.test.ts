import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The clients list and a client's page (docs/console.md#clients-and-suppliers), in Chromium against a real server. */

interface Named {
  id: string;
  name: string;
}
interface ClientJson extends Named {
  email: string;
  archived: boolean;
  address: { city: string };
  labels: Named[];
}

/** Waits for dialogs to have faded in and transitions to end: axe reads the colours as they are. */
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

describe.skipIf(skipReason)('clients', () => {
  let world: ConsoleWorld;
  let page: Page;
  let acme: Named;
  let newId = '';

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    acme = (await world.api<{ items: Named[] }>('GET', '/v2/clients?q=Acme')).items[0]!;
    const services = await world.api<Named[]>('GET', '/v2/account/services');
    const units = await world.api<Named[]>('GET', '/v2/account/quantity-types');
    for (const name of ['Package leaflet EN-FR', 'Label text EN-DE'])
      await world.api('POST', '/v2/jobs', {
        name,
        client: acme.id,
        quantity: 500,
        quantityType: units.find((unit) => unit.name === 'Words')!.id,
        service: services.find((service) => service.name === 'Translation')!.id,
      });
    page = await world.signedInPage('/clients');
  });
  afterAll(async () => world?.close());

  it('lists, searches and creates a client from the list (validated as the API validates), then opens its page', async () => {
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    for (const name of ['Acme Pharma NV', 'Globex Legal LLP', 'Initech Software GmbH']) await rowOf(page, name).waitFor();
    expect(await rowOf(page, 'Acme Pharma NV').textContent()).toContain('Brussels, Belgium');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'clients-list-1280');

    await page.getByLabel('Search clients').fill('globex');
    await page.waitForURL((url) => url.searchParams.get('q') === 'globex');
    await eventually(() => page.getByRole('table', { name: 'Clients' }).getByRole('link').count()).toBe(1);
    await rowOf(page, 'Globex Legal LLP').waitFor();
    await page.getByLabel('Search clients').fill('');
    await eventually(() => page.getByRole('table', { name: 'Clients' }).getByRole('link').count()).toBe(3);

    await page.getByRole('button', { name: 'New client' }).click();
    const dialog = page.getByRole('dialog', { name: 'New client' });
    await dialog.waitFor();
    await dialog.getByLabel('E-mail').fill('not an address');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await dialog.getByText('Enter a name.').waitFor();
    await dialog.getByText('Enter an e-mail address').waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByLabel('Name').fill('Nordic Health AB');
    await dialog.getByLabel('E-mail').fill('office@nordichealth.example');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await page.waitForURL((url) => /^\/clients\/[0-9a-f]{24}$/.test(url.pathname));
    newId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name: 'Nordic Health AB', level: 1 }).waitFor();
    const stored = await world.api<ClientJson>('GET', `/v2/clients/${newId}`);
    expect(stored.email).toBe('office@nordichealth.example');
    expectNoPageErrors(page);
  });

  it('edits the fields and the address in place, and adds a label', async () => {
    const edit = (label: string) => page.getByRole('button', { name: new RegExp(`Edit ${label}$`) });
    await edit('E-mail').click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('wrong@');
    await page.keyboard.press('Enter');
    await page.getByText('Enter an e-mail address').waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('pm@nordichealth.example');
    await page.keyboard.press('Enter');
    await edit('E-mail').filter({ hasText: 'pm@nordichealth.example' }).waitFor();

    await edit('VAT number').click();
    await page.getByRole('textbox', { name: 'VAT number' }).fill('SE556677889901');
    await page.keyboard.press('Enter');
    await edit('VAT number').filter({ hasText: 'SE556677889901' }).waitFor();

    await edit('City').click();
    await page.getByRole('textbox', { name: 'City' }).fill('Malmö');
    await page.keyboard.press('Enter');
    await edit('City').filter({ hasText: 'Malmö' }).waitFor();

    // Escape puts the value back.
    await edit('Phone').click();
    await page.getByRole('textbox', { name: 'Phone' }).fill('+46 40 123');
    await page.keyboard.press('Escape');
    await edit('Phone').filter({ hasText: 'Not set' }).waitFor();

    // The language of its documents: the account's until one is chosen; and what they show of match bands.
    await edit('Language of documents').filter({ hasText: 'Default: the account’s (English)' }).waitFor();
    await edit('Language of documents').click();
    await picker(page, 'Language of documents').fill('Fren');
    await page.getByRole('option', { name: 'French', exact: true }).click();
    await page.keyboard.press('Enter');
    await edit('Language of documents').filter({ hasText: 'French' }).waitFor();
    await edit('Matches on documents').filter({ hasText: 'Not shown' }).waitFor();
    await edit('Matches on documents').click();
    await picker(page, 'Matches on documents').click();
    await page.getByRole('option', { name: 'Breakdown by match band' }).click();
    await page.keyboard.press('Enter');
    await edit('Matches on documents').filter({ hasText: 'Breakdown by match band' }).waitFor();
    await eventually(async () => {
      const client = await world.api<{ documentLanguage: string | null; documentMatchDisplay: string }>('GET', `/v2/clients/${newId}`);
      return [client.documentLanguage, client.documentMatchDisplay];
    }).toEqual(['fr', 'breakdown']);

    await picker(page, 'Labels').click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await page.keyboard.press('Escape');
    await eventually(async () => (await world.api<ClientJson>('GET', `/v2/clients/${newId}`)).labels.map((label) => label.name)).toEqual(['Urgent']);

    const stored = await world.api<ClientJson>('GET', `/v2/clients/${newId}`);
    expect(stored.email).toBe('pm@nordichealth.example');
    expect(stored.address.city).toBe('Malmö');
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'client-page-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'client-page-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
    expectNoPageErrors(page);
  });

  it('archives the client, which leaves the active list and shows under "Archived"; unarchives it', async () => {
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText('Archived', { exact: true }).first().waitFor();
    await eventually(async () => (await world.api<ClientJson>('GET', `/v2/clients/${newId}`)).archived).toBe(true);

    await page.getByRole('link', { name: '← Clients' }).click();
    await rowOf(page, 'Acme Pharma NV').waitFor();
    expect(await rowOf(page, 'Nordic Health AB').count()).toBe(0);
    await page.getByText('Archived', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'archived');
    await rowOf(page, 'Nordic Health AB').waitFor();
    await eventually(() => page.getByRole('table', { name: 'Clients' }).getByRole('link').count()).toBe(1);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await page.getByRole('link', { name: 'Nordic Health AB' }).click();
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('button', { name: 'Archive', exact: true }).waitFor();
    expect((await world.api<ClientJson>('GET', `/v2/clients/${newId}`)).archived).toBe(false);
    expectNoPageErrors(page);
  });

  it("shows a client's jobs; refuses to delete a client in use, says why and offers to archive it", async () => {
    await page.goto(`/clients/${acme.id}?tab=jobs`);
    await page.getByRole('heading', { name: 'Acme Pharma NV', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Package leaflet EN-FR' }).waitFor();
    await page.getByRole('link', { name: 'Label text EN-DE' }).waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'client-jobs-1280');

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this client?' });
    await confirm.waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'cannot be deleted' });
    await refusal.waitFor();
    await refusal.getByText('Its jobs, groups, quotes, invoices').waitFor();
    await refusal.getByText('It has 2 jobs.').waitFor();
    await refusal.getByRole('button', { name: 'Archive the client instead' }).waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'client-delete-in-use-1280');
    expect((await world.api<ClientJson>('GET', `/v2/clients/${acme.id}`)).name).toBe('Acme Pharma NV');
    expectNoPageErrors(page);
  });

  it('deletes a client that nothing uses and goes back to the list', async () => {
    await page.goto(`/clients/${newId}`);
    await page.getByRole('heading', { name: 'Nordic Health AB', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this client?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/clients');
    await rowOf(page, 'Acme Pharma NV').waitFor();
    expect(await rowOf(page, 'Nordic Health AB').count()).toBe(0);
    const answer = await fetch(`${world.baseUrl}/v2/clients/${newId}`, { headers: { Authorization: `Bearer ${world.apiKey}` } });
    expect(answer.status).toBe(404);
    expectNoPageErrors(page);
  });
});
