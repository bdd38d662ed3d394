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
import { acmeJob, demo, viewer, type Demo } from './job-work-fixture.js';

/**
 * Each outsourcing's place on the supplier portal, on the job page (docs/console.md#the-job-page):
 * its badge in the outsourcing table, and the "Portal" dialog that puts it on the portal, asks the
 * supplier for an answer and writes the instructions and checklist (PUT …/portal, docs/jobs.md#portal).
 * The supplier then answers through the portal's API, as their portal pages do, and the page shows it.
 */
describe.skipIf(skipReason)('an outsourcing on the supplier portal', () => {
  let world: ConsoleWorld;
  let d: Demo;
  let answeredJob = '';
  beforeAll(async () => {
    world = await startConsoleWorld();
    d = await demo(world);
  });
  afterAll(async () => world?.close());

  const section = (page: Page) => page.getByRole('region', { name: 'Outsourcing' });
  const row = (page: Page, supplier: string): Locator =>
    section(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${supplier}`) }) });
  const badge = (page: Page, supplier: string) => row(page, supplier).locator('[data-portal-state]');
  const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));

  /** A contact of the supplier signed in to the portal through their link: the cookie and CSRF token of the session. */
  async function portalSession(supplierId: string) {
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplierId}/contacts`, {
      fullName: 'Marie on the portal',
      email: 'marie.portal@dubois.example',
    });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplierId}/contacts/${contact.id}/portal-access`, {});
    const response = await fetch(`${world.baseUrl}/v2/portal/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: new URL(granted.link.url).hash.replace('#token=', '') }),
    });
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^td_portal=/);
    return async (method: string, path: string, body: unknown) => {
      const answer = await fetch(`${world.baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrfToken },
        body: JSON.stringify(body),
      });
      expect(answer.status, `${method} ${path}: ${await answer.clone().text()}`).toBe(200);
      return answer.json();
    };
  }

  it('puts an outsourcing on the portal with an offer and a checklist; shows the supplier’s answer and comments', async () => {
    const job = await acmeJob(world, d, 'Portal leaflet');
    answeredJob = job.id;
    const supplierId = d.supplier['Marie Dubois'];
    const outsourcingId = (await world.api('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: supplierId })).outsourcing[0].id as string;
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'Portal leaflet', level: 1 }).waitFor();
    expect(await badge(page, 'Marie Dubois').textContent()).toBe('Portal off');

    await row(page, 'Marie Dubois').getByRole('button', { name: 'Portal settings of the outsourcing to Marie Dubois' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supplier portal: Marie Dubois' });
    await dialog.getByText('No checklist.').waitFor();
    await dialog.getByRole('switch', { name: 'On the supplier portal' }).check();
    await dialog.getByRole('switch', { name: 'Ask the supplier to accept or refuse' }).check();
    await dialog.getByLabel('Instructions for the supplier').fill('Use the glossary.\nKeep the layout.');
    await dialog.getByRole('button', { name: 'Add an item' }).click();
    await dialog.getByRole('textbox', { name: 'Item 1', exact: true }).fill('Read the style guide');
    await dialog.getByRole('button', { name: 'Add an item' }).click();
    // An empty item is refused here, before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A name is needed (or remove the item).').waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-outsourcing-portal-dialog');
    await dialog.getByRole('button', { name: 'Remove item 2' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section(page).getByRole('status').filter({ hasText: 'Portal settings of Marie Dubois saved.' }).waitFor();

    const { portal } = (await world.api('GET', `/v2/jobs/${job.id}`)).outsourcing[0];
    expect(portal).toMatchObject({
      enabled: true,
      instructions: '<p>Use the glossary.</p><p>Keep the layout.</p>',
      checklist: [{ name: 'Read the style guide', done: false }],
      confirm: { enabled: true, status: 1, acceptedDate: null },
      uploadFileOnGroup: false,
    });
    await eventually(() => badge(page, 'Marie Dubois').textContent()).toBe('Portal: Offer pending');
    await checkAccessibility(page);
    await checkControlsVisible(page);

    // The supplier accepts on the portal, ticks the item and leaves a comment.
    const portalApi = await portalSession(supplierId);
    await portalApi('POST', `/v2/portal/work/${outsourcingId}/accept`, { comment: 'Happy to do it.' });
    await portalApi('PUT', `/v2/portal/work/${outsourcingId}/checklist/${portal.checklist[0].id}`, { done: true });
    await portalApi('PUT', `/v2/portal/work/${outsourcingId}/comments`, { comments: 'Delivering on Tuesday.' });

    await page.reload();
    await page.getByRole('heading', { name: 'Portal leaflet', level: 1 }).waitFor();
    await eventually(() => badge(page, 'Marie Dubois').textContent()).toBe('Portal: Accepted');
    await section(page).getByText('Marie Dubois, accepting: Happy to do it.').waitFor();
    await section(page).getByText('Comments of Marie Dubois: Delivering on Tuesday.').waitFor();
    // The outsourcing not started moved to in progress with the acceptance.
    await row(page, 'Marie Dubois').getByText('In progress').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'job-outsourcing-portal-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    await screenshot(page, 'job-outsourcing-portal-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The dialog shows the answer and the ticked item; renaming the item keeps it ticked.
    await row(page, 'Marie Dubois').getByRole('button', { name: 'Portal settings of the outsourcing to Marie Dubois' }).click();
    const again = page.getByRole('dialog', { name: 'Supplier portal: Marie Dubois' });
    await again.getByText(/^Accepted on /).waitFor();
    await again.getByText('Ticked by the supplier').waitFor();
    expect(await again.getByLabel('Instructions for the supplier').inputValue()).toBe('Use the glossary.\nKeep the layout.');
    await settled(page);
    await checkAccessibility(page);
    await checkTextNotCut(page);
    await screenshot(page, 'job-outsourcing-portal-answered');
    await again.getByRole('textbox', { name: 'Item 1', exact: true }).fill('Read the style guide (v2)');
    await again.getByRole('button', { name: 'Save' }).click();
    await again.waitFor({ state: 'detached' });
    const after = (await world.api('GET', `/v2/jobs/${job.id}`)).outsourcing[0].portal;
    expect(after.checklist).toEqual([{ id: portal.checklist[0].id, name: 'Read the style guide (v2)', done: true }]);
    expect(after.instructions).toBe(portal.instructions);
    expect(after.confirm).toMatchObject({ enabled: true, status: 2, comment: 'Happy to do it.' });
    expectNoPageErrors(page);
  });

  it('shows a viewer the portal badge and the supplier’s words, without the Portal button', async () => {
    const page = await world.signedInPage(`/jobs/${answeredJob}`, await viewer(world, 'viewer.portal@agency.example'));
    await page.getByRole('heading', { name: 'Portal leaflet', level: 1 }).waitFor();
    await eventually(() => badge(page, 'Marie Dubois').textContent()).toBe('Portal: Accepted');
    await section(page).getByText('Comments of Marie Dubois: Delivering on Tuesday.').waitFor();
    expect(await section(page).getByRole('button').count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });
});
