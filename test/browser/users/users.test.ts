import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  eventually,
  expectNoPageErrors,
  OWNER,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

interface UserJson {
  id: string;
  name: string;
  email: string | null;
  role: string;
  status: string;
  lastLoginAt: string | null;
  invitation?: { url: string; emailed: boolean };
}

/** The row of the users table that shows `email`. */
const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/** The Mantine Select labelled `label` in `scope` (a textbox or a combobox, by Mantine's version). */
const selectField = (scope: Page | Locator, label: string) =>
  scope
    .getByRole('textbox', { name: label, exact: true })
    .or(scope.getByRole('combobox', { name: label, exact: true }))
    .first();

/** Opens the row's actions (a popover dialog), and answers it. */
const openActions = async (page: Page, name: string) => {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  const actions = page.getByRole('dialog', { name: `Actions for ${name}` });
  await actions.waitFor();
  return actions;
};

/** What the API answers this page's session: a write by cookie carries the session's CSRF token. */
const asSession = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const session = (await (await fetch('/v2/auth/session')).json()) as { csrfToken: string; writableAreas: string[] };
      const response = await fetch(path, {
        method,
        headers: { 'X-CSRF-Token': session.csrfToken, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as { code?: string; message?: string } | null,
        areas: session.writableAreas,
      };
    },
    { method, path, body },
  );

/** An invited user's link redeemed through the API (a user who can sign in, for the steps that need one). */
async function acceptedUser(world: ConsoleWorld, email: string, role: string, password: string): Promise<UserJson> {
  const user = await world.api<UserJson>('POST', '/v2/users', { email, role, name: email.split('@')[0] });
  const token = new URL(user.invitation!.url).hash.slice('#token='.length);
  const response = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  expect(response.status).toBe(200);
  return user;
}

