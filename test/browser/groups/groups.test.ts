import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  eventually,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

/** The groups list and a group's page (docs/console.md#groups), in Chromium against a real server. */

interface Named {
  id: string;
  name: string;
}
interface GroupJson extends Named {
  client: Named | null;
  status: number;
  progress: number;
  dueDate: string | null;
  budget: { amount: number | null; currency: { code: string } };
  jobs: string[];
}

// How the console writes what the API answers (console/src/shared/formatting/format.ts, en-GB).
const STATUS = ['', 'Not started', 'In progress', 'Finished', 'Invoiced', 'Cancelled', 'On hold'];
const money = (amount: number, currency: string) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso)) : '—');
const percent = (progress: number) => `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(progress)}%`;

/** Waits for a dialog to have faded in, with no transition running: axe reads the colours as they are. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

/** The row of the groups table whose name link is `name`. */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe.skipIf(skipReason)('groups', () => {
  let world: ConsoleWorld;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    const first = async (path: string) => (await world.api<{ items: Named[] }>('GET', path)).items[0]!;
    const services = await world.api<Named[]>('GET', '/v2/account/services');
    const units = await world.api<Named[]>('GET', '/v2/account/quantity-types');
    const acme = await first('/v2/clients?q=Acme');
    const globex = await first('/v2/clients?q=Globex');
    const job = async (name: string, client: string, extra: Record<string, unknown> = {}, status?: number) => {
      const created = await world.api<Named>('POST', '/v2/jobs', {
        name,
        client,
        quantity: 1000,
        quantityType: units.find((unit) => unit.name === 'Words')!.id,
        service: services.find((service) => service.name === 'Translation')!.id,
        ...extra,
      });
      if (status) await world.api('PUT', `/v2/jobs/${created.id}`, { status });
      return (ids[name] = created.id);
    };
    await job('Brochure EN-FR', acme.id, { dueDate: '2031-03-10', externalReference: 'ACME-PO-1' });
    await job('Leaflet EN-DE', acme.id, { dueDate: '2031-03-20' }, 3);
    await job('Website strings', globex.id, {}, 2);
    await job('Contract review', acme.id, { dueDate: '2031-05-02', externalReference: 'CR-77' }, 3);
    const group = async (body: Record<string, unknown>, jobs: string[], budget?: number) => {
      const created = await world.api<Named>('POST', '/v2/groups', body);
      for (const jobId of jobs) await world.api('POST', `/v2/groups/${created.id}/jobs/${jobId}`);
      if (budget !== undefined) await world.api('PUT', `/v2/groups/${created.id}`, { budget });
      return (ids[body.name as string] = created.id);
    };
    await group({ name: 'Spring campaign', client: acme.id, dueDate: '2031-01-31' }, [ids['Brochure EN-FR']!, ids['Leaflet EN-DE']!], 500);
    await group({ name: 'Legal pack', client: globex.id }, [ids['Website strings']!]);
    await group({ name: 'Annual report', dueDateAuto: true }, []);
    page = await world.signedInPage('/groups');
  });
  afterAll(async () => world?.close());

  it('lists the groups with the derived values the API answers', async () => {
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    const answer = await world.api<{ items: GroupJson[] }>('GET', '/v2/groups');
    expect(answer.items.map((group) => group.name)).toEqual(['Annual report', 'Legal pack', 'Spring campaign']);
    await eventually(() => page.getByRole('row').count()).toBe(answer.items.length + 1);
    for (const group of answer.items) {
      const cells = await rowOf(page, group.name).getByRole('cell').allTextContents();
      expect(cells).toEqual([
        group.name,
        group.client?.name ?? 'No client',
        STATUS[group.status],
        percent(group.progress),
        date(group.dueDate),
        group.budget.amount === null ? 'No budget' : money(group.budget.amount, group.budget.currency.code),
        String(group.jobs.length),
      ]);
    }
    // Spring campaign: one job of two finished (progress 0 and 100), due on its own date (not automatic), a budget.
    const spring = answer.items.find((group) => group.name === 'Spring campaign')!;
    expect([spring.status, spring.progress, spring.budget.amount]).toEqual([2, 50, 500]);
    expect(await rowOf(page, 'Spring campaign').getByRole('progressbar', { name: 'Progress of Spring campaign' }).getAttribute('aria-valuenow')).toBe('50');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'groups-list-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'groups-list-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
    expectNoPageErrors(page);
  });

  it('keeps the search, the filters and the sorting in the address, through a reload', async () => {
    await page.goto('/groups');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('status') === '[2]');
    await eventually(() => page.getByRole('row').count()).toBe(3);
    expect(await rowOf(page, 'Legal pack').count()).toBe(1);
    expect(await rowOf(page, 'Spring campaign').count()).toBe(1);

    await page.getByRole('button', { name: 'Name' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name' && url.searchParams.get('direction') === 'asc');
    await page.getByLabel('Search groups').fill('pack');
    await page.waitForURL((url) => url.searchParams.get('q') === 'pack');
    await eventually(() => page.getByRole('row').count()).toBe(2);

    await page.reload();
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await eventually(() => page.getByRole('row').count()).toBe(2);
    expect(await rowOf(page, 'Legal pack').count()).toBe(1);
    expect(await page.getByLabel('Search groups').inputValue()).toBe('pack');
    expect(await page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByText('In progress', { exact: true }).first().isVisible()).toBe(true);

    // A bookmarked view by client: its name shows in the client box.
    const acme = (await world.api<{ items: Named[] }>('GET', '/v2/clients?q=Acme')).items[0]!;
    await page.goto(`/groups?client=${acme.id}`);
    await eventually(() => page.getByRole('row').count()).toBe(2);
    expect(await rowOf(page, 'Spring campaign').count()).toBe(1);
    await eventually(() => page.getByRole('combobox', { name: 'Client' }).inputValue()).toBe('Acme Pharma NV');
    expectNoPageErrors(page);
  });

  it('creates a group, which opens on its page', async () => {
    await page.goto('/groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await eventually(() => dialog.getByText('A group needs a name.').count()).toBe(1);
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'group-new-dialog');
    await dialog.getByLabel('Name').fill('Autumn launch');
    await dialog.getByRole('combobox', { name: 'Client' }).fill('Initech');
    await page.getByRole('option', { name: 'Initech Software GmbH' }).click();
    await dialog.getByLabel('Due date').fill('2031-10-15');
    await dialog.getByLabel('External reference').fill('INI-2031');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { name: 'Autumn launch', level: 1 }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const group = await world.api<GroupJson & { externalReference: string }>('GET', `/v2/groups/${id}`);
    expect([group.name, group.client?.name, group.dueDate?.slice(0, 10), group.externalReference]).toEqual([
      'Autumn launch',
      'Initech Software GmbH',
      '2031-10-15',
      'INI-2031',
    ]);
    expectNoPageErrors(page);
  });

  it('adds a job in no group and removes it, and the derived values follow', async () => {
    await page.goto(`/groups/${ids['Annual report']}`);
    await page.getByRole('heading', { name: 'Annual report', level: 1 }).waitFor();
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect
      .poll(() => overview.getByRole('definition').allTextContents())
      .toEqual([
        'Not startedFollows the status of its jobs',
        '0%0 of 0 jobs delivered',
        '—The latest due date of its jobs',
        'No budget',
        '€0.00Invoiced: €0.00',
      ]);
    expect(await page.getByText('No jobs in this group yet.').count()).toBe(1);

    // A job of another group is not offered.
    const picker = page.getByRole('combobox', { name: 'Add a job' });
    await picker.fill('Brochure');
    await eventually(() => page.getByText('No job in no group matches').count()).toBe(1);
    await picker.fill('CR-77');
    await page.getByRole('option', { name: /^Contract review/ }).click();
    await page.getByRole('button', { name: 'Add to the group' }).click();
    const jobs = page.getByRole('table', { name: /Jobs/ });
    await eventually(() => jobs.getByRole('link', { name: 'Contract review' }).count()).toBe(1);
    const added = await world.api<GroupJson>('GET', `/v2/groups/${ids['Annual report']}`);
    expect([added.status, added.progress, added.dueDate?.slice(0, 10), added.jobs]).toEqual([3, 100, '2031-05-02', [ids['Contract review']]]);
    await expect
      .poll(() => overview.getByRole('definition').allTextContents())
      .toEqual([
        'FinishedFollows the status of its jobs',
        '100%1 of 1 job delivered',
        `${date(added.dueDate)}The latest due date of its jobs`,
        'No budget',
        `${money((added as unknown as { estimation: { total: number } }).estimation.total, 'EUR')}Invoiced: €0.00`,
      ]);
    expect((await world.api<{ group: Named | null }>('GET', `/v2/jobs/${ids['Contract review']}`)).group?.id).toBe(ids['Annual report']);
    expect(await page.getByRole('heading', { name: 'Jobs (1)', level: 2 }).count()).toBe(1);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'group-page-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'group-page-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    await jobs.getByRole('button', { name: 'Remove Contract review from the group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the job from the group?' });
    await dialog.waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('button', { name: 'Remove from the group' }).click();
    await eventually(() => page.getByText('No jobs in this group yet.').count()).toBe(1);
    await eventually(() => overview.getByRole('definition').first().textContent()).toBe('Not startedFollows the status of its jobs');
    const removed = await world.api<GroupJson>('GET', `/v2/groups/${ids['Annual report']}`);
    expect([removed.status, removed.progress, removed.jobs]).toEqual([1, 0, []]);
    expect((await world.api<{ group: Named | null }>('GET', `/v2/jobs/${ids['Contract review']}`)).group).toBeNull();
    expectNoPageErrors(page);
  });

  it('saves the group’s own fields, and says when a group does not exist', async () => {
    await page.goto(`/groups/${ids['Legal pack']}`);
    await page.getByRole('heading', { name: 'Legal pack', level: 1 }).waitFor();
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill(' ');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByText('A group needs a name.').count()).toBe(1);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await name.fill('Legal pack 2031');
    await page.getByRole('textbox', { name: 'Budget' }).fill('1250');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Legal pack 2031', level: 1 }).waitFor();
    const saved = await world.api<GroupJson>('GET', `/v2/groups/${ids['Legal pack']}`);
    expect([saved.name, saved.budget.amount]).toEqual(['Legal pack 2031', 1250]);
    await eventually(() => page.getByRole('region', { name: 'Overview' }).getByRole('definition').nth(3).textContent()).toBe(money(1250, 'GBP'));

    await page.goto('/groups/0123456789abcdef01234567');
    await page.getByRole('heading', { name: 'Group not found', level: 1 }).waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('offers a viewer no new group, no adding and no removing', async () => {
    const viewer = { email: 'viewer@agency.example', password: 'viewer password 1' };
    const invited = await world.api<{ invitation: { url: string } }>('POST', '/v2/users', { email: viewer.email, role: 'viewer' });
    const token = new URL(invited.invitation.url).hash.replace('#token=', '');
    const accepted = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, password: viewer.password }),
    });
    expect(accepted.status).toBe(200);
    const viewerPage = await world.signedInPage('/groups', viewer);
    await eventually(() => viewerPage.getByRole('row').count()).toBeGreaterThan(1);
    expect(await viewerPage.getByRole('button', { name: 'New group' }).count()).toBe(0);
    await viewerPage.getByRole('link', { name: 'Spring campaign' }).click();
    await viewerPage.getByRole('heading', { name: 'Spring campaign', level: 1 }).waitFor();
    await eventually(() => viewerPage.getByRole('link', { name: 'Leaflet EN-DE' }).count()).toBe(1);
    expect(await viewerPage.getByText('can look at this but not change it').count()).toBe(1);
    expect(await viewerPage.getByRole('combobox', { name: 'Add a job' }).count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await viewerPage.getByRole('textbox', { name: /^Name/ }).isEditable()).toBe(false);
    expect(await viewerPage.getByRole('checkbox', { name: 'Pinned' }).isDisabled()).toBe(true);
    await checkAccessibility(viewerPage);
    await checkControlsVisible(viewerPage);
    await screenshot(viewerPage, 'group-page-viewer');
    expectNoPageErrors(viewerPage);
  });

  it("offers a group with a client only that client's jobs (docs/groups.md#one-client-per-group)", async () => {
    const services = await world.api<Named[]>('GET', '/v2/account/services');
    const units = await world.api<Named[]>('GET', '/v2/account/quantity-types');
    const acme = (await world.api<{ items: Named[] }>('GET', '/v2/clients?q=Acme')).items[0]!;
    await world.api('POST', '/v2/jobs', {
      name: 'Acme flyer',
      client: acme.id,
      quantity: 100,
      quantityType: units.find((unit) => unit.name === 'Words')!.id,
      service: services.find((service) => service.name === 'Translation')!.id,
    });
    const legal = await world.signedInPage(`/groups/${ids['Legal pack']}`);
    await legal.getByRole('heading', { name: 'Legal pack', level: 1 }).waitFor();
    await legal.getByRole('combobox', { name: 'Add a job' }).fill('Acme flyer');
    await eventually(() => legal.getByText('No job in no group matches').count()).toBe(1);
    expectNoPageErrors(legal);
  });
});
