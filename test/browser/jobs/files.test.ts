import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { createJob, createViewer, uploadThroughApi } from './records-fixture.js';

/** The job page's "Files" section (docs/console.md#the-job-page), in Chromium against a real server. */
const LIMIT = 4 * 1024 * 1024;

describe.skipIf(skipReason)('the files of a job', () => {
  let world: ConsoleWorld;
  let job: { id: string; name: string };
  beforeAll(async () => {
    // A small upload limit, so that a refused upload takes a few megabytes only.
    world = await startConsoleWorld({ MAX_UPLOAD_BYTES: String(LIMIT) });
    await world.demoData();
    job = await createJob(world, 'Files of the annual report');
  });
  afterAll(async () => world?.close());

  const files = (page: Page) => page.getByRole('region', { name: 'Files' });

  /** Chromium sends uploads to localhost in a blink: slowed down, the progress bar has time to move. */
  async function slowUploads(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
  }

  it('uploads a file with its progress, lists it, and downloads the same bytes', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = files(page);
    await section.getByRole('heading', { name: 'Files', level: 2 }).waitFor();
    expect(await section.getByText('No files yet.').count()).toBe(1);
    await slowUploads(page);
    // The progress values the bar takes, as the page shows them.
    await page.evaluate(() => {
      const seen: number[] = ((window as any).progressSeen = []);
      new MutationObserver(() => {
        document.querySelectorAll('[role="progressbar"]').forEach((bar) => seen.push(Number(bar.getAttribute('aria-valuenow'))));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });

    const content = randomBytes(3 * 1024 * 1024);
    // The button opens the browser's file chooser, with the keyboard too.
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Upload files' }).focus();
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(true);
    await (await chooser).setFiles({ name: 'annual report.docx', mimeType: 'application/octet-stream', buffer: content });
    await section.getByRole('progressbar', { name: 'Upload of annual report.docx' }).waitFor();
    await screenshot(page, 'job-files-uploading');
    const link = section.getByRole('link', { name: 'Download annual report.docx' });
    await link.waitFor({ timeout: 20_000 });
    const seen: number[] = await page.evaluate(() => (window as any).progressSeen);
    expect(
      seen.some((value) => value > 0 && value < 100),
      `progress values seen: ${seen.join(', ')}`,
    ).toBe(true);
    expect(await section.getByRole('progressbar').count()).toBe(0);
    expect(await section.getByRole('row', { name: /annual report\.docx/ }).textContent()).toContain('3 MB');

    const download = page.waitForEvent('download');
    await link.click();
    const downloaded = await download;
    expect(downloaded.suggestedFilename()).toBe('annual report.docx');
    expect((await readFile(await downloaded.path())).equals(content)).toBe(true);

    const [stored] = await world.api('GET', `/v2/jobs/${job.id}/files`);
    expect(stored).toMatchObject({ name: 'annual report.docx', size: content.length });
    // The link's answer, with the session's cookie: an attachment (never shown in the page, so its
    // own Content-Security-Policy, `default-src 'none'`, hinders nothing).
    const headers = await page.evaluate(
      async (url) => {
        const response = await fetch(url, { method: 'HEAD' });
        return { status: response.status, disposition: response.headers.get('content-disposition'), policy: response.headers.get('content-security-policy') };
      },
      (await link.getAttribute('href'))!,
    );
    expect(headers).toEqual({
      status: 200,
      disposition: `attachment; filename="annual report.docx"; filename*=UTF-8''annual%20report.docx`,
      policy: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    });
    expectNoPageErrors(page);
  });

  it('uploads several dropped files at once, and says clearly when one is too large', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = files(page);
    await section.getByRole('heading', { name: 'Files', level: 2 }).waitFor();
    // A drop of three files: the page gets them as a drag-and-drop of the browser would give them.
    const transfer = await page.evaluateHandle((limit) => {
      const data = new DataTransfer();
      data.items.add(new File(['glossary'], 'glossary.tbx'));
      data.items.add(new File(['style guide'], 'style guide.pdf'));
      data.items.add(new File([new Uint8Array(limit + 1024)], 'huge video.mp4'));
      return data;
    }, LIMIT);
    const dropTarget = section.getByRole('button', { name: 'Upload files' });
    await dropTarget.dispatchEvent('dragenter', { dataTransfer: transfer });
    await section.getByText('Drop the files to upload them').waitFor();
    await dropTarget.dispatchEvent('drop', { dataTransfer: transfer });

    await section.getByRole('link', { name: 'Download glossary.tbx' }).waitFor();
    await section.getByRole('link', { name: 'Download style guide.pdf' }).waitFor();
    const refusal = section.getByRole('alert').filter({ hasText: 'huge video.mp4 was not uploaded: it is too large' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`The file is larger than the upload limit of ${LIMIT} bytes`);
    expect(await section.getByRole('link', { name: 'Download huge video.mp4' }).count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-files-too-large');
    await refusal.getByRole('button', { name: 'Dismiss the message about huge video.mp4' }).click();
    expect(await refusal.count()).toBe(0);
    expectNoPageErrors(page);
  });

  it('cancels an upload that runs', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = files(page);
    await section.getByRole('heading', { name: 'Files', level: 2 }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles({ name: 'cancelled.zip', mimeType: 'application/zip', buffer: randomBytes(3 * 1024 * 1024) });
    await section.getByRole('button', { name: 'Cancel the upload of cancelled.zip' }).click();
    expect(await section.getByRole('progressbar').count()).toBe(0);
    await page.waitForTimeout(500);
    const stored: { name: string }[] = await world.api('GET', `/v2/jobs/${job.id}/files`);
    expect(stored.map((file) => file.name)).not.toContain('cancelled.zip');
    expect(await section.getByRole('link', { name: 'Download cancelled.zip' }).count()).toBe(0);
    expectNoPageErrors(page);
  });

  it('shares a file with all outsourcings and stops sharing it, with the keyboard alone', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = files(page);
    const share = section.getByRole('switch', { name: 'Share glossary.tbx with all outsourcings' });
    await share.waitFor();
    expect(await share.isChecked()).toBe(false);
    await share.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await world.api('GET', `/v2/jobs/${job.id}/files`)).find((file: any) => file.name === 'glossary.tbx').outsourcing.shareWithAll)
      .toBe(true);
    await expect.poll(() => share.isChecked()).toBe(true);
    expect(await section.getByRole('row', { name: /glossary\.tbx/ }).textContent()).toContain('Shared with all');
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await world.api('GET', `/v2/jobs/${job.id}/files`)).find((file: any) => file.name === 'glossary.tbx').outsourcing.shareWithAll)
      .toBe(false);
    await expect.poll(() => section.getByRole('row', { name: /glossary\.tbx/ }).textContent()).toContain('Not shared');
    expectNoPageErrors(page);
  });

  it('deletes a file after asking, with the keyboard alone; Escape keeps it', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = files(page);
    const remove = section.getByRole('button', { name: 'Delete style guide.pdf' });
    await remove.waitFor();
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete the file?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await section.getByRole('link', { name: 'Download style guide.pdf' }).count()).toBe(1);

    await remove.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await section.getByRole('link', { name: 'Download style guide.pdf' }).waitFor({ state: 'detached' });
    // The keyboard's focus is not lost with the row: it is on the section's heading.
    await expect.poll(() => section.getByRole('heading', { name: 'Files' }).evaluate((element) => element === document.activeElement)).toBe(true);
    const stored: { name: string }[] = await world.api('GET', `/v2/jobs/${job.id}/files`);
    expect(stored.map((file) => file.name).sort()).toEqual(['annual report.docx', 'glossary.tbx']);
    expectNoPageErrors(page);
  });

  it('lists the group’s files on the job, to download, changed on the group’s page only', async () => {
    const group = await world.api<{ id: string }>('POST', '/v2/groups', { name: 'Annual report 2026' });
    await world.api('POST', `/v2/groups/${group.id}/jobs/${job.id}`);
    await uploadThroughApi(world, `/v2/groups/${group.id}/files/upload`, 'brand book.pdf', 'brand book');
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = files(page);
    const row = section.getByRole('row', { name: /brand book\.pdf/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Group file');
    expect(await row.textContent()).toContain('Changed on the group’s page');
    expect(await row.getByRole('switch').count()).toBe(0);
    expect(await row.getByRole('button').count()).toBe(0);
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: 'Download brand book.pdf' }).click();
    expect((await readFile(await (await download).path())).toString()).toBe('brand book');
    expectNoPageErrors(page);
  });

  it('shows the files at 1280 × 800 and 1024 × 768', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    await files(page).getByRole('link', { name: 'Download glossary.tbx' }).waitFor();
    await screenshot(page, 'job-files-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'job-files-1024');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('lets a viewer download but offers no upload, sharing or deleting', async () => {
    const viewer = await createViewer(world);
    const page = await world.signedInPage(`/jobs/${job.id}`, viewer);
    const section = files(page);
    await section.getByRole('link', { name: 'Download glossary.tbx' }).waitFor();
    expect(await section.getByRole('button', { name: 'Upload files' }).count()).toBe(0);
    expect(await section.getByLabel('Files to upload').count()).toBe(0);
    expect(await section.getByRole('switch').count()).toBe(0);
    expect(await section.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await section.getByRole('row', { name: /glossary\.tbx/ }).textContent()).toContain('Not shared');
    const download = page.waitForEvent('download');
    await section.getByRole('link', { name: 'Download glossary.tbx' }).click();
    expect((await readFile(await (await download).path())).toString()).toBe('glossary');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });
});
