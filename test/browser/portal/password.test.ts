import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, expectNoPageErrors, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { checkWidths, PHONE } from './widths.js';

const PASSWORD = 'Freelance password 1';

/**
 * A portal person's optional password (docs/supplier-portal.md#passwords, docs/console.md#portal-pages):
 * chosen on /portal/password after a link's sign-in (the form checks length and repetition as the
 * API does), used on the sign-in page instead of a link, a wrong one refused alike, changed only
 * with the current one, then removed after asking. At 390 and 1 280 px: axe, every control in
 * sight, no text cut; in Polish as well.
 */
describe.skipIf(skipReason)('the portal password', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  async function signedInByLink(name: string, language?: string) {
    const supplier = await world.api<{ id: string }>('POST', '/v2/suppliers', { name: `${name} Translations`, currency: 'EUR' });
    const email = `${name.toLowerCase()}@password.example`;
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplier.id}/contacts`, { fullName: `${name} Person`, email });
    const granted = await world.api<{ link: { url: string } }>(
      'POST',
      `/v2/suppliers/${supplier.id}/contacts/${contact.id}/portal-access`,
      language ? { language } : {},
    );
    const url = new URL(granted.link.url);
    const page = await world.newPage(PHONE);
    await page.goto(url.pathname + url.hash);
    await page.getByRole('navigation').waitFor();
    return { page, email };
  }

  it('chooses a password, signs in with it instead of a link, changes it with the current one, and removes it', async () => {
    const { page, email } = await signedInByLink('Petra');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Password' }).click();
    await page.getByRole('heading', { name: 'Your password', level: 1 }).waitFor();
    await page.getByText('You can always sign in with a link we e-mail you.', { exact: false }).waitFor();
    await checkWidths(page, 'portal-password-choose');

    // Checked before sending, as the API checks it.
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Repeat the new password').fill('other');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('At least 10 characters.').first().waitFor();
    await page.getByText('The two passwords are not the same.').waitFor();
    await page.getByLabel(/^New password/).fill(PASSWORD);
    await page.getByLabel('Repeat the new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Password saved. Your other sessions have been signed out.').waitFor();
    await page.getByText('You have a password. E-mailed sign-in links keep working too.').waitFor();

    // Signed out, back in with the password.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
    await page.getByRole('heading', { name: 'Sign in with your password' }).waitFor();
    await checkWidths(page, 'portal-password-sign-in');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel(/^Password/).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').getByText('Wrong e-mail address or password.').waitFor();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Hello Petra Person' }).waitFor();

    // A change needs the current password: a wrong one is said at its field.
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Password' }).click();
    await page.getByLabel('Current password').fill('not the current one');
    await page.getByLabel(/^New password/).fill('Another password 2');
    await page.getByLabel('Repeat the new password').fill('Another password 2');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('This is not your current password.').waitFor();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Password saved. Your other sessions have been signed out.').waitFor();

    await page.getByRole('button', { name: 'Remove the password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your password?' });
    await dialog.waitFor();
    await checkAccessibility(page);
    await dialog.getByRole('button', { name: 'Remove the password' }).click();
    await page.getByText('Password removed.').waitFor();
    await expect(page.getByLabel('Current password').count()).resolves.toBe(0);
    expectNoPageErrors(page);
  });

  it('speaks the person’s language: Polish', async () => {
    const { page } = await signedInByLink('Zofia', 'pl');
    await page.getByRole('navigation').getByRole('link', { name: 'Hasło' }).click();
    await page.getByRole('heading', { name: 'Twoje hasło', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Zapisz hasło' }).waitFor();
    await checkWidths(page, 'portal-password-pl');
    expectNoPageErrors(page);
  });
});
