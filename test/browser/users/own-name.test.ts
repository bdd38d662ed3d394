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

/**
 * Every user names themselves (docs/access.md#users): the account menu's "Your name" opens a form
 * (PATCH /v2/users/me); the header shows the new name at once, and the API keeps it.
 */
describe.skipIf(skipReason)('your own name', () => {
  let world: ConsoleWorld;
  afterAll(async () => world?.close());
  beforeAll(async () => {
    world = await startConsoleWorld();
  });

  const openNamePage = async (page: Page, current: string) => {
    await page.getByRole('button', { name: new RegExp(`^${current}`) }).click();
    await page.getByRole('menuitem', { name: 'Your name' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/name');
    await page.getByRole('heading', { name: 'Your name', level: 1 }).waitFor();
  };

  it('the owner, "Owner" at first, gives their name from the account menu; an empty name is refused', async () => {
    const page = await world.signedInPage('/');
    await openNamePage(page, 'Owner');
    const field = page.getByRole('textbox', { name: 'Full name' });
    expect(await field.inputValue()).toBe('Owner');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'own-name-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'own-name-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    await field.fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Enter your name.').waitFor();
    expect((await world.api<{ name: string }>('GET', '/v2/users/me')).name).toBe('Owner');

    await field.fill('Ingrid Novák');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').filter({ hasText: 'Your name is saved.' }).waitFor();
    await eventually(() => page.getByRole('banner').getByText('Ingrid Novák').count()).toBe(1);
    expect((await world.api<{ name: string }>('GET', '/v2/users/me')).name).toBe('Ingrid Novák');
    expectNoPageErrors(page);
  });

  it('a viewer names themselves too', async () => {
    const page = await world.signedInAs('viewer', '/');
    await openNamePage(page, 'A viewer');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Viktor Viewer');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').filter({ hasText: 'Your name is saved.' }).waitFor();
    await eventually(() => page.getByRole('banner').getByText('Viktor Viewer').count()).toBe(1);
    const users = await world.api<Array<{ email: string | null; name: string }>>('GET', '/v2/users');
    expect(users.find((user) => user.email === 'viewer@agency.example')?.name).toBe('Viktor Viewer');
    expectNoPageErrors(page);
  });
});
