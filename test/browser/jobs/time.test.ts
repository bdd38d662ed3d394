import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { createJob, createViewer } from './records-fixture.js';

/** The job page's "Time" section (docs/console.md#the-job-page), in Chromium against a real server. */
describe.skipIf(skipReason)('the time of a job', () => {
  let world: ConsoleWorld;
  let job: { id: string; name: string };
  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    job = await createJob(world, 'Time on the software strings');
  });
  afterAll(async () => world?.close());

  const time = (page: Page) => page.getByRole('region', { name: 'Time' });
  type Entry = { id: string; duration: number; billable: boolean; running: boolean; from: string; user: { name: string } };
  const stored = async () =>
    (await world.api<{ timeTrackers: { duration: number; running: boolean; list: Entry[] } }>('GET', `/v2/jobs/${job.id}`)).timeTrackers;
  /** h:mm:ss as seconds. */
  const seconds = (text: string | null) => {
    const [h, m, s] = (text ?? '').trim().split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

  it('starts a timer with the keyboard, counts live from its start (also after a reload), and stops it', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = time(page);
    await section.getByText('No time recorded yet.').waitFor();
    const button = section.getByRole('button', { name: 'Start timer' });
    await button.focus();
    await page.keyboard.press('Enter');
    const timer = section.getByRole('timer', { name: 'Your running timer' });
    await timer.waitFor();
    // The same button now stops the timer, and it still has the keyboard's focus.
    const stop = section.getByRole('button', { name: 'Stop timer' });
    await stop.waitFor();
    expect(await isFocused(stop)).toBe(true);
    expect(await section.getByRole('row', { name: /Owner/ }).textContent()).toContain('Running');

    await page.waitForTimeout(2200);
    expect(seconds(await timer.textContent())).toBeGreaterThanOrEqual(2);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-time-running');

    // A reload counts from the entry's stored start, not from zero.
    const before = seconds(await timer.textContent());
    await page.reload();
    await timer.waitFor();
    expect(seconds(await timer.textContent())).toBeGreaterThanOrEqual(before);
    const [running] = (await stored()).list;
    expect(running).toMatchObject({ running: true, duration: 0, user: { name: 'Owner' } });

    await section.getByRole('button', { name: 'Stop timer' }).focus();
    await page.keyboard.press('Enter');
    await section.getByRole('button', { name: 'Start timer' }).waitFor();
    expect(await isFocused(section.getByRole('button', { name: 'Start timer' }))).toBe(true);
    expect(await section.getByRole('timer').count()).toBe(0);
    const [entry] = (await stored()).list;
    expect(entry!.running).toBe(false);
    expect(entry!.duration).toBeGreaterThanOrEqual(2000);
    const row = section.getByRole('row', { name: /Owner/ });
    const shown = (await row.getByRole('cell').nth(1).textContent())!;
    expect(shown).toBe(formatDuration(entry!.duration));
    expect(await section.getByRole('group', { name: 'Totals' }).textContent()).toBe(`Total: ${shown}Billable: 0:00:00`);
    expectNoPageErrors(page);
  });

  it('marks an entry billable and not, with the keyboard, and the billable total follows', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = time(page);
    const billable = section.getByRole('switch', { name: /^Billable: the entry of Owner/ });
    await billable.waitFor();
    expect(await billable.isChecked()).toBe(false);
    await billable.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await stored()).list[0]!.billable).toBe(true);
    const [entry] = (await stored()).list;
    await expect
      .poll(() => section.getByRole('group', { name: 'Totals' }).textContent())
      .toBe(`Total: ${formatDuration(entry!.duration)}Billable: ${formatDuration(entry!.duration)}`);
    expect(await section.getByRole('row', { name: /Owner/ }).textContent()).toContain('Billable');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await stored()).list[0]!.billable).toBe(false);
    await expect.poll(() => section.getByRole('row', { name: /Owner/ }).textContent()).toContain('Not billable');
    expectNoPageErrors(page);
  });

  it('adds time by hand (a field error first), changes it, and deletes it after asking', async () => {
    const page = await world.signedInPage(`/jobs/${job.id}`);
    const section = time(page);
    await section.getByRole('button', { name: 'Add time' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add time' });
    await dialog.getByLabel('Start').fill('2026-03-02T09:00');
    await dialog.getByLabel('Duration').fill('an hour');
    await dialog.getByLabel('Billable').check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('A duration such as 1:30 (h:mm) or 1.5 (hours)').waitFor();
    expect(await dialog.getByLabel('Duration').getAttribute('aria-invalid')).toBe('true');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-time-add-error');
    await dialog.getByLabel('Duration').fill('1:30');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });

    const from = await page.evaluate(() => new Date('2026-03-02T09:00').toISOString());
    const added = (await stored()).list.find((entry) => entry.from === from);
    expect(added).toMatchObject({ duration: 5_400_000, billable: true, running: false });
    const row = section.getByRole('row').filter({ hasText: '1:30:00' });
    await row.waitFor();
    expect(await row.textContent()).toContain('2 Mar 2026, 09:00');
    const first = (await stored()).list.find((entry) => entry.id !== added!.id)!;
    expect(await section.getByRole('group', { name: 'Totals' }).textContent()).toBe(`Total: ${formatDuration(5_400_000 + first.duration)}Billable: 1:30:00`);

    await row.getByRole('button', { name: /^Edit the entry of Owner/ }).click();
    const edit = page.getByRole('dialog', { name: 'Change the time entry' });
    expect(await edit.getByLabel('Duration').inputValue()).toBe('1:30:00');
    await edit.getByLabel('Duration').fill('0:45');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(async () => (await stored()).list.find((entry) => entry.id === added!.id)?.duration).toBe(2_700_000);
    expect((await stored()).list.find((entry) => entry.id === added!.id)!.from).toBe(from);
    const changed = section.getByRole('row').filter({ hasText: '0:45:00' });
    await changed.waitFor();

    await changed.getByRole('button', { name: /^Delete the entry of Owner/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the time entry?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await changed.waitFor({ state: 'detached' });
    expect((await stored()).list.map((entry) => entry.id)).toEqual([first.id]);
    expectNoPageErrors(page);
  });

  it('shows another user’s running timer counting, and the section at 1280 × 800 and 1024 × 768', async () => {
    // The API key's user is the owner: the viewer sees the owner's entries, one of them running.
    const viewer = await createViewer(world);
    await world.api('POST', `/v2/jobs/${job.id}/trackers`, { from: '2026-03-03T10:00:00.000Z', duration: 3_600_000, billable: true });
    await world.api('POST', `/v2/jobs/${job.id}/trackers/start`, {});
    const page = await world.signedInPage(`/jobs/${job.id}`, viewer);
    const section = time(page);
    const running = section.getByRole('timer', { name: /^Time so far of the entry of Owner/ });
    await running.waitFor();
    const first = seconds(await running.textContent());
    await page.waitForTimeout(1500);
    expect(seconds(await running.textContent())).toBeGreaterThan(first);
    // A viewer sees the time but is offered no change.
    expect(await section.getByRole('button').count()).toBe(0);
    expect(await section.getByRole('switch').count()).toBe(0);
    expect(await section.getByRole('row').filter({ hasText: '1:00:00' }).textContent()).toContain('Billable');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'job-time-viewer-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'job-time-viewer-1024');

    const owner = await world.signedInPage(`/jobs/${job.id}`);
    await time(owner).getByRole('timer', { name: 'Your running timer' }).waitFor();
    await owner.setViewportSize({ width: 1024, height: 768 });
    await screenshot(owner, 'job-time-1024');
    await checkAccessibility(owner);
    await checkControlsVisible(owner);
    expectNoPageErrors(page);
    expectNoPageErrors(owner);
  });
});

function formatDuration(ms: number): string {
  const whole = Math.floor(ms / 1000);
  return `${Math.floor(whole / 3600)}:${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
