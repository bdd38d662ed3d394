import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * A client's and a supplier's records besides their details (docs/console.md#clients-and-suppliers):
 * contacts, files, notes and the supplier's unavailability, in Chromium against a real server.
 */
describe.skipIf(skipReason)('the records of a client and of a supplier', () => {
  let world: ConsoleWorld;
  let client: { id: string };
  let supplier: { id: string };
  beforeAll(async () => {
    world = await startConsoleWorld();
    client = await world.api('POST', '/v2/clients', { name: 'Acme Pharma NV' });
    supplier = await world.api('POST', '/v2/suppliers', { name: 'Jane Translator' });
  });
  afterAll(async () => world?.close());

  const section = (page: Page, name: string) => page.locator('section').filter({ has: page.getByRole('heading', { name, level: 2, exact: true }) });
  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

  it('adds a client’s contact with the documents it receives, edits it and deletes it', async () => {
    const page = await world.signedInPage(`/clients/${client.id}?tab=contacts`);
    const contacts = section(page, 'Contacts');
    await contacts.getByText('No contacts yet.').waitFor();
    await contacts.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact' });
    await dialog.waitFor();
    // What the API would refuse is said before sending.
    await dialog.getByLabel('E-mail').fill('ada@example');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('A name is needed.').waitFor();
    await dialog.getByText('An e-mail address such as ana@example.com, or nothing.').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByLabel('Full name').fill('Ada Lovelace');
    await dialog.getByLabel('Job title').fill('Buyer');
    await dialog.getByLabel('E-mail').fill('ada@acme.example');
    await dialog.getByLabel('Phone').fill('+32 2 555 00 00');
    await dialog.getByLabel('Notes').fill('Prefers mornings');
    expect(await dialog.getByRole('checkbox', { name: 'Quotes', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Quotes', exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Copies of invoices' }).check();
    await screenshot(page, 'party-contact-dialog');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = contacts.getByRole('article', { name: 'Ada Lovelace' });
    await card.waitFor();
    expect(await card.getByRole('listitem').allTextContents()).toEqual(['Invoices', 'Copies of invoices']);
    expect(await card.getByRole('link', { name: 'ada@acme.example' }).getAttribute('href')).toBe('mailto:ada@acme.example');
    expect(await card.textContent()).toContain('Prefers mornings');
    const [stored] = await world.api<{ fullName: string; email: string; title: string; emails: Record<string, boolean>; notes: string }[]>(
      'GET',
      `/v2/clients/${client.id}/contacts`,
    );
    expect(stored).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@acme.example',
      title: 'Buyer',
      notes: '<p>Prefers mornings</p>',
      emails: { quote: false, invoice: true, ccQuote: false, ccInvoice: true },
    });
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'party-contacts');

    await card.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
    const edit = page.getByRole('dialog', { name: 'Change the contact' });
    await edit.getByLabel('Job title').fill('Head of purchasing');
    await edit.getByLabel('E-mail').fill('');
    await edit.getByRole('checkbox', { name: 'Quotes', exact: true }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => card.textContent()).toContain('Head of purchasing');
    expect(await card.textContent()).toContain('No e-mail address');
    const [changed] = await world.api<Record<string, unknown>[]>('GET', `/v2/clients/${client.id}/contacts`);
    expect(changed).toMatchObject({ title: 'Head of purchasing', notes: '<p>Prefers mornings</p>', emails: { quote: true, invoice: true, ccInvoice: true } });
    expect(changed).not.toHaveProperty('email');

    await card.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the contact?' });
    await confirm.waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await world.api('GET', `/v2/clients/${client.id}/contacts`)).toEqual([]);
    expectNoPageErrors(page);
  });

  it('uploads a client’s file, shares it on the client’s jobs, downloads it and deletes it', async () => {
    const page = await world.signedInPage(`/clients/${client.id}?tab=files`);
    const files = section(page, 'Files');
    await files.getByText('No files yet.').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles({ name: 'style guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('the style guide') });
    const link = files.getByRole('link', { name: 'Download style guide.pdf' });
    await link.waitFor();

    const share = files.getByRole('switch', { name: 'Share style guide.pdf on the client’s jobs' });
    expect(await share.isChecked()).toBe(false);
    await share.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await world.api<{ shareOnJobs: boolean }[]>('GET', `/v2/clients/${client.id}/files`))[0]!.shareOnJobs).toBe(true);
    await expect.poll(() => files.getByRole('row', { name: /style guide\.pdf/ }).textContent()).toContain('Shared on jobs');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'party-files');

    const download = page.waitForEvent('download');
    await link.click();
    expect((await readFile(await (await download).path())).toString()).toBe('the style guide');

    await files.getByRole('button', { name: 'Delete style guide.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the file?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await link.waitFor({ state: 'detached' });
    expect(await world.api('GET', `/v2/clients/${client.id}/files`)).toEqual([]);
    expectNoPageErrors(page);
  });

  it('writes a client’s note with formatting, edits it and deletes it', async () => {
    const page = await world.signedInPage(`/clients/${client.id}?tab=notes`);
    const notes = section(page, 'Notes');
    await notes.getByText('No notes yet.').waitFor();
    await notes.getByRole('button', { name: 'Write a note' }).click();
    const editor = notes.getByRole('textbox', { name: 'New note' });
    await editor.waitFor();
    await expect.poll(() => isFocused(editor)).toBe(true);
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Pays late');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(': invoice early');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await notes.getByRole('button', { name: 'Save note' }).click();
    const note = notes.getByRole('article', { name: /^Note by Owner/ });
    await note.waitFor();
    expect(await note.locator('strong').textContent()).toBe('Pays late');
    const stored = async () => (await world.api<{ notes: { content: string }[] }>('GET', `/v2/clients/${client.id}`)).notes.map((item) => item.content);
    expect(await stored()).toEqual(['<p><strong>Pays late</strong>: invoice early</p>']);

    await note.getByRole('button', { name: /^Edit the note of/ }).click();
    const edited = notes.getByRole('textbox', { name: /^Note of/ });
    await edited.waitFor();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(', by the 1st');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await edited.waitFor({ state: 'detached' });
    await expect.poll(stored).toEqual(['<p><strong>Pays late</strong>: invoice early, by the 1st</p>']);
    expect(await note.textContent()).toContain('edited by Owner');
    await screenshot(page, 'party-notes');

    await note.getByRole('button', { name: /^Delete the note of/ }).click();
    await page.getByRole('dialog', { name: 'Delete the note?' }).getByRole('button', { name: 'Delete' }).click();
    await note.waitFor({ state: 'detached' });
    expect(await stored()).toEqual([]);
    expectNoPageErrors(page);
  });

  it('adds a supplier’s unavailability for next week, shows it on the calendar, edits it and deletes it', async () => {
    const page = await world.signedInPage(`/suppliers/${supplier.id}?tab=unavailability`);
    const unavailability = section(page, 'Unavailability');
    await unavailability.getByText('No unavailability planned.').waitFor();
    const calendar = unavailability.getByRole('group', { name: 'Calendar of unavailability' });
    const marked = calendar.locator('[data-unavailable]:not([data-outside])');
    expect(await marked.count()).toBe(0);

    // Next week, Monday to Friday, in the browser's time zone (the same as this process's).
    const now = new Date();
    const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + ((8 - now.getDay()) % 7 || 7));
    const friday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 4);
    const day = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

    await unavailability.getByRole('button', { name: 'Add unavailability' }).click();
    const dialog = page.getByRole('dialog', { name: 'New unavailability' });
    await dialog.getByLabel('From').fill(day(friday));
    await dialog.getByLabel('Until').fill(day(monday));
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Not before the first day.').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByLabel('From').fill(day(monday));
    await dialog.getByLabel('Until').fill(day(friday));
    await dialog.getByLabel('Reason').fill('Holiday');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => marked.count()).toBe(5);
    expect(await marked.first().textContent()).toBe(`${monday.getDate()}, unavailable`);
    const row = unavailability.getByRole('row', { name: /Holiday/ });
    await row.waitFor();
    const { currents } = await world.api<{ currents: { from: string; to: string; reason: string }[] }>('GET', `/v2/suppliers/${supplier.id}/unavailabilities`);
    expect(currents).toEqual([
      expect.objectContaining({
        from: monday.toISOString(),
        to: new Date(friday.getFullYear(), friday.getMonth(), friday.getDate(), 23, 59, 59, 999).toISOString(),
        reason: 'Holiday',
      }),
    ]);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'supplier-unavailability');

    await row.getByRole('button', { name: /^Edit the unavailability/ }).click();
    const edit = page.getByRole('dialog', { name: 'Change the unavailability' });
    await edit.getByLabel('Until').fill(day(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 1)));
    await edit.getByLabel('Reason').fill('Conference');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => marked.count()).toBe(2);
    await unavailability.getByRole('row', { name: /Conference/ }).waitFor();

    await unavailability.getByRole('button', { name: /^Delete the unavailability/ }).click();
    await page.getByRole('dialog', { name: 'Delete the unavailability?' }).getByRole('button', { name: 'Delete' }).click();
    await unavailability.getByText('No unavailability planned.').waitFor();
    expect(await marked.count()).toBe(0);
    expect(await world.api('GET', `/v2/suppliers/${supplier.id}/unavailabilities`)).toEqual({ currents: [], old: [] });
    expectNoPageErrors(page);
  });

  it('offers a supplier’s contact the purchase orders, and shows a supplier’s files without sharing', async () => {
    await world.api('POST', `/v2/suppliers/${supplier.id}/contacts`, { fullName: 'Jo Planner', email: 'jo@jane.example' });
    const page = await world.signedInPage(`/suppliers/${supplier.id}?tab=contacts`);
    const card = section(page, 'Contacts').getByRole('article', { name: 'Jo Planner' });
    await card.waitFor();
    expect(await card.getByRole('listitem').allTextContents()).toEqual(['Purchase orders']);
    await card.getByRole('button', { name: 'Edit Jo Planner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the contact' });
    expect(await dialog.getByRole('checkbox', { name: 'Quotes', exact: true }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Copies of purchase orders' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByRole('listitem').allTextContents()).toEqual(['Purchase orders', 'Copies of purchase orders']);
    const [stored] = await world.api<{ emails: Record<string, boolean> }[]>('GET', `/v2/suppliers/${supplier.id}/contacts`);
    expect(stored!.emails).toEqual({ purchaseOrder: true, ccPurchaseOrder: true });

    // The page shows one tab at a time: the files are on their own.
    await page.getByRole('tab', { name: /^Files/ }).click();
    const files = section(page, 'Files');
    const chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('cv') });
    await files.getByRole('link', { name: 'Download cv.pdf' }).waitFor();
    expect(await files.getByRole('switch').count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'supplier-records');
    expectNoPageErrors(page);
  });
});
