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
import { acmeJob, demo, type Demo } from './job-work-fixture.js';

/**
 * The agency's hand on the supplier portal, from the job page's "Portal" dialog
 * (docs/console.md#the-job-page, docs/supplier-portal.md#the-agencys-hand): sending the work,
 * withdrawing an offer, accepting and refusing it for the supplier, each clicked for real and read
 * back through the API; the API's refusal shown as it says it; the checklist saved without
 * unticking what the supplier ticked while the dialog was open.
 */
describe.skipIf(skipReason)("the agency's hand on the supplier portal", () => {
  let world: ConsoleWorld;
  let d: Demo;
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
  const openDialog = async (page: Page, supplier: string) => {
    await row(page, supplier)
      .getByRole('button', { name: `Portal settings of the outsourcing to ${supplier}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Supplier portal: ${supplier}` });
    await dialog.getByRole('group', { name: 'Portal actions' }).waitFor();
    await settled(page);
    return dialog;
  };
  const status = (page: Page, text: string) => section(page).getByRole('status').filter({ hasText: text }).waitFor();

  /** A contact of the supplier given portal access and signed in: a caller of the portal's API with their session. */
  async function portalPerson(supplierId: string, email: string) {
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplierId}/contacts`, { fullName: 'On the portal', email });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplierId}/contacts/${contact.id}/portal-access`, {});
    const response = await fetch(`${world.baseUrl}/v2/portal/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: new URL(granted.link.url).hash.replace('#token=', '') }),
    });
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
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

  async function outsourced(name: string, supplier: keyof Demo['supplier'], portal: Record<string, unknown>) {
    const job = await acmeJob(world, d, name);
    const id = (await world.api('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: d.supplier[supplier] })).outsourcing[0].id as string;
    if (Object.keys(portal).length > 0) await world.api('PUT', `/v2/jobs/${job.id}/outsourcing/${id}/portal`, portal);
    const read = async () => (await world.api('GET', `/v2/jobs/${job.id}`)).outsourcing[0].portal;
    return { jobId: job.id as string, id, read };
  }

  it('sends to the portal, withdraws the offer, sends again and accepts for the supplier', async () => {
    await portalPerson(d.supplier['Marie Dubois'], 'marie.hand@dubois.example');
    const work = await outsourced('Hand leaflet', 'Marie Dubois', { confirm: true });
    const page = await world.signedInPage(`/jobs/${work.jobId}`);
    await page.getByRole('heading', { name: 'Hand leaflet', level: 1 }).waitFor();

    // Not on the portal yet, an answer asked: "Send to the portal", and the offer's actions (pending).
    let dialog = await openDialog(page, 'Marie Dubois');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-portal-actions-pending');
    await dialog.getByRole('button', { name: 'Send to the portal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await status(page, 'Sent to the portal of Marie Dubois.');
    await eventually(() => badge(page, 'Marie Dubois').textContent()).toBe('Portal: Offer pending');
    expect(await work.read()).toMatchObject({ enabled: true, sentDate: expect.any(String), confirm: { status: 1 } });

    // Withdrawing asks first; "Back" changes nothing.
    dialog = await openDialog(page, 'Marie Dubois');
    await dialog.getByText(/^Sent to the portal on /).waitFor();
    await dialog.getByRole('button', { name: 'Withdraw the offer' }).click();
    await dialog.getByText('Withdraw the offer to Marie Dubois? The work leaves the portal and no answer is asked any more.').waitFor();
    await checkAccessibility(page);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Withdraw the offer' }).click();
    await dialog.getByRole('button', { name: 'Withdraw the offer' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await status(page, 'The offer to Marie Dubois is withdrawn.');
    await eventually(() => badge(page, 'Marie Dubois').textContent()).toBe('Portal off');
    expect(await work.read()).toMatchObject({ enabled: false, confirm: { enabled: false, status: null } });

    // No offer pending: only sending is offered. Asked again and sent again, then accepted for them.
    await world.api('PUT', `/v2/jobs/${work.jobId}/outsourcing/${work.id}/portal`, { confirm: true });
    await page.reload();
    dialog = await openDialog(page, 'Marie Dubois');
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await dialog.waitFor({ state: 'detached' });
    dialog = await openDialog(page, 'Marie Dubois');
    await dialog.getByRole('button', { name: 'Accept for the supplier' }).click();
    await dialog.getByLabel('Comment (optional)').fill('Said yes on the phone.');
    await checkAccessibility(page);
    await screenshot(page, 'job-portal-actions-accept');
    await dialog.getByRole('button', { name: 'Accept for Marie Dubois' }).click();
    await dialog.waitFor({ state: 'detached' });
    await status(page, 'Accepted for Marie Dubois.');
    await eventually(() => badge(page, 'Marie Dubois').textContent()).toBe('Portal: Accepted');
    await section(page).getByText('Marie Dubois, accepting: Said yes on the phone.').waitFor();
    expect(await work.read()).toMatchObject({ confirm: { status: 2, comment: 'Said yes on the phone.', acceptedDate: expect.any(String) } });

    // Answered: neither withdrawing nor answering is offered any more.
    dialog = await openDialog(page, 'Marie Dubois');
    expect(await dialog.getByRole('button', { name: /Withdraw|Accept for|Refuse for/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await checkTextNotCut(page);
    expectNoPageErrors(page);
  });

  it('refuses for the supplier with their reason, and shows the API’s refusal of a sending', async () => {
    const work = await outsourced('Hand brochure', 'Hans Müller', { enabled: true, confirm: true });
    const page = await world.signedInPage(`/jobs/${work.jobId}`);
    await page.getByRole('heading', { name: 'Hand brochure', level: 1 }).waitFor();

    // None of Hans Müller's people has portal access: the API refuses the sending (409) and says why.
    const dialog = await openDialog(page, 'Hans Müller');
    await dialog.getByRole('button', { name: 'Send to the portal' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /portal access/ })
      .waitFor();
    await checkAccessibility(page);
    await screenshot(page, 'job-portal-actions-refused-send');
    expect((await work.read()).sentDate).toBeNull();

    // Refusing asks their reason, required.
    await dialog.getByRole('button', { name: 'Refuse for the supplier' }).click();
    await dialog.getByRole('button', { name: 'Refuse for Hans Müller' }).click();
    await dialog.getByText('Say why they refuse.').waitFor();
    await checkAccessibility(page);
    await dialog.getByLabel(/Their reason/).fill('Booked until March.');
    await dialog.getByRole('button', { name: 'Refuse for Hans Müller' }).click();
    await dialog.waitFor({ state: 'detached' });
    await status(page, 'Refused for Hans Müller.');
    await eventually(() => badge(page, 'Hans Müller').textContent()).toBe('Portal: Refused');
    await section(page).getByText('Hans Müller, refusing: Booked until March.').waitFor();
    expect(await work.read()).toMatchObject({ confirm: { status: 3, comment: 'Booked until March.' } });
    expectNoPageErrors(page);
  });

  it('holds the actions while the settings have changes, and saves the checklist without unticking what the supplier ticked meanwhile', async () => {
    const tick = await portalPerson(d.supplier['Lingo Partners BV'], 'lingo.hand@lingo.example');
    const work = await outsourced('Hand website', 'Lingo Partners BV', { enabled: true, checklist: [{ name: 'Translate' }, { name: 'Proofread' }] });
    const page = await world.signedInPage(`/jobs/${work.jobId}`);
    await page.getByRole('heading', { name: 'Hand website', level: 1 }).waitFor();
    const dialog = await openDialog(page, 'Lingo Partners BV');
    await dialog.getByRole('textbox', { name: 'Item 2', exact: true }).fill('Proofread twice');
    await dialog.getByText('Save or cancel your changes to the settings first.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send to the portal' }).isDisabled()).toBe(true);
    await checkAccessibility(page);

    // The supplier ticks the first item while the dialog is open; saving the rename keeps the tick.
    const before = await work.read();
    await tick('PUT', `/v2/portal/work/${work.id}/checklist/${before.checklist[0].id}`, { done: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await work.read()).checklist).toEqual([
      { id: before.checklist[0].id, name: 'Translate', done: true },
      { id: before.checklist[1].id, name: 'Proofread twice', done: false },
    ]);
    expectNoPageErrors(page);
  });
});
