import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  expectNoPageErrors,
  OWNER,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

/** Signing in and out of the console (docs/console.md#signing-in), in Chromium against a real server. */
describe.skipIf(skipReason)('sign-in', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  it('sends a visitor to sign-in, says so when the password is wrong, and signs in to the page asked for', async () => {
    const page = await world.newPage();
    await page.goto('/jobs?q=OPEN');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/jobs?q=OPEN');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'sign-in');

    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The e-mail or the password is wrong.');
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/jobs?q=OPEN');
    expectNoPageErrors(page);
  });

  it('shows the navigation landmark with every link, each opening its page', async () => {
    const page = await world.signedInPage('/');
    const navigation = page.getByRole('navigation', { name: 'Main' });
    const pages: [link: string, path: string][] = [
      ['Jobs', '/jobs'],
      ['Groups', '/groups'],
      ['Clients', '/clients'],
      ['Suppliers', '/suppliers'],
      ['Quotes', '/quotes'],
      ['Invoices', '/invoices'],
      ['Purchase orders', '/purchase-orders'],
      ['Supplier invoices', '/supplier-invoices'],
      ['Settings', '/settings/account'],
      ['Dashboard', '/'],
    ];
    for (const [name, path] of pages) {
      await expect.poll(() => navigation.getByRole('link', { name, exact: true }).count()).toBe(1);
      await navigation.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('signs out, and a page of the console then asks to sign in again', async () => {
    const page = await world.signedInPage('/groups');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.goto('/groups');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expectNoPageErrors(page);
  });

  it('an ended session returns to sign-in, then to the page the user was on', async () => {
    const page = await world.signedInPage('/groups');
    // The page's own requests done first: one still under way when the session ends would end it before the click.
    await page.waitForLoadState('networkidle');
    // The session ends elsewhere (signed out from another tab, idle limit): its cookie no longer opens anything.
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'td_session')!;
    const csrf = await page.evaluate(async () => (await (await fetch('/v2/auth/session')).json()).csrfToken as string);
    await fetch(`${world.baseUrl}/v2/auth/logout`, { method: 'POST', headers: { Cookie: `td_session=${session.value}`, 'X-CSRF-Token': csrf } });
    await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
    await page
      .waitForURL((url) => url.pathname === '/sign-in', { timeout: 10_000 })
      .catch(async () => {
        // The jobs page's first request meets the ended session.
        await page.waitForURL((url) => url.pathname === '/sign-in');
      });
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Your session has ended');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    expectNoPageErrors(page);
  });
});

describe.skipIf(skipReason)('the first owner’s link', () => {
  let world: ConsoleWorld;
  let link = '';
  beforeAll(async () => {
    world = await startConsoleWorld({ BOOTSTRAP_OWNER_EMAIL: '', BOOTSTRAP_OWNER_PASSWORD: '', PUBLIC_URL: 'http://127.0.0.1' });
    link = world.ownerLink!;
  });
  afterAll(async () => world?.close());

  it('lets the owner choose an e-mail and a password, signs them in, and takes the token out of the address', async () => {
    const page = await world.newPage();
    await page.goto(new URL(link).pathname + new URL(link).hash);
    await page.getByRole('heading', { name: 'Choose the owner’s sign-in' }).waitFor();
    expect(page.url()).not.toContain('token');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'set-password');
    await page.getByLabel('Email').fill('first@agency.example');
    await page.getByLabel(/^New password \*?$/).fill('short');
    await page.getByLabel('New password again').fill('short');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect.poll(() => page.getByText('At least 10 characters.').count()).toBeGreaterThan(0);
    await page.getByLabel(/^New password \*?$/).fill('a long password 1');
    await page.getByLabel('New password again').fill('a long password 1');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation').waitFor();
    expectNoPageErrors(page);
  });
});
