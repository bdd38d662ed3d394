import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMailServer, type MailServer } from '../../mail-server.js';
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

/**
 * A forgotten password from the sign-in page (docs/console.md#signing-in): "Forgot password?" asks
 * for the e-mail, the reset link arrives by e-mail, and its page sets the new password.
 */
async function pictures(page: Page, name: string) {
  await checkAccessibility(page);
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await checkControlsVisible(page);
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(skipReason)('a forgotten password', () => {
  let mail: MailServer;
  let world: ConsoleWorld;
  beforeAll(async () => {
    mail = await startMailServer();
    world = await startConsoleWorld({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>' });
  });
  afterAll(async () => {
    await world?.close();
    await mail?.close();
  });

  it('asks for a link from the sign-in page, and the link sets the new password', async () => {
    const page = await world.newPage();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');

    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Give an e-mail address').waitFor();
    await pictures(page, 'forgot-password');

    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain(`If ${OWNER.email} signs in here, a link`);
    await pictures(page, 'forgot-password-sent');

    const message = (await mail.waitFor(1))[0]!;
    expect(message.recipients).toEqual([OWNER.email]);
    const link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(message.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    const target = new URL(link!);
    await page.goto(target.pathname + target.hash);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password \*?$/).fill('a new password 22');
    await page.getByLabel('New password again').fill('a new password 22');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password is changed').waitFor();

    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill('a new password 22');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expectNoPageErrors(page);
  });

  it('answers an unknown address as a known one, and leads back to sign-in', async () => {
    const page = await world.newPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody@agency.example');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('If nobody@agency.example signs in here');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Transdesk' }).waitFor();
    expectNoPageErrors(page);
  });
});
