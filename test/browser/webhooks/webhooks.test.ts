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

/** The Webhooks page (docs/console.md#webhooks): create (the secret shown once), edit, test, see deliveries, delete. */

describe.skipIf(skipReason)('webhooks', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    // A local receiver address is allowed only with private networks allowed (docs/webhooks.md).
    world = await startConsoleWorld({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  });
  afterAll(async () => world?.close());

  it('creates, edits, tests, lists the deliveries of and deletes an endpoint', async () => {
    const page = await world.signedInPage('/webhooks');
    await eventually(() => page.getByText('No webhook endpoint yet.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'New endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook endpoint' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await eventually(() => dialog.getByText('is required').isVisible()).toBe(true);
    await dialog.getByLabel('Address (https)').fill('http://127.0.0.1:9/hook');
    await dialog.getByLabel('Event types').fill('job.created, invoice.sent');
    await dialog.getByLabel('Description').fill('Accounting');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const secret = page.getByRole('dialog', { name: 'The signing secret' });
    await eventually(() => secret.innerText()).toMatch(/whsec_/);
    await secret.getByRole('button', { name: 'Close' }).last().click();

    const table = page.getByRole('table', { name: 'Webhook endpoints' });
    await eventually(() => table.getByRole('row').nth(1).innerText()).toContain('http://127.0.0.1:9/hook');
    await expect(table.getByRole('row').nth(1).innerText()).resolves.toContain('job.created, invoice.sent');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'webhooks-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkControlsVisible(page);
    await screenshot(page, 'webhooks-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    const actions = table.getByRole('button', { name: 'Actions for http://127.0.0.1:9/hook' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await edit.getByLabel('Event types').fill('*');
    await edit.getByRole('button', { name: 'Save' }).click();
    await eventually(() => table.getByRole('row').nth(1).innerText()).toContain('All events');

    await actions.click();
    await page.getByRole('menuitem', { name: 'Send a test event' }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'A test event is on its way.' }).count()).toBe(1);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries to http://127.0.0.1:9/hook' });
    await eventually(() => deliveries.innerText()).toContain('webhook.test');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'webhooks-deliveries-1280');
    await page.keyboard.press('Escape');

    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => page.getByText('No webhook endpoint yet.').isVisible()).toBe(true);
    expect((await world.api<{ totalItems: number }>('GET', '/v2/webhooks')).totalItems).toBe(0);
    expectNoPageErrors(page);
  });
});
