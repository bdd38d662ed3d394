import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, eventually, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { PDF } from '../supplier-invoices/fixture.js';
import { checkWidths, PHONE } from './widths.js';

/** The upload limit of this world: small, so that a file over it is quick to make. */
const LIMIT = 64 * 1024;

type AgencyRequest = {
  id: string;
  number: string;
  status: string;
  targetLanguages: Array<{ code: string }>;
  files: Array<{ name: string; size: number }>;
  reference: string;
  purchaseOrder: string;
  terms: { acceptedAt: string; text: string; pdfSha256: string | null } | null;
  declineReason: string | null;
};

/**
 * The client's requests (docs/client-portal.md#requests, docs/console.md#portal-pages): a client's
 * person signed in by link asks for work with three files and two target languages (a file over the
 * upload limit refused before sending, a target that is the source refused, the terms accepted),
 * finds it in their list and on its page; the agency finds it in its requests list and declines it,
 * and the client reads the reason. A client whose document language is German gets the form in
 * German. axe, every control in sight, no text cut, no sideways scroll at 390 and 1 280 px.
 */
describe.skipIf(skipReason)("the client's requests on the portal", () => {
  let world: ConsoleWorld;
  let serviceName: string;
  beforeAll(async () => {
    world = await startConsoleWorld({ MAX_UPLOAD_BYTES: String(LIMIT) });
    await world.api('PUT', '/v2/account', { name: 'Lingua Agency', requestTerms: 'Payment within 30 days of the invoice.\nFiles are kept for one year.' });
    serviceName = 'Document translation';
    await world.api('POST', '/v2/account/services', { name: serviceName });
    for (const target of ['fr', 'de', 'nl']) await world.api('POST', '/v2/account/language-pairs', { source: 'en', target });
    // The terms PDF too: the form links to it.
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Terms 2026.pdf');
    const put = await fetch(`${world.baseUrl}/v2/account/request-terms.pdf`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${world.apiKey}` },
      body: form,
    });
    expect(put.status).toBe(200);
  });
  afterAll(async () => world?.close());

  /** A client with one contact given portal access (`request` only): the sign-in link's path. */
  async function clientPerson(name: string, documentLanguage?: string) {
    const client = await world.api<{ id: string }>('POST', '/v2/clients', {
      name: `${name} Corp`,
      currency: 'EUR',
      ...(documentLanguage ? { documentLanguage } : {}),
    });
    const contact = await world.api<{ id: string }>('POST', `/v2/clients/${client.id}/contacts`, {
      fullName: `${name} Person`,
      email: `${name.toLowerCase()}@requests.example`,
    });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/clients/${client.id}/contacts/${contact.id}/portal-access`, {
      permissions: ['request'],
    });
    const url = new URL(granted.link.url);
    return { clientId: client.id, linkPath: url.pathname + url.hash };
  }

  const agencyRequests = async (clientId: string) =>
    (await world.api<{ items: AgencyRequest[] }>('GET', `/v2/requests?clientId=${clientId}&pageSize=100`)).items;

  it('asks for work with three files and two target languages, lists it, and reads the agency’s decline', async () => {
    const person = await clientPerson('Acme');
    const page = await world.newPage(PHONE);
    await page.goto(person.linkPath);
    await page.getByRole('heading', { name: 'Hello Acme Person' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Portal' });
    await nav.getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/client/requests');
    await page.getByText('You have not asked for work yet.').waitFor();
    await checkWidths(page, 'portal-requests-empty');

    await page.setViewportSize(PHONE);
    await page.getByRole('link', { name: 'Ask for work' }).click();
    await page.getByRole('heading', { name: 'Ask for work', level: 1 }).waitFor();
    const send = page.getByRole('button', { name: 'Send the request' });

    // Nothing filled: said at each field, nothing sent.
    await send.click();
    await page.getByText('Choose a service.').waitFor();
    await page.getByText('Choose the language of your files.').waitFor();
    await page.getByText('Choose at least one target language.').waitFor();
    await page.getByText('Please accept the terms.').waitFor();
    await checkAccessibility(page);

    await page.getByRole('combobox', { name: 'Service' }).selectOption({ label: serviceName });
    await page.getByRole('combobox', { name: 'Source language' }).selectOption('en');
    const targets = page.getByRole('group', { name: /^Target languages/ });
    await targets.getByRole('checkbox', { name: 'French' }).check();
    await targets.getByRole('checkbox', { name: 'German' }).check();
    // The source among the targets: refused here, as the API would.
    await targets.getByRole('checkbox', { name: 'English' }).check();
    await send.click();
    await page.getByText('A target language cannot be the source language.').waitFor();
    await targets.getByRole('checkbox', { name: 'English' }).uncheck();

    // Three files and one over the limit: that one is refused and not listed; a file removed leaves the list.
    const input = page.locator('input[type=file]');
    await input.setInputFiles([
      { name: 'brochure.txt', mimeType: 'text/plain', buffer: Buffer.from('The brochure to translate.\n') },
      { name: 'price list.csv', mimeType: 'text/csv', buffer: Buffer.from('item;price\nbook;12\n') },
      { name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(LIMIT + 1, 1) },
    ]);
    await page.getByText(/^huge\.bin is larger than the limit of/).waitFor();
    await input.setInputFiles([
      { name: 'glossary.txt', mimeType: 'text/plain', buffer: Buffer.from('brochure = Broschüre\n') },
      { name: 'wrong.txt', mimeType: 'text/plain', buffer: Buffer.from('not this one') },
    ]);
    const chosen = page.getByRole('group', { name: 'Files' }).getByRole('listitem');
    await eventually(() => chosen.count()).toBe(4);
    await page.getByRole('button', { name: 'Remove wrong.txt' }).click();
    await eventually(() => chosen.count()).toBe(3);
    await chosen.filter({ hasText: 'brochure.txt' }).getByText('27 byte').waitFor();
    expect(await page.getByText('huge.bin').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Due date' }).fill('2026-12-15');
    await page.getByRole('textbox', { name: 'Your reference' }).fill('ACME-77');
    await page.getByRole('textbox', { name: 'Purchase-order number' }).fill('PO-5521');
    await page.getByRole('textbox', { name: 'Message' }).fill('For the trade fair in Lyon and Berlin.');
    await page.getByText('Payment within 30 days of the invoice.', { exact: false }).waitFor();
    await page.getByRole('link', { name: /^Read the terms \(PDF/ }).waitFor();
    await page.getByRole('checkbox', { name: 'I accept the terms' }).check();
    await checkWidths(page, 'portal-request-form');
    expect(await agencyRequests(person.clientId)).toEqual([]);

    await page.setViewportSize(PHONE);
    await send.click();
    await page.getByRole('status').filter({ hasText: 'Your request has been sent.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/client/requests');
    const [made] = await agencyRequests(person.clientId);
    expect(made).toMatchObject({ status: 'new', reference: 'ACME-77', purchaseOrder: 'PO-5521' });
    expect(made!.targetLanguages.map((language) => language.code).sort()).toEqual(['de', 'fr']);
    expect(made!.files.map((file) => file.name).sort()).toEqual(['brochure.txt', 'glossary.txt', 'price list.csv']);
    expect(made!.terms).toMatchObject({ text: expect.stringContaining('Payment within 30 days'), pdfSha256: expect.any(String) });
    const card = page.getByRole('listitem').filter({ hasText: `Request ${made!.number}` });
    await card.getByText('New').waitFor();
    await card.getByText('English → French, German', { exact: false }).waitFor();
    await checkWidths(page, 'portal-requests-list');

    // Its page: the details and the files, downloadable.
    await page.setViewportSize(PHONE);
    await card.getByRole('link', { name: `Request ${made!.number}` }).click();
    await page.getByRole('heading', { name: `Request ${made!.number}`, level: 1 }).waitFor();
    const download = page.getByRole('link', { name: 'Download brochure.txt' });
    const href = await download.getAttribute('href');
    expect(await page.evaluate(async (url) => (await fetch(url!)).text(), href)).toBe('The brochure to translate.\n');
    await page.getByRole('button', { name: 'Withdraw' }).waitFor();
    await screenshot(page, 'portal-request-page-390');

    // The agency finds it in its list and declines it.
    const agency = await world.signedInPage('/requests');
    await agency.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    const row = agency.getByRole('row').filter({ hasText: made!.number });
    await row.getByText('Acme Corp').waitFor();
    await row.getByText('New').waitFor();
    await checkAccessibility(agency);
    await screenshot(agency, 'requests-list-1280');
    await row.getByRole('link', { name: made!.number }).click();
    await agency.getByRole('heading', { name: `Request ${made!.number}`, level: 1 }).waitFor();
    await agency.getByText('The client accepted the terms on', { exact: false }).waitFor();
    await agency.getByRole('link', { name: 'Download glossary.txt' }).waitFor();
    await checkAccessibility(agency);
    await screenshot(agency, 'request-page-1280');
    await agency.getByRole('button', { name: 'Decline' }).click();
    const dialog = agency.getByRole('dialog', { name: 'Decline the request' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Give a reason.').waitFor();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('We do not translate into German this month.');
    await checkAccessibility(agency);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await agency.getByText('Declined: We do not translate into German this month.').waitFor();
    expect((await agencyRequests(person.clientId))[0]).toMatchObject({ status: 'declined', declineReason: 'We do not translate into German this month.' });
    expectNoPageErrors(agency);

    // The client reads it: no more Edit nor Withdraw.
    await page.reload();
    await page.getByText('The agency declined this request.').waitFor();
    await page.getByText('Reason: We do not translate into German this month.').waitFor();
    expect(await page.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    await checkWidths(page, 'portal-request-declined');
    expectNoPageErrors(page);
  });

  it('edits and withdraws a request while the agency has not answered; the agency marks another quoted', async () => {
    const person = await clientPerson('Bolt');
    const page = await world.newPage(PHONE);
    await page.goto(person.linkPath);
    await page.getByRole('heading', { name: 'Hello Bolt Person' }).waitFor();
    for (const reference of ['BOLT-1', 'BOLT-2']) {
      await page.goto('/portal/client/requests/new');
      await page.getByRole('combobox', { name: 'Service' }).selectOption({ label: serviceName });
      await page.getByRole('combobox', { name: 'Source language' }).selectOption('en');
      await page
        .getByRole('group', { name: /^Target languages/ })
        .getByRole('checkbox', { name: 'Dutch' })
        .check();
      await page.getByRole('textbox', { name: 'Your reference' }).fill(reference);
      await page.getByRole('checkbox', { name: 'I accept the terms' }).check();
      await page.getByRole('button', { name: 'Send the request' }).click();
      await page.getByRole('status').filter({ hasText: 'Your request has been sent.' }).waitFor();
    }
    const made = await agencyRequests(person.clientId);
    const first = made.find((request) => request.reference === 'BOLT-1')!;
    const second = made.find((request) => request.reference === 'BOLT-2')!;

    await page.getByRole('link', { name: `Request ${first.number}` }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Your reference' }).fill('BOLT-1b');
    await page
      .getByRole('group', { name: /^Target languages/ })
      .getByRole('checkbox', { name: 'French' })
      .check();
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Your changes have been saved.' }).waitFor();
    await page.getByText('Dutch, French').or(page.getByText('French, Dutch')).waitFor();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw this request?' });
    await checkAccessibility(page);
    await confirm.getByRole('button', { name: 'Withdraw the request' }).click();
    await page.getByText('You withdrew this request.').waitFor();
    expect((await agencyRequests(person.clientId)).find((request) => request.id === first.id)).toMatchObject({ status: 'withdrawn', reference: 'BOLT-1b' });

    const agency = await world.signedInPage(`/requests/${second.id}`);
    await agency.getByRole('button', { name: 'Mark quoted' }).click();
    await agency.getByRole('dialog', { name: 'Mark the request quoted?' }).getByRole('button', { name: 'Mark quoted' }).click();
    await eventually(async () => (await agencyRequests(person.clientId)).find((request) => request.id === second.id)?.status).toBe('quoted');
    await page.goto('/portal/client/requests');
    await page
      .getByRole('listitem')
      .filter({ hasText: `Request ${second.number}` })
      .getByText('Quoted')
      .waitFor();
    await page
      .getByRole('listitem')
      .filter({ hasText: `Request ${first.number}` })
      .getByText('Withdrawn')
      .waitFor();
    await checkWidths(page, 'portal-requests-answered');
    expectNoPageErrors(page);
    expectNoPageErrors(agency);
  });

  it('speaks the client’s document language: the form in German', async () => {
    const person = await clientPerson('Kraft', 'de');
    const page = await world.newPage(PHONE);
    await page.goto(person.linkPath);
    await page.getByRole('heading', { name: 'Guten Tag, Kraft Person' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Anfragen' }).click();
    await page.getByRole('heading', { name: 'Anfragen', level: 1 }).waitFor();
    await page.getByText('Sie haben noch nichts angefragt.').waitFor();
    await page.getByRole('link', { name: 'Arbeit anfragen' }).click();
    await page.getByRole('heading', { name: 'Arbeit anfragen', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Leistung' }).waitFor();
    // The languages in German too, not in the API's English names.
    await page
      .getByRole('group', { name: /^Zielsprachen/ })
      .getByRole('checkbox', { name: 'Französisch' })
      .waitFor();
    expect(
      await page
        .getByRole('group', { name: /^Zielsprachen/ })
        .getByRole('checkbox', { name: 'French' })
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.getByText('Wählen Sie mindestens eine Zielsprache.').waitFor();
    await page.getByText('Bitte akzeptieren Sie die Bedingungen.').waitFor();
    await checkWidths(page, 'portal-request-form-de');
    expectNoPageErrors(page);
  });
});
