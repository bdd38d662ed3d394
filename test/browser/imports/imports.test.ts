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

/** The Imports page (docs/console.md#imports): a file checked first, its errors shown, then imported. */
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe.skipIf(skipReason)('imports', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  it('checks a file, lists its errors, then imports a clean one', async () => {
    const page = await world.signedInPage('/imports');
    const check = page.getByRole('button', { name: 'Check the file' });
    await expect(check.isDisabled()).resolves.toBe(true);

    await page.locator('input[type=file]').setInputFiles(csv('clients.csv', 'name,currency,email\nAcme Import,EUR,not an email\n'));
    await check.click();
    const errors = page.getByRole('table', { name: 'Errors of the file' });
    await eventually(() => errors.getByRole('row').nth(1).innerText()).toMatch(/^1\temail\t/);
    await expect(page.getByRole('button', { name: /^Import/ }).count()).resolves.toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'imports-errors-1280');

    await page.locator('input[type=file]').setInputFiles(csv('clients.csv', 'name,currency\nAcme Import,EUR\nLumière Import,EUR\n'));
    await check.click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'Checked' }).innerText()).toContain(
      'Checked, nothing written: 2 to create, 0 to update.',
    );
    const rows = page.getByRole('table', { name: 'What each row does' });
    await expect(rows.getByRole('row').allInnerTexts()).resolves.toEqual(['Row\tAction\tRecord', '1\tCreate\tAcme Import', '2\tCreate\tLumière Import']);
    // Nothing was written by the check.
    expect((await world.api<{ totalItems: number }>('GET', '/v2/clients')).totalItems).toBe(0);
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkControlsVisible(page);
    await screenshot(page, 'imports-checked-1024');

    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'Imported' }).innerText()).toContain('Imported: 2 created, 0 updated.');
    expect((await world.api<{ totalItems: number }>('GET', '/v2/clients')).totalItems).toBe(2);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });
});
