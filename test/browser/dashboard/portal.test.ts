import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  checkTextNotCut,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

/**
 * The dashboard's supplier portal cards (docs/console.md#dashboard, docs/dashboard.md#the-supplier-portal):
 * "Offers waiting" and "Deliveries to check", with their empty states, then an offer sent and a
 * delivery marked done on the portal, each a link to its job; a viewer sees them too.
 */
describe.skipIf(skipReason)("the dashboard's supplier portal", () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  it('shows the offers waiting and the deliveries to check, each linking to its job', async () => {
    const page = await world.signedInPage('/');
    const portal = page.getByRole('region', { name: 'Supplier portal', exact: true });
    await card(page, 'Offers waiting').getByText('No offer is waiting for a supplier’s answer.').waitFor();
    await card(page, 'Deliveries to check').getByText('Nothing marked done is waiting for review.').waitFor();
    await checkAccessibility(page);

    const byName = (list: Array<{ id: string; name: string }>, name: string) => list.find((item) => item.name === name)!.id;
    const service = byName(await world.api('GET', '/v2/account/services'), 'Translation');
    const words = byName(await world.api('GET', '/v2/account/quantity-types'), 'Words');
    const client = (await world.api<{ id: string }>('POST', '/v2/clients', { name: 'Dashboard Portal Client' })).id;
    const supplier = (await world.api<{ id: string }>('POST', '/v2/suppliers', { name: 'Vera Translations', currency: 'EUR' })).id;
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplier}/contacts`, { fullName: 'Vera', email: 'vera@dash.example' });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplier}/contacts/${contact.id}/portal-access`, {});
    const signIn = await fetch(`${world.baseUrl}/v2/portal/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: new URL(granted.link.url).hash.replace('#token=', '') }),
    });
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const outsourced = async (name: string, portal: Record<string, unknown>) => {
      const job = await world.api<{ id: string }>('POST', '/v2/jobs', { name, client, service, quantityType: words, quantity: 100 });
      const made = await world.api<{ outsourcing: Array<{ id: string }> }>('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier });
      const id = made.outsourcing[0]!.id;
      await world.api('PUT', `/v2/jobs/${job.id}/outsourcing/${id}/portal`, portal);
      return { jobId: job.id, id };
    };
    const offer = await outsourced('Dashboard offer', { confirm: true });
    await world.api('POST', `/v2/jobs/${offer.jobId}/outsourcing/${offer.id}/portal/send`, {});
    const delivery = await outsourced('Dashboard delivery', { enabled: true });
    const done = await fetch(`${world.baseUrl}/v2/portal/work/${delivery.id}/done`, { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrfToken } });
    expect(done.status).toBe(200);

    await page.reload();
    const offers = card(page, 'Offers waiting');
    await offers.getByRole('link', { name: 'Dashboard offer' }).waitFor();
    expect(await offers.textContent()).toMatch(/Vera Translations · sent /);
    const deliveries = card(page, 'Deliveries to check');
    await deliveries.getByRole('link', { name: 'Dashboard delivery' }).waitFor();
    expect(await deliveries.textContent()).toMatch(/Vera Translations · done /);
    await portal.scrollIntoViewIfNeeded();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'dashboard-portal-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await portal.scrollIntoViewIfNeeded();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'dashboard-portal-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await deliveries.getByRole('link', { name: 'Dashboard delivery' }).click();
    await page.getByRole('heading', { name: 'Dashboard delivery', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/jobs/${delivery.jobId}`);
    expectNoPageErrors(page);

    const viewer = await world.signedInAs('viewer', '/');
    await card(viewer, 'Offers waiting').getByRole('link', { name: 'Dashboard offer' }).waitFor();
    await card(viewer, 'Deliveries to check').getByRole('link', { name: 'Dashboard delivery' }).waitFor();
    expectNoPageErrors(viewer);
  });
});
