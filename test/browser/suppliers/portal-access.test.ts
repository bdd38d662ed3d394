import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  checkTextNotCut,
  eventually,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

/**
 * A supplier's "Portal access" under its contacts (docs/console.md#contacts-files-notes-and-unavailability):
 * giving a contact access shows the sign-in link once (this world sends no e-mail: "not e-mailed"),
 * a new link replaces it, withdrawing asks first; a contact without e-mail cannot get access and the
 * page says why; a viewer sees who has access and changes nothing.
 */
describe.skipIf(skipReason)('portal access on a supplier page', () => {
  let world: ConsoleWorld;
  let supplierId = '';
  let anna = '';

  beforeAll(async () => {
    world = await startConsoleWorld();
    const supplier = await world.api<{ id: string }>('POST', '/v2/suppliers', { name: 'Nordic Words', currency: 'EUR', documentLanguage: 'de' });
    supplierId = supplier.id;
    anna = (await world.api<{ id: string }>('POST', `/v2/suppliers/${supplierId}/contacts`, { fullName: 'Anna Berg', email: 'anna@nordic.example' })).id;
    await world.api('POST', `/v2/suppliers/${supplierId}/contacts`, { fullName: 'Pekka Mäki' });
  });
  afterAll(async () => world?.close());

  const section = (page: Page) => page.getByRole('region', { name: 'Portal access' });
  const row = (page: Page, name: string): Locator =>
    section(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  const people = () =>
    world.api<Array<{ contact: { id: string }; status: string; language: string | null; lastSignInAt: string | null }>>(
      'GET',
      `/v2/suppliers/${supplierId}/portal-access`,
    );
  const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));

  async function open(page: Page) {
    await section(page).getByRole('heading', { name: 'Portal access', level: 2 }).waitFor();
    await row(page, 'Anna Berg').waitFor();
  }

  it('gives a contact access and shows the link; sends a new one; withdraws access after asking', async () => {
    const page = await world.signedInPage(`/suppliers/${supplierId}?tab=contacts`);
    await open(page);
    expect(await row(page, 'Anna Berg').getByRole('cell').allTextContents()).toEqual(['No access', '—', '—', 'Give portal access']);
    // Pekka has no e-mail address: the button is off, and says why.
    const pekka = row(page, 'Pekka Mäki').getByRole('button', { name: 'Give portal access to Pekka Mäki' });
    expect(await pekka.isDisabled()).toBe(true);
    const reason = await pekka.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe('Needs an e-mail address: add one to the contact first.');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'supplier-portal-access-1280');

    await row(page, 'Anna Berg').getByRole('button', { name: 'Give portal access to Anna Berg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Portal access for Anna Berg' });
    await dialog.getByText('Anna Berg gets a sign-in link for the supplier portal, sent to anna@nordic.example.').waitFor();
    const language = dialog.getByLabel('Language of the portal and its e-mails');
    expect(await language.inputValue()).toBe('');
    expect(await language.locator('option:checked').textContent()).toBe('The supplier’s document language (German)');
    await language.selectOption({ label: 'French' });
    await dialog.getByRole('button', { name: 'Give portal access' }).click();
    const link = dialog.getByLabel('Sign-in link');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/portal\/sign-in#token=.+/);
    await dialog
      .getByText('The link was not e-mailed (this server sends no e-mail, or the mail server refused it): pass it on to anna@nordic.example yourself.')
      .waitFor();
    await dialog.getByText(/^It works once, until /).waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'supplier-portal-access-link');
    expect(await people()).toMatchObject([{ contact: { id: anna }, status: 'active', language: 'fr', lastSignInAt: null }]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => row(page, 'Anna Berg').getByRole('cell').allTextContents()).toEqual(['Active', 'French', 'Never', 'Send a new linkWithdraw access']);

    // Anna signs in with the link: the page, read again, says when.
    const signIn = await fetch(`${world.baseUrl}/v2/portal/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: new URL(url).hash.replace('#token=', '') }),
    });
    expect(signIn.status).toBe(200);
    await page.reload();
    await open(page);
    const signedIn = (await people())[0]!.lastSignInAt!;
    const shown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
      new Date(signedIn),
    );
    expect(await row(page, 'Anna Berg').getByRole('cell').nth(2).textContent()).toBe(shown);

    // A new link: the language stays as chosen.
    await row(page, 'Anna Berg').getByRole('button', { name: 'Send a new link to Anna Berg' }).click();
    const again = page.getByRole('dialog', { name: 'A new portal link for Anna Berg' });
    expect(await again.getByLabel('Language of the portal and its e-mails').inputValue()).toBe('fr');
    await again.getByText('Links sent earlier stop working.').waitFor();
    await again.getByRole('button', { name: 'Send a new link' }).click();
    const second = await again.getByLabel('Sign-in link').inputValue();
    expect(second).toMatch(/\/portal\/sign-in#token=.+/);
    expect(second).not.toBe(url);
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });

    // Withdraw, after a confirmation.
    await row(page, 'Anna Berg').getByRole('button', { name: 'Withdraw access for Anna Berg' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw portal access?' });
    await confirm.getByText(/^Anna Berg can no longer sign in to the portal/).waitFor();
    await settled(page);
    await checkAccessibility(page);
    await confirm.getByRole('button', { name: 'Withdraw access' }).click();
    await confirm.waitFor({ state: 'detached' });
    await section(page).getByRole('status').filter({ hasText: 'Portal access of Anna Berg withdrawn.' }).waitFor();
    await row(page, 'Anna Berg').getByText('Withdrawn').waitFor();
    expect(await people()).toMatchObject([{ contact: { id: anna }, status: 'revoked' }]);
    await row(page, 'Anna Berg').getByRole('button', { name: 'Give access again to Anna Berg' }).waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'supplier-portal-access-withdrawn');
    expectNoPageErrors(page);
  });

  it('shows a viewer who has access, without any action', async () => {
    const page = await world.signedInAs('viewer', `/suppliers/${supplierId}?tab=contacts`);
    await open(page);
    await row(page, 'Anna Berg').getByText('Withdrawn').waitFor();
    expect(await section(page).getByRole('button').count()).toBe(0);
    expect(await section(page).getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'supplier-portal-access-viewer');
    expectNoPageErrors(page);
  });
});
