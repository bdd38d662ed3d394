import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { checkAccessibility, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * The e-mail of a document in Chromium against a real server and SMTP server
 * (docs/console.md#e-mailing-documents): the send dialog shows the recipients, subject, message and
 * attachments before sending, and says when nobody will get an e-mail; "E-mail again" on a sent
 * invoice; the mail log with what the mail server made of each e-mail.
 */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

interface Named {
  id: string;
  name: string;
}

/** Waits for dialogs to have faded in, with no transition running: axe reads the colours as they are. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

async function pictures(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(skipReason)('the e-mail of a document', () => {
  let mail: MailServer;
  let world: ConsoleWorld;
  let page: Page;
  let client: Named;
  let silent: Named;

  beforeAll(async () => {
    mail = await startMailServer();
    world = await startConsoleWorld({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>' });
    client = await world.api<Named>('POST', '/v2/clients', { name: 'Lumen Press', currency: 'EUR' });
    await world.api('POST', `/v2/clients/${client.id}/contacts`, { fullName: 'Ann Ledger', email: 'ann@lumen.example', emails: { invoice: true } });
    silent = await world.api<Named>('POST', '/v2/clients', { name: 'Quiet Ltd', currency: 'EUR' });
    page = await world.signedInPage('/invoices');
  });
  afterAll(async () => {
    await world?.close();
    await mail?.close();
  });

  it('sends an invoice from the dialog, with a copy added, and shows it in the mail log', async () => {
    const invoice = await world.api<Named>('POST', '/v2/invoices', { client: client.id, lines: [{ description: 'Translation', quantity: 1, unitCost: 120 }] });
    await page.goto(`${world.baseUrl}/invoices/${invoice.id}`);
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Subject' }).waitFor();
    await settled(page);
    expect(await dialog.getByRole('textbox', { name: 'Subject' }).inputValue()).toMatch(/^Invoice \{number\} from /);
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toContain('Please find attached our invoice {number}.');
    expect(await dialog.getByText('ann@lumen.example').isVisible()).toBe(true);
    expect(await dialog.getByText('{number}.pdf', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText('{number}.xml (when the invoice can be an e-invoice)').isVisible()).toBe(true);
    await dialog.getByLabel('Cc', { exact: true }).fill('boss@lumen.example');
    await dialog.getByLabel('Cc', { exact: true }).press('Enter');
    await checkAccessibility(page);
    await pictures(page, 'document-email-send');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const sent = await world.api('GET', `/v2/invoices/${invoice.id}`);
    expect(sent.status).toBe(2);
    const [message] = await mail.waitFor(1);
    expect(message!.recipients.sort()).toEqual(['ann@lumen.example', 'boss@lumen.example']);
    expect(message!.parsed.subject).toMatch(new RegExp(`^Invoice ${sent.number} from `));
    const log = page.getByRole('region', { name: 'E-mails' });
    await log.getByText('ann@lumen.example').waitFor();
    await log.getByText('cc boss@lumen.example').waitFor();
    await eventually(() => log.getByText('Sent', { exact: true }).count()).toBe(1);
  });

  it('e-mails it again: says when nobody would get it, then sends to the address typed', async () => {
    const invoice = (await world.api<{ items: Array<{ id: string; status: number }> }>('GET', `/v2/invoices?client[]=${client.id}`)).items.find(
      (item) => item.status === 2,
    )!;
    await page.goto(`${world.baseUrl}/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'E-mail again' }).click();
    const dialog = page.getByRole('dialog');
    const to = dialog.getByLabel('To', { exact: true });
    await to.waitFor();
    await settled(page);
    // Taking the only addressee away: the dialog says so before anything is sent.
    await to.focus();
    await to.press('Backspace');
    await dialog.getByText('Nobody will get an e-mail').waitFor();
    expect(await dialog.getByRole('button', { name: 'Send e-mail' }).isDisabled()).toBe(true);
    await checkAccessibility(page);
    await pictures(page, 'document-email-again-nobody');
    await to.fill('accounts@lumen.example');
    await to.press('Enter');
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Reminder: {number}');
    await dialog.getByRole('button', { name: 'Send e-mail' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('E-mail queued for accounts@lumen.example').waitFor();
    const messages = await mail.waitFor(2);
    const number = (await world.api('GET', `/v2/invoices/${invoice.id}`)).number;
    expect(messages[1]!.recipients).toEqual(['accounts@lumen.example']);
    expect(messages[1]!.parsed.subject).toBe(`Reminder: ${number}`);
    const log = page.getByRole('region', { name: 'E-mails' });
    await log.getByText(`Reminder: ${number}`).waitFor();
    await eventually(() => log.getByText('Sent', { exact: true }).count()).toBe(2);
    await checkAccessibility(page);
    await pictures(page, 'document-email-log');
  });

  it('says before sending that nobody will get an e-mail when the client has no address', async () => {
    const invoice = await world.api<Named>('POST', '/v2/invoices', { client: silent.id, lines: [{ description: 'Proofreading', quantity: 1, unitCost: 60 }] });
    await page.goto(`${world.baseUrl}/invoices/${invoice.id}`);
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Nobody will get an e-mail').waitFor();
    await dialog.getByText(/will be numbered and marked sent, but not e-mailed/).waitFor();
    await settled(page);
    await checkAccessibility(page);
    await pictures(page, 'document-email-send-nobody');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(/not e-mailed: no contact of the party/).waitFor();
    expect((await world.api('GET', `/v2/invoices/${invoice.id}`)).status).toBe(2);
    await page.getByText('No e-mail of this document yet.').waitFor();
  });
});