describe.skipIf(skipReason)('users and roles', () => {
  let world: ConsoleWorld;
  let owner: Page;

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    owner = await world.signedInPage('/settings/users');
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  afterAll(async () => world?.close());

  it('a user invited as finance signs in with the link and gets only what finance may change; then their role changes and they are disabled', async () => {
    // The users: the owner, marked as the one signed in.
    await owner.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    const me = rowOf(owner, OWNER.email);
    await expect.poll(() => me.textContent()).toContain('Owner');
    await expect(me.textContent()).resolves.toContain('you');
    await expect(me.textContent()).resolves.toContain('Active');
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await screenshot(owner, 'users-list');

    // Invite: the e-mail is required, then the link is shown, with its copy button, not e-mailed (no SMTP here).
    await owner.getByRole('button', { name: 'Invite a user' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText('An e-mail address is needed to send an invitation.').waitFor();
    await dialog.getByLabel('E-mail').fill('fiona@agency.example');
    await selectField(dialog, 'Role').click();
    await owner.getByRole('option', { name: /^Finance/ }).click();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText('fiona@agency.example is invited as Finance.').waitFor();
    await dialog.getByText(/The link was not e-mailed/).waitFor();
    const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    // The link starts with PUBLIC_URL; this test server listens on a port of its own choosing (PORT=0).
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/accept-invitation#token=[A-Za-z0-9_-]{43}$/);
    const { pathname, hash } = new URL(link);
    await dialog.getByRole('button', { name: 'Copy the link' }).click();
    await dialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await screenshot(owner, 'users-invited-link');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await eventually(() => rowOf(owner, 'fiona@agency.example').textContent()).toContain('Invited');
    const stored = (await world.api<UserJson[]>('GET', '/v2/users')).find((user) => user.email === 'fiona@agency.example')!;
    expect(stored).toMatchObject({ role: 'finance', status: 'invited' });

    // The same address again: the API's refusal, in words, next to the form.
    await owner.getByRole('button', { name: 'Invite a user' }).click();
    await dialog.getByLabel('E-mail').fill('Fiona@Agency.example');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Another user already has this e-mail address' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The person opens the link in a browser of their own, gives a name and a password, and is signed in.
    const fiona = await world.newPage();
    await fiona.goto(pathname + hash);
    await fiona.getByLabel('Your name (optional)').fill('Fiona Finance');
    await fiona.getByLabel(/^New password( \*)?$/).fill('fiona password 1');
    await fiona.getByLabel(/^New password again/).fill('fiona password 1');
    await fiona.getByRole('button', { name: 'Accept and sign in' }).click();
    await fiona.waitForURL((url) => url.pathname === '/');
    const session = await asSession(fiona, 'GET', '/v2/users/me');
    expect(session.body).toMatchObject({ name: 'Fiona Finance', role: 'finance', status: 'active' });
    expect(session.areas.sort()).toEqual(['exchange-rates', 'invoices', 'own-access', 'quotes-and-orders']);

    // Finance: no "New job", a job page that only reads; the API refuses project work but takes invoice work.
    await fiona.goto('/jobs');
    await fiona.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    expect(await fiona.getByRole('button', { name: 'New job' }).count()).toBe(0);
    expect(await fiona.getByRole('link', { name: 'New job' }).count()).toBe(0);
    // Project work is refused before the body is read; invoice work gets as far as the body's checks.
    const refusedJob = await asSession(fiona, 'POST', '/v2/jobs', {});
    expect(refusedJob.status).toBe(403);
    expect(refusedJob.body?.message).toContain('finance');
    const invoiceWork = await asSession(fiona, 'POST', '/v2/invoices', {});
    expect(invoiceWork.status).not.toBe(403);
    expect(invoiceWork.status).toBe(400);

    // Finance reads the users, changes none of them.
    await fiona.goto('/settings/users');
    await fiona.getByText('Your role (Finance) can see the users but not change them').waitFor();
    expect(await fiona.getByRole('button', { name: 'Invite a user' }).count()).toBe(0);
    expect(await fiona.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    await checkAccessibility(fiona);
    await checkControlsVisible(fiona);
    await screenshot(fiona, 'users-read-only');

    // The owner sees Fiona active and signed in, and makes her a project manager.
    await owner.reload();
    const row = rowOf(owner, 'fiona@agency.example');
    await eventually(() => row.textContent()).toContain('Fiona Finance');
    await expect(row.textContent()).resolves.toContain('Active');
    await expect(row.textContent()).resolves.not.toContain('Never');
    await (await openActions(owner, 'Fiona Finance')).getByRole('button', { name: 'Change role…' }).click();
    const roleDialog = owner.getByRole('dialog', { name: 'Change the role of Fiona Finance' });
    await selectField(roleDialog, 'Role').click();
    await owner.getByRole('option', { name: /^Project manager/ }).click();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await eventually(() => row.textContent()).toContain('Project manager');
    expect((await world.api<UserJson>('GET', `/v2/users/${stored.id}`)).role).toBe('manager');
    await fiona.goto('/jobs');
    await fiona
      .getByRole('link', { name: 'New job' })
      .or(fiona.getByRole('button', { name: 'New job' }))
      .first()
      .waitFor();

    // Disabling asks first; then Fiona's session has ended: her next navigation leads to sign-in.
    await (await openActions(owner, 'Fiona Finance')).getByRole('button', { name: 'Disable…' }).click();
    const disableDialog = owner.getByRole('dialog', { name: 'Disable Fiona Finance?' });
    await disableDialog.getByText(/their sessions end and their API keys are revoked/).waitFor();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await screenshot(owner, 'users-disable-dialog');
    await disableDialog.getByRole('button', { name: 'Disable' }).click();
    await eventually(() => row.textContent()).toContain('Disabled');
    expect((await world.api<UserJson>('GET', `/v2/users/${stored.id}`)).status).toBe('disabled');
    await fiona.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click();
    await fiona.waitForURL((url) => url.pathname === '/sign-in');
    await fiona.getByText('Your session has ended').waitFor();
    expect((await fiona.request.get('/v2/auth/session')).status()).toBe(401);

    // Enabled again, she is active (she has a password); a reset link can be made for her.
    await (await openActions(owner, 'Fiona Finance')).getByRole('button', { name: 'Enable' }).click();
    await eventually(() => row.textContent()).toContain('Active');
    await (await openActions(owner, 'Fiona Finance')).getByRole('button', { name: 'Make a password-reset link' }).click();
    const resetDialog = owner.getByRole('dialog', { name: 'Password-reset link for Fiona Finance' });
    expect(await resetDialog.getByRole('textbox', { name: 'Password-reset link' }).inputValue()).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await resetDialog.getByRole('button', { name: 'Close' }).last().click();

    expectNoPageErrors(owner);
    expectNoPageErrors(fiona);
  }, 240_000);

  it('offers the owner rules as the API has them: no one disables themselves, the last owner stays, an admin touches no owner', async () => {
    // The owner about themselves: the last active owner cannot be demoted, nobody disables themselves.
    const ownerName = (await world.api<UserJson[]>('GET', '/v2/users')).find((user) => user.email === OWNER.email)!.name;
    await owner.goto('/settings/users');
    const mine = await openActions(owner, ownerName);
    const changeRole = mine.getByRole('button', { name: 'Change role…' });
    expect(await changeRole.isDisabled()).toBe(true);
    await expect(changeRole.getAttribute('aria-describedby').then((id) => owner.locator(`[id="${id}"]`).textContent())).resolves.toBe(
      'The last active owner: make another user owner first.',
    );
    const disable = mine.getByRole('button', { name: 'Disable…' });
    expect(await disable.isDisabled()).toBe(true);
    await mine.getByText('You cannot disable yourself: another owner or admin can.').waitFor();
    expect(await mine.getByRole('button', { name: 'Make a password-reset link' }).isEnabled()).toBe(true);
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await screenshot(owner, 'users-owner-actions');
    // Escape closes the actions and gives the focus back to their button.
    await owner.keyboard.press('Escape');
    await mine.waitFor({ state: 'hidden' });
    await eventually(() => owner.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Actions for ${ownerName}`);

    // An invited user gets a new link; the earlier one stops working.
    const victor = await world.api<UserJson>('POST', '/v2/users', { email: 'victor@agency.example', role: 'viewer' });
    await owner.reload();
    await (await openActions(owner, 'victor@agency.example')).getByRole('button', { name: 'Send a new invitation' }).click();
    const inviteDialog = owner.getByRole('dialog', { name: 'New invitation for victor@agency.example' });
    const fresh = await inviteDialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(fresh).not.toBe(victor.invitation!.url);
    await inviteDialog.getByText('Earlier links of this user no longer work.').waitFor();
    await inviteDialog.getByRole('button', { name: 'Close' }).last().click();
    const old = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: new URL(victor.invitation!.url).hash.slice(7), password: 'victor password 1' }),
    });
    expect(old.status).toBe(400);

    // An admin: every role but owner to give, nothing to do to the owner, and what the API says when tried anyway.
    await acceptedUser(world, 'ada@agency.example', 'admin', 'ada password 12');
    const ada = await world.signedInPage('/settings/users', { email: 'ada@agency.example', password: 'ada password 12' });
    const onOwner = await openActions(ada, ownerName);
    for (const item of ['Change role…', 'Disable…']) expect(await onOwner.getByRole('button', { name: item }).isDisabled()).toBe(true);
    expect(await onOwner.getByText('Only an owner can change an owner.').count()).toBe(2);
    expect(await onOwner.getByRole('button', { name: 'Make a password-reset link' }).count()).toBe(0);
    await ada.keyboard.press('Escape');
    await onOwner.waitFor({ state: 'hidden' });
    await ada.getByRole('button', { name: 'Invite a user' }).click();
    await selectField(ada.getByRole('dialog', { name: 'Invite a user' }), 'Role').click();
    // Each option: the role's name, and what it may do under it.
    const roles = await ada.getByRole('option').allInnerTexts();
    expect(roles.map((role) => role.split('\n')[0])).toEqual(['Administrator', 'Project manager', 'Finance', 'Viewer']);
    await ada.keyboard.press('Escape');
    await ada.keyboard.press('Escape');
    const ownerId = (await world.api<UserJson[]>('GET', '/v2/users')).find((user) => user.email === OWNER.email)!.id;
    const refused = await asSession(ada, 'PUT', `/v2/users/${ownerId}`, { disabled: true });
    expect(refused.status).toBe(403);

    // The admin changes their own password: the page says so, and the new one signs in.
    await ada.goto('/settings/users');
    await ada.getByRole('link', { name: 'Change your password' }).click();
    await ada.waitForURL((url) => url.pathname === '/settings/password');
    await ada.getByLabel('Current password').fill('ada password 12');
    await ada.getByLabel(/^New password( \*)?$/).fill('ada password 34');
    await ada.getByLabel(/^New password again/).fill('ada password 34');
    await ada.getByRole('button', { name: 'Change password' }).click();
    await ada.getByRole('status').filter({ hasText: 'Your password is changed' }).waitFor();
    await checkAccessibility(ada);
    await checkControlsVisible(ada);
    await screenshot(ada, 'users-own-password');
    const signIn = await fetch(`${world.baseUrl}/v2/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@agency.example', password: 'ada password 34' }),
    });
    expect(signIn.status).toBe(200);

    // At 1 024 × 768 the list stays usable.
    await owner.setViewportSize({ width: 1024, height: 768 });
    await owner.reload();
    await rowOf(owner, 'ada@agency.example').waitFor();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await screenshot(owner, 'users-list-1024');

    expectNoPageErrors(owner);
    expectNoPageErrors(ada);
  }, 240_000);
});
