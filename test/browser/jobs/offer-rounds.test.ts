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
 * Offer rounds from the job page (docs/console.md#the-job-page, docs/supplier-portal.md#offer-rounds):
 * the owner offers the job to two suppliers at once, sees both offers pending, one supplier accepts
 * on the portal (its API, signed in with the link of its portal access); a round awarded to the
 * first shows the other offer withdrawn; a round where the owner chooses is awarded with "Award".
 * The dialog's own checks and the API's 409 (a supplier nobody of whom can open the portal).
 */
describe.skipIf(skipReason)('offer rounds on the job page', () => {
  let world: ConsoleWorld;
  let d: Demo;
  /** Two suppliers with the job's language pair, a price for Translation in words, and a portal person each (their portal API). */
  const people: Record<string, { id: string; portal: (method: string, path: string, body: unknown) => Promise<any> }> = {};
  let nobody: string;

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

  beforeAll(async () => {
    world = await startConsoleWorld();
    d = await demo(world);
    for (const [name, price] of [
      ['Offer Alpha', 0.07],
      ['Offer Beta', 0.09],
    ] as const) {
      const { id } = await world.api('POST', '/v2/suppliers', { name, languagePairs: [d.enFr] });
      await world.api('POST', `/v2/suppliers/${id}/services`, {
        service: d.translation,
        quantityType: d.words,
        unitCost: price,
        currency: 'EUR',
        matchesType: 'fixed',
      });
      people[name] = { id, portal: await portalPerson(id, `${name.replace(' ', '.').toLowerCase()}@suppliers.example`) };
    }
    nobody = (await world.api('POST', '/v2/suppliers', { name: 'Offer Gamma' })).id;
  });
  afterAll(async () => world?.close());

  const section = (page: Page) => page.getByRole('region', { name: 'Outsourcing' });
  const rounds = (page: Page) => page.getByRole('region', { name: 'Offer rounds' });
  const round = (page: Page, n: number) => rounds(page).getByRole('article').nth(n);
  const offerRow = (card: Locator, supplier: string) => card.getByRole('row').filter({ has: card.page().getByRole('rowheader', { name: supplier }) });
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Offer this job to several suppliers' });
  const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const status = (page: Page, text: string) => section(page).getByRole('status').filter({ hasText: text }).waitFor();

  async function pictures(page: Page, name: string) {
    await settled(page);
    await screenshot(page, `${name}-1280`);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await settled(page);
    await screenshot(page, `${name}-1024`);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  /** Opens the dialog, chooses Alpha and Beta among the candidates, the award mode, and sends. */
  async function offer(page: Page, award: 'first' | 'choose') {
    await section(page).getByRole('button', { name: 'Offer to several suppliers' }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Choose Offer Alpha' }).click();
    await form.getByRole('button', { name: 'Choose Offer Beta' }).click();
    if (award === 'choose') await form.getByRole('radio', { name: 'I choose among those who accept' }).check();
    await form.getByRole('button', { name: 'Send the offers' }).click();
    await form.waitFor({ state: 'detached' });
    await status(page, 'Offered to 2 suppliers.');
  }

  const roundsOf = (jobId: string) => world.api<any[]>('GET', `/v2/jobs/${jobId}/outsourcing/offers`);
  const offerOf = (r: any, supplier: string) => r.offers.find((one: any) => one.supplier.name === supplier).outsourcingId as string;

  it('checks the dialog, shows the 409 of a supplier without portal access, offers to two, and the first to accept gets the work', async () => {
    const job = await acmeJob(world, d, 'Round leaflet');
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'Round leaflet', level: 1 }).waitFor();
    expect(await rounds(page).count()).toBe(0);

    // Nothing chosen, an expiry in the past: said at their fields, nothing sent.
    await section(page).getByRole('button', { name: 'Offer to several suppliers' }).click();
    const form = dialog(page);
    await form.getByRole('region', { name: 'Suggested for this job' }).getByRole('row').nth(2).waitFor();
    const expiry = form.getByLabel(/Answer before/);
    const tomorrow = await expiry.inputValue();
    expect(Date.parse(tomorrow) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    await expiry.fill('2020-01-01T10:00');
    await form.getByRole('button', { name: 'Send the offers' }).click();
    await form.getByText('Choose at least one supplier.').waitFor();
    await form.getByText('Give a moment in the future.').waitFor();
    await checkAccessibility(page);
    await expiry.fill(tomorrow);

    // Offer Gamma (found by searching: not a candidate) has nobody on the portal: the API's 409, named.
    await form.getByRole('button', { name: 'Choose Offer Alpha' }).click();
    await form.getByRole('combobox', { name: /^Suppliers/ }).fill('Gamma');
    await page.getByRole('option', { name: 'Offer Gamma' }).click();
    await form.getByRole('button', { name: 'Send the offers' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: /Nobody of the supplier Offer Gamma .*portal access/ })
      .waitFor();
    await pictures(page, 'job-offer-round-dialog-409');
    expect(await roundsOf(job.id)).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    await offer(page, 'first');
    const card = round(page, 0);
    await card.getByText('Open', { exact: true }).waitFor();
    await card.getByText(/^First to accept · Answers until /).waitFor();
    await eventually(() => offerRow(card, 'Offer Alpha').getByRole('cell').first().textContent()).toBe('Pending');
    await eventually(() => offerRow(card, 'Offer Beta').getByRole('cell').first().textContent()).toBe('Pending');
    expect(await card.getByRole('button', { name: /Award/ }).count()).toBe(0);
    await card.getByRole('button', { name: 'Withdraw the round' }).waitFor();
    // One outsourcing each in the list, and their offers in the round.
    expect(
      await section(page)
        .getByRole('rowheader', { name: /^Offer (Alpha|Beta)/ })
        .count(),
    ).toBe(4);
    await pictures(page, 'job-offer-rounds-open');

    // Beta accepts on the portal: the first to accept gets the work, Alpha's offer is withdrawn.
    const [made] = await roundsOf(job.id);
    await people['Offer Beta']!.portal('POST', `/v2/portal/work/${offerOf(made, 'Offer Beta')}/accept`, { comment: 'Happy to.' });
    await page.reload();
    await round(page, 0).getByText('Awarded', { exact: true }).first().waitFor();
    await eventually(() => offerRow(round(page, 0), 'Offer Beta').getByRole('cell').first().textContent()).toMatch(/^Awarded · Accepted on .*“Happy to\.”$/);
    await eventually(() => offerRow(round(page, 0), 'Offer Alpha').getByRole('cell').first().textContent()).toBe('Withdrawn');
    expect(await round(page, 0).getByRole('button').count()).toBe(0);
    await pictures(page, 'job-offer-rounds-awarded-first');
    await checkTextNotCut(page);
    expectNoPageErrors(page);
  });

  it('a round where the owner chooses: Award on the accepted offer, confirmed; a viewer sees the rounds without buttons', async () => {
    const job = await acmeJob(world, d, 'Round brochure');
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await page.getByRole('heading', { name: 'Round brochure', level: 1 }).waitFor();
    await offer(page, 'choose');
    await round(page, 0)
      .getByText(/^You choose · Answers until /)
      .waitFor();

    const [made] = await roundsOf(job.id);
    await people['Offer Alpha']!.portal('POST', `/v2/portal/work/${offerOf(made, 'Offer Alpha')}/accept`, {});
    await page.reload();
    const card = round(page, 0);
    await eventually(() => offerRow(card, 'Offer Alpha').getByRole('cell').first().textContent()).toMatch(/^Accepted on /);
    await eventually(() => offerRow(card, 'Offer Beta').getByRole('cell').first().textContent()).toBe('Pending');
    // Accepting does not award: the round is still open, "Award" only on the accepted offer.
    await card.getByText('Open', { exact: true }).waitFor();
    expect(await offerRow(card, 'Offer Beta').getByRole('button').count()).toBe(0);
    await pictures(page, 'job-offer-rounds-choose');

    await offerRow(card, 'Offer Alpha').getByRole('button', { name: 'Award the work to Offer Alpha' }).click();
    const confirm = page.getByRole('dialog', { name: 'Award the work' });
    await confirm.getByText('Give the work to Offer Alpha?', { exact: false }).waitFor();
    await settled(page);
    await checkAccessibility(page);
    await screenshot(page, 'job-offer-rounds-award-confirm');
    await confirm.getByRole('button', { name: 'Award to Offer Alpha' }).click();
    await confirm.waitFor({ state: 'detached' });
    await status(page, 'The work is given to Offer Alpha.');
    await card.getByText('Awarded', { exact: true }).first().waitFor();
    await eventually(() => offerRow(card, 'Offer Beta').getByRole('cell').first().textContent()).toBe('Withdrawn');
    const [awarded] = await roundsOf(job.id);
    expect(awarded).toMatchObject({ state: 'awarded', awardedOutsourcingId: offerOf(made, 'Offer Alpha') });
    // The job was read again: Beta's outsourcing shows cancelled in the list above.
    const jobNow = await world.api('GET', `/v2/jobs/${job.id}`);
    expect(jobNow.outsourcing.find((item: any) => item.supplier.name === 'Offer Beta').status).toBe(5);
    await section(page).getByRole('row').filter({ hasText: 'Offer Beta' }).getByText('Cancelled').first().waitFor();
    expectNoPageErrors(page);

    // A third round, withdrawn by the owner after a confirmation.
    await offer(page, 'first');
    const third = round(page, 1);
    await third.getByRole('button', { name: 'Withdraw the round' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw the round' });
    await withdraw.getByRole('button', { name: 'Withdraw the offers' }).click();
    await withdraw.waitFor({ state: 'detached' });
    await status(page, 'The offer round is withdrawn.');
    await third.getByText('Withdrawn', { exact: true }).first().waitFor();
    expect((await roundsOf(job.id))[1].state).toBe('withdrawn');

    // A viewer: the rounds, no button.
    const seen = await world.signedInPage(`/jobs/${job.id}`, await viewer(world, 'viewer.rounds@agency.example'));
    await seen.getByRole('heading', { name: 'Round brochure', level: 1 }).waitFor();
    await round(seen, 1).waitFor();
    expect(await rounds(seen).getByRole('button').count()).toBe(0);
    expect(await section(seen).getByRole('button', { name: 'Offer to several suppliers' }).count()).toBe(0);
    await checkAccessibility(seen);
    expectNoPageErrors(seen);
    expect(nobody).toBeTruthy();
  });
});
