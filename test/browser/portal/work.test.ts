import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, expectNoPageErrors, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { checkWidths, PHONE } from './widths.js';

interface Outsourced {
  jobId: string;
  id: string;
}

/**
 * The supplier's work pages (docs/console.md#portal-pages): the home page lists the offers, the
 * work in progress and (folded) what is done or closed; a work page accepts or refuses an offer,
 * ticks the checklist, saves comments and marks work done, and the agency's API sees each answer.
 * Work of another supplier is a page not found. At 390 and 1 280 px, in English, French and
 * German: axe, no sideways scroll, every control in sight, no text cut.
 */
describe.skipIf(skipReason)("the supplier's work on the portal", () => {
  let world: ConsoleWorld;
  let refs: { service: string; words: string; pair: string; client: string; match100: string; noMatch: string };

  beforeAll(async () => {
    world = await startConsoleWorld();
    const byName = (list: Array<{ id: string; name: string }>, name: string) => list.find((item) => item.name === name)!.id;
    const pairs = await world.api<Array<{ id: string; source?: { code: string }; target: { code: string } }>>('GET', '/v2/account/language-pairs');
    const enFr: { id: string } =
      pairs.find((pair) => pair.source?.code === 'en' && pair.target.code === 'fr') ??
      (await world.api('POST', '/v2/account/language-pairs', { source: 'en', target: 'fr' }));
    const matches = await world.api('GET', '/v2/account/matches');
    refs = {
      service: byName(await world.api('GET', '/v2/account/services'), 'Translation'),
      words: byName(await world.api('GET', '/v2/account/quantity-types'), 'Words'),
      pair: enFr.id,
      client: (await world.api<{ id: string }>('POST', '/v2/clients', { name: 'Portal Work Client' })).id,
      match100: byName(matches, '100%'),
      noMatch: byName(matches, 'No match'),
    };
  });
  afterAll(async () => {
    await world?.close();
  });

  /** A supplier (its price: 0.08 a word, 100 % matches at 0.02) and its contact's sign-in link. */
  async function supplier(name: string) {
    const made = await world.api<{ id: string }>('POST', '/v2/suppliers', { name: `${name} Translations`, currency: 'EUR' });
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${made.id}/contacts`, {
      fullName: `${name} Person`,
      email: `${name.toLowerCase()}@work.example`,
    });
    const price = await world.api<{ id: string }>('POST', `/v2/suppliers/${made.id}/services`, {
      service: refs.service,
      quantityType: refs.words,
      unitCost: 0.08,
      currency: 'EUR',
      matchesType: 'fixed',
    });
    await world.api('POST', `/v2/suppliers/${made.id}/services/${price.id}/match`, { match: refs.match100, unitCost: 0.02 });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${made.id}/contacts/${contact.id}/portal-access`, {});
    const url = new URL(granted.link.url);
    return { id: made.id, link: url.pathname + url.hash, person: `${name} Person` };
  }

  /** A job of 1 000 words (600 at 100 %) outsourced to the supplier and put on the portal. */
  async function work(supplierId: string, name: string, dueDate: string, portal: Record<string, unknown>): Promise<Outsourced> {
    const job = await world.api<{ id: string }>('POST', '/v2/jobs', {
      name,
      client: refs.client,
      service: refs.service,
      quantityType: refs.words,
      quantity: 1000,
      languagePair: refs.pair,
      dueDate,
    });
    await world.api('PUT', `/v2/jobs/${job.id}/price`, {
      matches: [
        { id: refs.match100, value: 600 },
        { id: refs.noMatch, value: 400 },
      ],
    });
    const created = await world.api<{ outsourcing: Array<{ id: string }> }>('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: supplierId });
    const id = created.outsourcing.at(-1)!.id;
    await world.api('PUT', `/v2/jobs/${job.id}/outsourcing/${id}/portal`, { enabled: true, ...portal });
    return { jobId: job.id, id };
  }

  /** The outsourcing's portal part as the agency reads it. */
  async function agencyPortal(work: Outsourced): Promise<any> {
    const job = await world.api<{ outsourcing: Array<{ id: string; portal: unknown }> }>('GET', `/v2/jobs/${work.jobId}`);
    return job.outsourcing.find((item) => item.id === work.id)!.portal;
  }

  async function scene(name: string) {
    const s = await supplier(name);
    const offer = await work(s.id, `Brochure for ${name}`, '2030-03-01T12:00:00Z', {
      confirm: true,
      instructions: '<p>Use the <strong>glossary</strong> and <a href="https://example.com/style">the style guide</a>.</p><ul><li>British spelling</li></ul>',
      checklist: [{ name: 'Read the brief' }, { name: 'Run the QA check' }],
    });
    const open = await work(s.id, `Website for ${name}`, '2024-01-15T17:00:00Z', { confirm: false, checklist: [{ name: 'Check the links' }] });
    const second = await work(s.id, `Leaflet for ${name}`, '2030-04-01T12:00:00Z', { confirm: true });
    const page = await world.newPage(PHONE);
    await page.goto(s.link);
    await page.getByRole('heading', { name: `Hello ${s.person}` }).waitFor();
    return { ...s, offer, open, second, page };
  }

  const section = (page: Page, title: string) => page.getByRole('region', { name: title });

  it('lists the work, accepts an offer, ticks, comments, marks it done and refuses another offer', async () => {
    const { page, offer, open, second } = await scene('Apex');
    const offers = section(page, 'Offers waiting for your answer');
    await offers.getByRole('link', { name: 'Brochure for Apex' }).waitFor();
    await offers.getByRole('link', { name: 'Leaflet for Apex' }).waitFor();
    const yours = section(page, 'Your work');
    await yours.getByRole('link', { name: 'Website for Apex' }).waitFor();
    // The card: service and languages, the due date (past: overdue), weighted quantity, total in euros.
    const card = yours.getByRole('listitem');
    await expect.poll(() => card.textContent()).toContain('Translation · English → French');
    await expect.poll(() => card.textContent()).toContain('Overdue');
    await expect.poll(() => card.textContent()).toContain('550 Words');
    await expect.poll(() => card.textContent()).toContain('€44.00');
    await section(page, 'Done and closed').getByText('No work is done or closed yet.').waitFor();
    await checkWidths(page, 'portal-work-home');

    // The offer: details, match bands, instructions (a real link, no markup as text), checklist.
    await offers.getByRole('link', { name: 'Brochure for Apex' }).click();
    await page.getByRole('heading', { level: 1, name: 'Brochure for Apex' }).waitFor();
    await page.getByText('The agency asks you to accept or refuse this offer.').waitFor();
    const bands = section(page, 'Match bands');
    await expect.poll(() => bands.getByRole('row').nth(1).textContent()).toBe('100%60025%');
    await section(page, 'Instructions').getByRole('link', { name: 'the style guide' }).waitFor();
    expect(await section(page, 'Instructions').textContent()).not.toContain('<strong>');
    await checkWidths(page, 'portal-work-offer');

    await page.getByLabel('Comment for the agency (optional)').fill('Happy to, by Friday');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByText(/You accepted this work on/).waitFor();
    await page.getByText('Happy to, by Friday').waitFor();
    await eventually(async () => (await agencyPortal(offer)).confirm.status).toBe(2);

    // A tick is saved at once.
    await page.getByRole('checkbox', { name: 'Read the brief' }).check();
    await eventually(async () => (await agencyPortal(offer)).checklist.map((item: { done: boolean }) => item.done)).toEqual([true, false]);
    await page.getByRole('textbox', { name: 'Your comments for the agency' }).fill('Glossary term "widget" is missing.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Comments saved.').waitFor();
    expect((await agencyPortal(offer)).supplierComments).toBe('Glossary term "widget" is missing.');

    await page.getByRole('button', { name: 'Mark as done' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this work as done?' });
    await dialog.waitFor();
    await checkWidths(page, 'portal-work-done-dialog');
    await dialog.getByRole('button', { name: 'Mark as done' }).click();
    await page.getByText(/You marked this work as done on/).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).locator('..').textContent()).toContain('Done');
    expect((await agencyPortal(offer)).doneDate).not.toBeNull();

    // Home: the list follows; done work is folded away until asked.
    await page.getByRole('link', { name: 'Back to your work' }).click();
    const closed = section(page, 'Done and closed');
    await closed.getByRole('button', { name: 'Show (1)' }).click();
    await closed.getByRole('link', { name: 'Brochure for Apex' }).waitFor();
    expect(await offers.getByRole('link', { name: 'Brochure for Apex' }).count()).toBe(0);

    // Refusing asks the reason, as the API does.
    await offers.getByRole('link', { name: 'Leaflet for Apex' }).click();
    await page.getByRole('button', { name: 'Refuse' }).click();
    const refuse = page.getByRole('dialog', { name: 'Refuse this offer' });
    await refuse.getByRole('button', { name: 'Refuse the offer' }).click();
    await refuse.getByText('Please give a reason.').waitFor();
    await checkWidths(page, 'portal-work-refuse');
    await refuse.getByRole('textbox', { name: 'Why do you refuse?' }).fill('Fully booked in April');
    await refuse.getByRole('button', { name: 'Refuse the offer' }).click();
    await page.getByText(/You refused this work on/).waitFor();
    await page.getByText('Fully booked in April').waitFor();
    expect((await agencyPortal(second)).confirm.status).toBe(3);

    // Open work: the page says what to do; the agency's cancellation shows the API's refusal.
    await page.getByRole('link', { name: 'Back to your work' }).click();
    await yours.getByRole('link', { name: 'Website for Apex' }).click();
    await page.getByRole('button', { name: 'Mark as done' }).waitFor();
    await checkWidths(page, 'portal-work-open');
    await world.api('PUT', `/v2/jobs/${open.jobId}/outsourcing/${open.id}`, { status: 5 });
    await page.getByRole('button', { name: 'Mark as done' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as done' }).click();
    await page.getByRole('alert').getByText('The agency cancelled this work').waitFor();
    expectNoPageErrors(page);
  });

  it('offers the purchase order an accept issued, its PDF to download', async () => {
    const s = await supplier('Ordo');
    await work(s.id, 'Catalogue for Ordo', '2030-05-01T12:00:00Z', { confirm: true, generatePurchaseOrderOnAcceptation: true });
    const page = await world.newPage(PHONE);
    await page.goto(s.link);
    await section(page, 'Offers waiting for your answer').getByRole('link', { name: 'Catalogue for Ordo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalogue for Ordo' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download purchase order' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Accept' }).click();
    const download = page.getByRole('link', { name: 'Download purchase order' });
    await download.waitFor();
    await page.getByText(/^Purchase order PO-/).waitFor();
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await checkWidths(page, 'portal-work-purchase-order');
    expectNoPageErrors(page);
  });

  it("shows another supplier's work as a page not found", async () => {
    const other = await supplier('Brisk');
    const theirs = await work(other.id, 'Manual for Brisk', '2030-05-01T12:00:00Z', { confirm: true });
    const s = await supplier('Corto');
    const page = await world.newPage(PHONE);
    await page.goto(s.link);
    await page.getByRole('heading', { name: `Hello ${s.person}` }).waitFor();
    await section(page, 'Offers waiting for your answer').getByText('No offer is waiting for your answer.').waitFor();
    await page.goto(`/portal/work/${theirs.id}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Manual for Brisk');
    await checkWidths(page, 'portal-work-not-found');
    await page.getByRole('link', { name: 'Go to the portal home' }).click();
    await page.getByRole('heading', { name: `Hello ${s.person}` }).waitFor();
    expectNoPageErrors(page);
  });

  it('speaks French and German on the work pages, at both widths', async () => {
    const { page } = await scene('Delta');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await section(page, 'Offres en attente de votre réponse').getByRole('link', { name: 'Brochure for Delta' }).waitFor();
    await section(page, 'Vos missions').getByText('En retard').waitFor();
    await expect.poll(() => section(page, 'Vos missions').textContent()).toMatch(/44,00\s€/);
    await checkWidths(page, 'portal-work-home-fr');
    await page.getByRole('link', { name: 'Brochure for Delta' }).click();
    await page.getByRole('button', { name: 'Accepter' }).waitFor();
    await section(page, 'Tranches de correspondance').getByText('25 %').waitFor();
    await checkWidths(page, 'portal-work-offer-fr');

    await page.getByRole('button', { name: 'Langue: Français' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Annehmen' }).waitFor();
    await checkWidths(page, 'portal-work-offer-de');
    await page.getByRole('link', { name: 'Zurück zu Ihren Aufträgen' }).click();
    await page.getByRole('link', { name: 'Website for Delta' }).click();
    await page.getByRole('button', { name: 'Als erledigt markieren' }).waitFor();
    await checkWidths(page, 'portal-work-open-de');
    await page.getByRole('link', { name: 'Zurück zu Ihren Aufträgen' }).click();
    await section(page, 'Angebote, die auf Ihre Antwort warten').waitFor();
    await checkWidths(page, 'portal-work-home-de');
    expectNoPageErrors(page);
  });
});
