import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAccessibility, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { checkWidths, DESKTOP, PHONE } from './widths.js';

/**
 * The client's quotes and invoices on the client portal (docs/console.md#portal-pages,
 * docs/client-portal.md#quotes, #invoices): a client's person signs in by link, opens a quote
 * from the navigation, reads its lines, downloads its PDF and accepts it after the confirmation;
 * the invoices page lists an invoice with what is paid and outstanding, and its PDF and e-invoice
 * download. The agency's quote page shows the evidence. At 390 and 1 280 px: axe, no sideways
 * scroll, every control in sight, no text cut.
 */
describe.skipIf(skipReason)("the client's quotes and invoices on the client portal", () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());
  /** The quote the first test accepted on the portal, which the agency's page then shows. */
  let accepted: { id: string; person: string } | undefined;

  /** A client with a contact on the portal (approve and invoices), a sent quote and a part-paid sent invoice. */
  async function scene(name: string) {
    const service = await world.api<{ id: string }>('POST', '/v2/account/services', { name: `Translation ${name}` });
    const unit = await world.api<{ id: string }>('POST', '/v2/account/quantity-types', { name: `Words ${name}` });
    const vat = await world.api<{ id: string }>('POST', '/v2/account/taxes', { name: `VAT ${name}`, value: 0.21 });
    await world.api('PUT', '/v2/account', { vatNumber: 'BE0123456749', address: { city: 'Ghent', country: 'BE' } });
    const client = await world.api<{ id: string }>('POST', '/v2/clients', {
      name: `${name} Legal`,
      currency: 'EUR',
      vatNumber: 'BE0987654321',
      address: { city: 'Brussels', country: 'BE' },
    });
    const contact = await world.api<{ id: string }>('POST', `/v2/clients/${client.id}/contacts`, {
      fullName: `${name} Person`,
      email: `${name.toLowerCase()}@client.example`,
    });
    const job = async (jobName: string, fixedPrice: number) =>
      (
        await world.api<{ id: string }>('POST', '/v2/jobs', {
          name: jobName,
          client: client.id,
          quantity: 1200,
          quantityType: unit.id,
          service: service.id,
          fixedPrice,
        })
      ).id;
    const quote = await world.api<{ id: string }>('POST', '/v2/quotes', {
      client: client.id,
      jobs: [await job('Annual report FR', 960)],
      tax1: vat.id,
      lines: [{ description: 'Project management', quantity: 1, unitCost: 40 }],
    });
    const sentQuote = await world.api<{ number: string }>('POST', `/v2/quotes/${quote.id}/send`);
    const invoice = await world.api<{ id: string }>('POST', '/v2/invoices', { client: client.id, jobs: [await job('Contract DE', 500)], tax1: vat.id });
    const sentInvoice = await world.api<{ number: string }>('POST', `/v2/invoices/${invoice.id}/send`);
    await world.api('POST', `/v2/invoices/${invoice.id}/payments`, { amount: 105, date: '2026-11-02' });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/clients/${client.id}/contacts/${contact.id}/portal-access`, {
      permissions: ['approve', 'invoices'],
    });
    const url = new URL(granted.link.url);
    return {
      person: `${name} Person`,
      link: url.pathname + url.hash,
      quote: { id: quote.id, number: sentQuote.number },
      invoice: { id: invoice.id, number: sentInvoice.number },
    };
  }

  /** The body of a link's file, fetched with the page's own cookies (the portal session). */
  async function fileOf(page: Page, href: string): Promise<Buffer> {
    const reply = await page.context().request.get(new URL(href, world.baseUrl).toString());
    expect(reply.status()).toBe(200);
    return reply.body();
  }

  it('opens a quote, downloads its PDF and accepts it, which the agency records with who, when and from where', async () => {
    const s = await scene('Lumen');
    const page = await world.newPage(PHONE);
    await page.goto(s.link);
    const nav = page.getByRole('navigation', { name: 'Portal' });
    await nav.getByRole('link', { name: 'Quotes' }).click();
    await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/client/quotes');
    const card = page.getByRole('listitem').filter({ hasText: `Quote ${s.quote.number}` });
    await card.getByText('Awaiting your answer').waitFor();
    await card.getByText('€1,210.00').waitFor();
    await checkWidths(page, 'portal-client-quotes');

    await card.getByRole('link', { name: `Quote ${s.quote.number}` }).click();
    await page.getByRole('heading', { name: `Quote ${s.quote.number}`, level: 1 }).waitFor();
    const lines = page.getByRole('region', { name: 'Lines' });
    await lines.getByText('Project management').first().waitFor();
    await lines.getByText('Total: €1,210.00').waitFor();
    const pdfHref = await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href');
    expect((await fileOf(page, pdfHref!)).subarray(0, 5).toString()).toBe('%PDF-');
    await checkWidths(page, 'portal-client-quote');

    // Accept: a confirmation with an optional comment first.
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
    await dialog.getByText(`You accept quote ${s.quote.number} for €1,210.00.`, { exact: false }).waitFor();
    await dialog.getByRole('textbox', { name: /^Comment for/ }).fill('Please start on Monday');
    await page.setViewportSize(DESKTOP);
    await checkAccessibility(page);
    await screenshot(page, 'portal-client-quote-accept-1280');
    await page.setViewportSize(PHONE);
    await checkAccessibility(page);
    await screenshot(page, 'portal-client-quote-accept-390');
    await dialog.getByRole('button', { name: 'Yes, accept' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you: the quote is accepted.' }).waitFor();
    await page.getByText('Accepted', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Accept the quote' }).count()).toBe(0);
    await checkWidths(page, 'portal-client-quote-accepted');

    const agencyQuote = await world.api<{ status: number }>('GET', `/v2/quotes/${s.quote.id}`);
    expect(agencyQuote.status).toBe(3);
    const evidence = await world.api<{ person: { name: string }; comment: string; userAgent: string }>('GET', `/v2/quotes/${s.quote.id}/portal-answer`);
    expect(evidence).toMatchObject({ person: { name: s.person }, comment: 'Please start on Monday' });
    expect(evidence.userAgent).toMatch(/Chrome/);

    accepted = { id: s.quote.id, person: s.person };
    expectNoPageErrors(page);
  });

  it("shows the evidence on the agency's quote page", async () => {
    expect(accepted, 'the quote accepted above').toBeDefined();
    const s = { quote: { id: accepted!.id }, person: accepted!.person };
    const agency = await world.signedInPage(`/quotes/${s.quote.id}`);
    const answer = agency.getByRole('region', { name: 'Answer on the client portal' });
    await answer.getByText(`Accepted by ${s.person}`, { exact: false }).waitFor();
    await answer.getByText('Comment: Please start on Monday').waitFor();
    await answer.getByText(/^IP address: /).waitFor();
    await checkAccessibility(agency);
    await screenshot(agency, 'agency-quote-portal-answer');
    expectNoPageErrors(agency);
  });

  it('lists the invoices with what is paid and outstanding, and downloads the PDF and the e-invoice', async () => {
    const s = await scene('Vesta');
    const page = await world.newPage(PHONE);
    await page.goto(s.link);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/client/invoices');
    const card = page.getByRole('listitem', { name: `Invoice ${s.invoice.number}` });
    await card.getByText('To be paid').waitFor();
    await card.getByText('€605.00').waitFor();
    await card.getByText('€105.00').waitFor();
    await card.getByText('€500.00').waitFor();
    await checkWidths(page, 'portal-client-invoices');
    const pdf = await card.getByRole('link', { name: /^Download the PDF/ }).getAttribute('href');
    expect((await fileOf(page, pdf!)).subarray(0, 5).toString()).toBe('%PDF-');
    const ubl = await card.getByRole('link', { name: /^Download the e-invoice/ }).getAttribute('href');
    expect((await fileOf(page, ubl!)).toString()).toContain('<Invoice');

    // In German too.
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Rechnungen', level: 1 }).waitFor();
    await page
      .getByRole('listitem', { name: `Rechnung ${s.invoice.number}` })
      .getByText('Zu bezahlen')
      .waitFor();
    await checkWidths(page, 'portal-client-invoices-de');
    expectNoPageErrors(page);
  });
});
