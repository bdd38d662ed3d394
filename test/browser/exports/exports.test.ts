import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/** The Exports page (docs/console.md#exports): a CSV download per listing, reached from the navigation. */
describe.skipIf(skipReason)('exports', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.api('POST', '/v2/clients', { name: 'Exported Client', currency: 'EUR' });
  });
  afterAll(async () => world?.close());

  it('links every listing to its CSV export, which downloads with the session', async () => {
    const page = await world.signedInPage('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Exports' }).click();
    await page.waitForURL((url) => url.pathname === '/exports');
    const link = page.getByRole('link', { name: 'Download Clients as CSV' });
    await expect(link.getAttribute('href')).resolves.toBe('/v2/clients?format=csv');
    await expect(page.getByRole('table', { name: 'CSV exports' }).getByRole('link').count()).resolves.toBe(11);
    const download = await page.request.get('/v2/clients?format=csv');
    expect(download.status()).toBe(200);
    expect(await download.text()).toContain('Exported Client');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'exports-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkControlsVisible(page);
    await screenshot(page, 'exports-1024');
    expectNoPageErrors(page);
  });
});
