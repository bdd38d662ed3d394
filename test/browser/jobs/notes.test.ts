import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { createJob, createUser, createViewer, MANAGER } from './records-fixture.js';

/** The job page's "Notes" section (docs/console.md#the-job-page), in Chromium against a real server. */
describe.skipIf(skipReason)('the notes of a job', () => {
  let world: ConsoleWorld;
  let job: { id: string; name: string };
  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    job = await createJob(world, 'Notes on the clinical study');
  });
  afterAll(async () => world?.close());

  const notes = (page: Page) => page.getByRole('region', { name: 'Notes' });
  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
  const storedNotes = async () => (await world.api<{ notes: { id: string; content: string; user: { name: string } }[] }>('GET', `/v2/jobs/${job.id}`)).notes;

  it('writes a note with bold text and a list, with the keyboard alone; it is stored as such and shown after a reload', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const section = notes(page);
    await section.getByText('No notes yet.').waitFor();
    // The editor (Tiptap) is not loaded until someone writes.
    expect(scripts.filter((url) => url.includes('notes-editor'))).toEqual([]);

    await section.getByRole('button', { name: 'Write a note' }).focus();
    await page.keyboard.press('Enter');
    const editor = section.getByRole('textbox', { name: 'New note' });
    await editor.waitFor();
    await expect.poll(() => isFocused(editor)).toBe(true);
    expect(scripts.some((url) => url.includes('notes-editor'))).toBe(true);

    await page.keyboard.press('Control+b');
    await page.keyboard.type('Deadline moved');
    expect(await section.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' to Friday');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- glossary first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('then the style guide');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-notes-editor');
    // Ctrl+Enter saves from the editor.
    await page.keyboard.press('Control+Enter');

    const note = section.getByRole('article', { name: /^Note by Owner/ });
    await note.waitFor();
    expect(await section.getByRole('textbox').count()).toBe(0);
    expect(await note.locator('strong').textContent()).toBe('Deadline moved');
    expect(await note.getByRole('listitem').allTextContents()).toEqual(['glossary first', 'then the style guide']);
    // The keyboard's focus is back on the button that opened the editor.
    await expect.poll(() => isFocused(section.getByRole('button', { name: 'Write a note' }))).toBe(true);

    const [stored] = await storedNotes();
    expect(stored!.content).toBe('<p><strong>Deadline moved</strong> to Friday</p><ul><li><p>glossary first</p></li><li><p>then the style guide</p></li></ul>');
    expect(stored!.user.name).toBe('Owner');

    await page.reload();
    await note.waitFor();
    expect(await note.locator('strong').textContent()).toBe('Deadline moved');
    expect(await note.getByRole('listitem').count()).toBe(2);
    // The note's rich text is built as elements from an allow-list: no style attribute in it.
    expect(await note.locator(':is(ul, li, strong, em, a, blockquote, code)[style], li > p[style]').count()).toBe(0);
    expectNoPageErrors(page);
  });

  it('shows the newest note first, and edits one to add a link through the link button', async () => {
    await world.api('POST', `/v2/jobs/${job.id}/notes`, { content: 'Client called about the deadline.' });
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = notes(page);
    const articles = section.getByRole('article');
    await expect.poll(() => articles.count()).toBe(2);
    expect(await articles.first().textContent()).toContain('Client called about the deadline.');
    expect(await articles.nth(1).textContent()).toContain('Deadline moved');

    const newest = articles.first();
    await newest.getByRole('button', { name: /^Edit the note of/ }).click();
    const editor = section.getByRole('textbox', { name: /^Note of/ });
    await editor.waitFor();
    await expect.poll(() => isFocused(editor)).toBe(true);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' See the brief');
    await expect.poll(() => editor.textContent()).toBe('Client called about the deadline. See the brief');
    for (let i = 0; i < 'the brief'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe('the brief');
    // To the link button with the keyboard (back through the toolbar), and its form.
    const linkButton = section.getByRole('button', { name: 'Link', exact: true });
    for (let step = 0; step < 8 && !(await isFocused(linkButton)); step++) await page.keyboard.press('Shift+Tab');
    expect(await isFocused(linkButton)).toBe(true);
    expect(await section.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    const address = page.getByRole('textbox', { name: 'Link address' });
    await address.fill('javascript:alert(1)');
    await page.keyboard.press('Enter');
    await page.getByText('An address starting with https://, http:// or mailto:').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await address.fill('example.com/brief');
    await page.keyboard.press('Enter');
    await address.waitFor({ state: 'hidden' });
    await expect.poll(() => editor.locator('a').textContent()).toBe('the brief');
    await section.getByRole('button', { name: 'Save note' }).click();
    await editor.waitFor({ state: 'detached' });

    const link = section.getByRole('article').first().getByRole('link', { name: 'the brief' });
    expect(await link.getAttribute('href')).toBe('https://example.com/brief');
    expect(await section.getByRole('article').first().textContent()).toContain('edited by Owner');
    const [, edited] = await storedNotes();
    expect(edited!.content).toBe('<p>Client called about the deadline. See <a href="https://example.com/brief">the brief</a></p>');
    expectNoPageErrors(page);
  });

  it('deletes a note after asking', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = notes(page);
    const newest = section.getByRole('article').first();
    await newest.getByRole('button', { name: /^Delete the note of/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the note?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => section.getByRole('article').count()).toBe(1);
    expect((await storedNotes()).map((note) => note.content)).toEqual([
      '<p><strong>Deadline moved</strong> to Friday</p><ul><li><p>glossary first</p></li><li><p>then the style guide</p></li></ul>',
    ]);
    expectNoPageErrors(page);
  });

  it('shows the notes at 1280 × 800 and 1024 × 768', async () => {
    await world.api('POST', `/v2/jobs/${job.id}/notes`, {
      content:
        '<p>Terminology: use <em>“dossier”</em>, not “file”. Questions to <a href="mailto:pm@agency.example">the PM</a>.</p><ol><li>Translate</li><li>Revise</li></ol>',
    });
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await notes(page).getByRole('article').nth(1).waitFor();
    await screenshot(page, 'job-notes-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await notes(page).getByRole('button', { name: 'Write a note' }).click();
    await notes(page).getByRole('textbox', { name: 'New note' }).waitFor();
    await screenshot(page, 'job-notes-1024');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('lets another user who may change projects write notes, but edit and delete only theirs', async () => {
    const manager = await createUser(world, MANAGER);
    const page = await world.signedInPage(`/jobs/${job.id}`, manager);
    const section = notes(page);
    await section.getByRole('article').first().waitFor();
    // The owner's notes: no edit, no delete.
    expect(await section.getByRole('button', { name: /^(Edit|Delete) the note/ }).count()).toBe(0);
    await section.getByRole('button', { name: 'Write a note' }).click();
    await section.getByRole('textbox', { name: 'New note' }).waitFor();
    await page.keyboard.type('Reviewer booked for Monday.');
    await section.getByRole('button', { name: 'Save note' }).click();
    const mine = section.getByRole('article', { name: /^Note by Mia Manager/ });
    await mine.waitFor();
    expect(await mine.getByRole('button', { name: /^Edit the note of/ }).count()).toBe(1);
    expect(await mine.getByRole('button', { name: /^Delete the note of/ }).count()).toBe(1);
    expect(await section.getByRole('button', { name: /^(Edit|Delete) the note/ }).count()).toBe(2);
    expect((await storedNotes()).at(-1)).toMatchObject({ content: '<p>Reviewer booked for Monday.</p>', user: { name: 'Mia Manager' } });
    expectNoPageErrors(page);
  });

  it('shows a viewer the notes without an editor, and another user’s notes without edit or delete', async () => {
    const viewer = await createViewer(world);
    const page = await world.signedInPage(`/jobs/${job.id}`, viewer);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const section = notes(page);
    await section.getByRole('article').first().waitFor();
    expect(await section.getByRole('button').count()).toBe(0);
    expect(await section.getByRole('textbox').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(scripts.filter((url) => url.includes('notes-editor'))).toEqual([]);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });
});
