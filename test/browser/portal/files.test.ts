import { mkdtempSync, rmSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { checkWidths, DESKTOP, PHONE } from './widths.js';
import { uploadThroughApi } from '../jobs/records-fixture.js';

const DELIVERY_BYTES = 200 * 1000 * 1000;

/**
 * The files of a piece of work on the portal (docs/console.md#portal-pages): the supplier downloads
 * what the agency shares and uploads a 200 MB delivery with its progress; the agency sees it on
 * the job. At 390 and 1 280 px: axe, no sideways scroll, every control in sight, no text cut.
 */
describe.skipIf(skipReason)('the files of the supplier’s work on the portal', () => {
  let world: ConsoleWorld;
  let dir: string;

  beforeAll(async () => {
    // The default upload limit: a 200 MB delivery must pass it.
    world = await startConsoleWorld();
    dir = mkdtempSync(join(tmpdir(), 'transdesk-portal-files-'));
  });
  afterAll(async () => {
    await world?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A supplier whose contact has portal access, open work of theirs on the portal, and the sign-in link. */
  async function scene(name: string) {
    const byName = (list: Array<{ id: string; name: string }>, wanted: string) => list.find((item) => item.name === wanted)!.id;
    const service = byName(await world.api('GET', '/v2/account/services'), 'Translation');
    const words = byName(await world.api('GET', '/v2/account/quantity-types'), 'Words');
    const client = (await world.api<{ id: string }>('POST', '/v2/clients', { name: `${name} Client` })).id;
    const supplier = await world.api<{ id: string }>('POST', '/v2/suppliers', { name: `${name} Translations`, currency: 'EUR' });
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplier.id}/contacts`, {
      fullName: `${name} Person`,
      email: `${name.toLowerCase()}@files.example`,
    });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplier.id}/contacts/${contact.id}/portal-access`, {});
    const job = await world.api<{ id: string }>('POST', '/v2/jobs', { name: `Manual for ${name}`, client, service, quantityType: words, quantity: 1000 });
    const created = await world.api<{ outsourcing: Array<{ id: string }> }>('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: supplier.id, unitCost: 0.1 });
    const id = created.outsourcing.at(-1)!.id;
    await world.api('PUT', `/v2/jobs/${job.id}/outsourcing/${id}/portal`, { enabled: true });
    const url = new URL(granted.link.url);
    return { jobId: job.id, id, link: url.pathname + url.hash, person: `${name} Person` };
  }

  it('downloads a shared file, uploads a 200 MB delivery with its progress, and the agency sees it', async () => {
    const s = await scene('Orbit');
    const source = await uploadThroughApi(world, `/v2/jobs/${s.jobId}/files/upload`, 'source text.docx', 'the source text');
    await world.api('PUT', `/v2/jobs/${s.jobId}/files/${source.id}/share/with/all`);
    // A file the agency keeps for itself: not on the portal.
    await uploadThroughApi(world, `/v2/jobs/${s.jobId}/files/upload`, 'internal notes.txt', 'agency only');

    const page = await world.newPage(PHONE);
    await page.goto(s.link);
    await page.getByRole('heading', { name: `Hello ${s.person}` }).waitFor();
    await page.getByRole('link', { name: 'Manual for Orbit' }).first().click();
    const files = page.getByRole('region', { name: 'Files' });
    const sourceLink = files.getByRole('link', { name: 'Download source text.docx' });
    await sourceLink.waitFor();
    expect(await files.getByText('internal notes.txt').count()).toBe(0);
    const download = page.waitForEvent('download');
    await sourceLink.click();
    const downloaded = await download;
    expect(downloaded.suggestedFilename()).toBe('source text.docx');
    expect(await readFile(await downloaded.path(), 'utf8')).toBe('the source text');
    await checkWidths(page, 'portal-work-files');

    // 200 MB of zeros, sparse on disk: the browser reads it from the file, as it would a real one.
    const path = join(dir, 'delivery.zip');
    const handle = await open(path, 'w');
    await handle.truncate(DELIVERY_BYTES);
    await handle.close();
    await page.evaluate(() => {
      const seen: number[] = ((window as any).progressSeen = []);
      new MutationObserver(() => {
        document.querySelectorAll('[role="progressbar"]').forEach((bar) => seen.push(Number(bar.getAttribute('aria-valuenow'))));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    const chooser = page.waitForEvent('filechooser');
    await files.getByRole('button', { name: 'Upload your delivery' }).click();
    await (await chooser).setFiles(path);
    const bar = files.getByRole('progressbar', { name: 'Upload of delivery.zip' });
    await bar.waitFor();
    await screenshot(page, 'portal-work-files-uploading');
    const deliveryLink = files.getByRole('link', { name: 'Download delivery.zip' });
    await deliveryLink.waitFor({ timeout: 120_000 });
    const seen: number[] = await page.evaluate(() => (window as any).progressSeen);
    expect(
      seen.some((value) => value > 0 && value < 100),
      `progress values seen: ${seen.join(', ')}`,
    ).toBe(true);
    expect(await files.getByRole('progressbar').count()).toBe(0);
    await files.getByRole('status').filter({ hasText: 'delivery.zip has been uploaded.' }).waitFor({ state: 'attached' });
    const row = files.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Download delivery.zip' }) });
    expect(await row.textContent()).toContain('Your delivery');
    expect(await row.textContent()).toContain('200 MB');

    const agency = await world.api<Array<{ name: string; size: number; deliverable?: { outsourcingId: string } }>>('GET', `/v2/jobs/${s.jobId}/files`);
    expect(agency.find((file) => file.name === 'delivery.zip')).toMatchObject({ size: DELIVERY_BYTES, deliverable: { outsourcingId: s.id } });
    await checkWidths(page, 'portal-work-files-delivered');
    // The agency's job page lists it with who delivered it.
    const agencyPage = await world.signedInPage(`/jobs/${s.jobId}`);
    const jobFiles = agencyPage.getByRole('region', { name: 'Files' });
    await jobFiles.getByRole('link', { name: 'Download delivery.zip' }).waitFor();
    await jobFiles
      .getByRole('row', { name: /delivery\.zip/ })
      .getByText('Delivered by Orbit Translations on the portal')
      .waitFor();
    await screenshot(agencyPage, 'portal-work-files-agency');

    // Removing a delivery asks once more, then it is gone on both sides.
    await page.setViewportSize(PHONE);
    await row.getByRole('button', { name: 'Remove delivery.zip' }).click();
    await row.getByText('Remove delivery.zip?').waitFor();
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await deliveryLink.waitFor({ state: 'detached' });
    const after = await world.api<Array<{ name: string }>>('GET', `/v2/jobs/${s.jobId}/files`);
    expect(after.map((file) => file.name).sort()).toEqual(['internal notes.txt', 'source text.docx']);
    expectNoPageErrors(page);
  }, 240_000);

  it('asks to accept offered work before a delivery can be uploaded', async () => {
    const s = await scene('Vega');
    const job = await world.api<{ outsourcing: Array<{ id: string }> }>('GET', `/v2/jobs/${s.jobId}`);
    expect(job.outsourcing.length).toBe(1);
    await world.api('PUT', `/v2/jobs/${s.jobId}/outsourcing/${s.id}/portal`, { enabled: true, confirm: true });
    const page = await world.newPage(DESKTOP);
    await page.goto(s.link);
    await page.getByRole('heading', { name: `Hello ${s.person}` }).waitFor();
    await page.goto(`/portal/work/${s.id}`);
    const files = page.getByRole('region', { name: 'Files' });
    await files.getByText('Accept the work to upload your delivery.').waitFor();
    expect(await files.getByRole('button', { name: 'Upload your delivery' }).count()).toBe(0);
    await files.getByText('No files yet.').waitFor();
    await checkWidths(page, 'portal-work-files-offered');
    expectNoPageErrors(page);
  });
});
