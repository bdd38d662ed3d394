import type { Page } from 'playwright-core';
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

interface KeyJson {
  id: string;
  name: string;
  prefix: string;
  scope: string;
  user: { id: string; name: string };
}

const VIEWER = { email: 'vera@agency.example', password: 'vera password 1' };

/** The keys table's row named `name`. */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** The API with a key of the test's own (a program, not the browser). */
const withKey = (world: ConsoleWorld, key: string, method: string, path: string, body?: unknown) =>
  fetch(`${world.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe.skipIf(skipReason)('API keys', () => {
  let world: ConsoleWorld;
  let owner: Page;

  beforeAll(async () => {
    world = await startConsoleWorld();
    // A viewer who can sign in: invited, and the invitation accepted.
    const vera = await world.api<{ invitation: { url: string } }>('POST', '/v2/users', { email: VIEWER.email, role: 'viewer', name: 'Vera Viewer' });
    const token = new URL(vera.invitation.url).hash.slice('#token='.length);
    const accepted = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password: VIEWER.password }),
    });
    expect(accepted.status).toBe(200);
    owner = await world.signedInPage('/settings/api-keys');
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  afterAll(async () => world?.close());

  it('the owner makes a read key, sees its secret once, uses it, and revokes it', async () => {
    await owner.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await owner.getByText('You see every key of the account').waitFor();
    // The first start's key is there (the one the test world uses).
    const existing = await world.api<KeyJson[]>('GET', '/v2/api-keys');
    await eventually(() => owner.getByRole('table', { name: 'API keys' }).textContent()).toContain(existing[0]!.prefix);
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await screenshot(owner, 'api-keys-list');

    // A name is required; the key is made for the owner, read only.
    await owner.getByRole('button', { name: 'New API key' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Give the key a name.').waitFor();
    await dialog.getByLabel('Name').fill('Reporting export');
    await dialog.getByRole('radio', { name: 'Read', exact: true }).check();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    // The secret, once, with a copy button and the warning.
    const secretDialog = owner.getByRole('dialog', { name: 'Your new API key' });
    const field = secretDialog.getByRole('textbox', { name: 'API key “Reporting export”' });
    const secret = await field.inputValue();
    expect(secret).toMatch(/^td_[A-Za-z0-9_-]{43}$/);
    await secretDialog.getByText('Copy it now: you will not see it again.').waitFor();
    await secretDialog.getByRole('button', { name: 'Copy the key' }).click();
    await secretDialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await screenshot(owner, 'api-keys-secret');
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await secretDialog.waitFor({ state: 'hidden' });

    // Listed (read, the owner's), stored as asked, and its secret shown nowhere any more.
    const row = rowOf(owner, 'Reporting export');
    await eventually(() => row.textContent()).toContain('Read');
    await expect(row.textContent()).resolves.toContain(secret.slice(0, 8));
    await expect(row.textContent()).resolves.toContain('Never');
    const stored = (await world.api<KeyJson[]>('GET', '/v2/api-keys')).find((key) => key.name === 'Reporting export')!;
    expect(stored).toMatchObject({ scope: 'read', prefix: secret.slice(0, 8) });
    await owner.reload();
    await row.waitFor();
    expect(await owner.content()).not.toContain(secret);

    // A program uses it: it reads, it may not write.
    const jobs = await withKey(world, secret, 'GET', '/v2/jobs');
    expect(jobs.status).toBe(200);
    expect(await jobs.json()).toHaveProperty('items');
    const write = await withKey(world, secret, 'POST', '/v2/groups', { name: 'By a read key' });
    expect(write.status).toBe(403);
    await owner.reload();
    await eventually(async () => {
      await owner.reload();
      return rowOf(owner, 'Reporting export').textContent();
    }).not.toContain('Never');

    // Revoking asks first; then the key is gone from the list and the API refuses it.
    await owner.getByRole('button', { name: 'Revoke Reporting export' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Revoke the key “Reporting export”?' });
    await confirm.getByText(`Programs using the key starting with ${secret.slice(0, 8)} stop working`).waitFor();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await eventually(() => rowOf(owner, 'Reporting export').count()).toBe(0);
    expect((await withKey(world, secret, 'GET', '/v2/jobs')).status).toBe(401);
    expect((await world.api<KeyJson[]>('GET', '/v2/api-keys')).some((key) => key.id === stored.id)).toBe(false);
    expectNoPageErrors(owner);
  }, 240_000);

  it('a viewer manages only their own keys, which only read; the owner sees them and narrows the list to one user', async () => {
    const vera = await world.signedInPage('/settings/api-keys', VIEWER);
    await vera.getByText('You see your own keys.').waitFor();
    await vera.getByText('Your role (Viewer) only reads').waitFor();
    await vera.getByText('No API keys yet.').waitFor();
    await vera.getByRole('button', { name: 'New API key' }).click();
    const dialog = vera.getByRole('dialog', { name: 'New API key' });
    // No choice of user for a viewer: the key is theirs.
    expect(await dialog.getByLabel('Acts as').count()).toBe(0);
    await dialog.getByLabel('Name').fill('Vera script');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = await vera.getByRole('dialog', { name: 'Your new API key' }).getByRole('textbox').inputValue();
    await vera.getByRole('button', { name: 'I have copied it' }).click();
    const row = rowOf(vera, 'Vera script');
    await eventually(() => row.textContent()).toContain('Read and write');
    await expect(row.textContent()).resolves.toContain('Vera Viewer');
    // Only her key: not the owner's.
    expect(await vera.getByRole('table', { name: 'API keys' }).getByRole('row').count()).toBe(2);
    await checkAccessibility(vera);
    await checkControlsVisible(vera);
    await screenshot(vera, 'api-keys-viewer');
    // A write key of a viewer still cannot write: the role limits it.
    expect((await withKey(world, secret, 'GET', '/v2/clients')).status).toBe(200);
    expect((await withKey(world, secret, 'POST', '/v2/groups', { name: 'By a viewer' })).status).toBe(403);

    // The owner sees Vera's key among all, narrows the list to her with the address, and may make keys for another user.
    await owner.goto('/settings/api-keys');
    await eventually(() => rowOf(owner, 'Vera script').textContent()).toContain('Vera Viewer');
    const veraId = (await world.api<{ id: string; email: string }[]>('GET', '/v2/users')).find((user) => user.email === VIEWER.email)!.id;
    await owner.goto(`/settings/api-keys?user=${veraId}`);
    await eventually(() => owner.getByRole('table', { name: 'API keys' }).getByRole('row').count()).toBe(2);
    await rowOf(owner, 'Vera script').waitFor();
    await owner.getByRole('button', { name: 'New API key' }).click();
    await owner.getByRole('dialog', { name: 'New API key' }).getByText('The key may do what this user’s role allows.').waitFor();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await owner.keyboard.press('Escape');

    // At 1 024 × 768 the list stays usable: the scope and the key's first characters whole.
    await owner.setViewportSize({ width: 1024, height: 768 });
    await owner.goto('/settings/api-keys');
    await rowOf(owner, 'Vera script').waitFor();
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    await checkTextNotCut(owner);
    await screenshot(owner, 'api-keys-1024');
    expectNoPageErrors(owner);
    expectNoPageErrors(vera);
  }, 240_000);
});
