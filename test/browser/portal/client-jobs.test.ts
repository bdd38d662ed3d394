import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPageErrors, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { uploadThroughApi } from '../jobs/records-fixture.js';
import { checkWidths, PHONE } from './widths.js';

/**
 * The client's jobs on the portal (docs/client-portal.md#jobs-and-deliveries, #messages): a
 * client's person signs in by link, opens a job from the jobs list, downloads a deliverable and
 * writes to the agency. At 390 and 1 280 px: axe, no sideways scroll, every control in sight, no
 * text cut.
 */
describe.skipIf(skipReason)('the client’s jobs on the portal', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('lists the jobs, opens one, downloads a deliverable and sends a message', async () => {
    const byName = (list: Array<{ id: string; name: string }>, wanted: string) => list.find((item) => item.name === wanted)!.id;
    const service = byName(await world.api('GET', '/v2/account/services'), 'Translation');
    const words = byName(await world.api('GET', '/v2/account/quantity-types'), 'Words');
    const client = await world.api<{ id: string }>('POST', '/v2/clients', { name: 'Harbour Legal', currency: 'EUR' });
    const contact = await world.api<{ id: string }>('POST', `/v2/clients/${client.id}/contacts`, { fullName: 'Clara Client', email: 'clara@harbour.example' });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/clients/${client.id}/contacts/${contact.id}/portal-access`, {});
    const job = await world.api<{ id: string }>('POST', '/v2/jobs', {
      name: 'Annual report',
      client: client.id,
      service,
      quantityType: words,
      quantity: 1000,
      dueDate: '2031-03-01',
      externalReference: 'HL-42',
    });
    await world.api('PUT', `/v2/jobs/${job.id}`, { status: 2, progress: 60 });
    await world.api('POST', `/v2/jobs`, { name: 'Brochure', client: client.id, service, quantityType: words, quantity: 200 });
    const first = await uploadThroughApi(world, `/v2/jobs/${job.id}/files/upload`, 'report-fr.docx', 'first version');
    await world.api('PUT', `/v2/jobs/${job.id}/files/${first.id}/share/with/client`);
    const second = await uploadThroughApi(world, `/v2/jobs/${job.id}/files/upload`, 'report-fr.docx', 'the final version');
    await world.api('PUT', `/v2/jobs/${job.id}/files/${second.id}/share/with/client`);
    // Kept by the agency: not on the portal.
    await uploadThroughApi(world, `/v2/jobs/${job.id}/files/upload`, 'internal.txt', 'agency only');
    await world.api('POST', `/v2/jobs/${job.id}/client-messages`, { text: 'Your report is nearly ready.' });

    const page = await world.newPage(PHONE);
    const url = new URL(granted.link.url);
    await page.goto(url.pathname + url.hash);
    await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { name: 'Your jobs' }).waitFor();
    await page.getByRole('link', { name: /Annual report/ }).waitFor();
    await page.getByText('60 % done').waitFor();
    await checkWidths(page, 'portal-client-jobs');

    await page.getByRole('link', { name: /Annual report/ }).click();
    await page.getByRole('heading', { name: 'Annual report', level: 1 }).waitFor();
    const files = page.getByRole('region', { name: 'Deliverables' });
    const link = files.getByRole('link', { name: 'Download report-fr.docx' });
    await link.waitFor();
    expect(await files.getByText('internal.txt').count()).toBe(0);
    await files.getByText('Earlier versions (1)').waitFor();
    const download = page.waitForEvent('download');
    await link.click();
    const downloaded = await download;
    expect(downloaded.suggestedFilename()).toBe('report-fr.docx');
    expect(await readFile(await downloaded.path(), 'utf8')).toBe('the final version');

    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByText('Your report is nearly ready.').waitFor();
    await messages.getByRole('textbox', { name: 'Your message' }).fill('Thank you! Please use our glossary.');
    await messages.getByRole('button', { name: 'Send' }).click();
    await messages.getByText('Thank you! Please use our glossary.').waitFor();
    await checkWidths(page, 'portal-client-job');

    const thread = await world.api<Array<{ from: string; text: string }>>('GET', `/v2/jobs/${job.id}/client-messages`);
    expect(thread.map((message) => [message.from, message.text])).toEqual([
      ['agency', 'Your report is nearly ready.'],
      ['client', 'Thank you! Please use our glossary.'],
    ]);
    expectNoPageErrors(page);
  });
});
