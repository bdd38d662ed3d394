import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * The new-job form asks before unsaved input is lost (docs/console.md#new-job): a move inside the
 * console opens a dialog, closing or reloading the tab the browser's own question; nothing is asked
 * when nothing was typed.
 */
async function pictures(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await checkAccessibility(page);
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Closes the tab the way a person does (running `beforeunload`); answers the browser's question, if it asked. */
async function closeTab(page: Page): Promise<Dialog | undefined> {
  const asked = page.waitForEvent('dialog', { timeout: 3_000 }).catch(() => undefined);
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  if (dialog) await dialog.dismiss();
  return dialog;
}

describe.skipIf(skipReason)('new job: unsaved input', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  it('asks before leaving for another page, stays or leaves as told', async () => {
    const page = await world.signedInPage('/jobs/new');
    await page.getByRole('heading', { name: 'New job', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).click();
    await page.keyboard.type('Brochure DE');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await pictures(page, 'new-job-unsaved');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/jobs/new');
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Brochure DE');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Leave and lose it' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    expectNoPageErrors(page);
  });

  it('asks before the tab is closed with input typed', async () => {
    const page = await world.signedInPage('/jobs/new');
    await page.getByRole('textbox', { name: 'Name' }).click();
    await page.keyboard.type('Brochure FR');
    const dialog = await closeTab(page);
    expect(dialog?.type()).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    expectNoPageErrors(page);
  });

  it('asks nothing when nothing was typed', async () => {
    const page = await world.signedInPage('/jobs/new');
    await page.getByRole('heading', { name: 'New job', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    await page.goto('/jobs/new');
    await page.getByRole('textbox', { name: 'Name' }).click();
    expect(await closeTab(page)).toBeUndefined();
  });
});
