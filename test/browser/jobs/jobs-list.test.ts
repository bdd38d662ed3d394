import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setPasswordByEmail } from '../../../src/modules/auth/index.js';
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

/**
 * The jobs page (docs/console.md#the-jobs-page) in Chromium against a real server: the table, the
 * search, filters kept in the address, sorting, paging, the bulk status change, overdue jobs, what
 * a viewer is not offered, the keyboard alone, axe-core and screenshots.
 */
const VIEWER = { email: 'viewer@agency.example', password: 'viewer password 1' };
const JOBS = 60;
const DAY = 24 * 3600 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe.skipIf(skipReason)('the jobs page', () => {
  let world: ConsoleWorld;
  const ids: Record<string, string> = {};
  const label: Record<string, string> = {};

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    const byName = (list: Array<{ id: string; name: string }>) => Object.fromEntries(list.map((item) => [item.name, item.id]));
    const clients = byName((await world.api('GET', '/v2/clients?pageSize=100')).items);
    const services = byName(await world.api('GET', '/v2/account/services'));
    const units = byName(await world.api('GET', '/v2/account/quantity-types'));
    Object.assign(label, byName(await world.api('GET', '/v2/account/labels')));
    const pairs = await world.api<Array<{ id: string; source?: { code: string }; target: { code: string } }>>('GET', '/v2/account/language-pairs');
    const enFr = pairs.find((pair) => pair.source?.code === 'en' && pair.target.code === 'fr')!.id;
    const enDe = pairs.find((pair) => pair.source?.code === 'en' && pair.target.code === 'de')!.id;
    const paula = (await world.api('POST', '/v2/users', { name: 'Paula Manager', role: 'manager' })).id as string;
    await world.api('POST', '/v2/users', { email: VIEWER.email, role: 'viewer' });
    await setPasswordByEmail(world.server.database.db, world.server.database.dialect, VIEWER.email, VIEWER.password);

    const clientNames = ['Acme Pharma NV', 'Globex Legal LLP', 'Initech Software GmbH'];
    const documents = ['Leaflet', 'Manual', 'Website', 'Contract', 'Brochure', 'Patent'];
    const make = async (key: string, body: Record<string, unknown>, update: Record<string, unknown> = {}) => {
      const job = await world.api('POST', '/v2/jobs', { quantityType: units.Words, service: services.Translation, quantity: 1000, ...body });
      if (Object.keys(update).length > 0) await world.api('PUT', `/v2/jobs/${job.id}`, update);
      ids[key] = job.id;
    };
    for (let i = 1; i <= JOBS - 6; i++) {
      await make(`job${i}`, {
        name: `${documents[i % documents.length]} ${String(i).padStart(2, '0')}`,
        client: clients[clientNames[i % 3]!],
        languagePair: i % 2 === 0 ? enFr : enDe,
        quantity: 500 + i * 10,
        dueDate: isoDay(10 + i),
      });
    }
    // Every status shows on the first page (axe-core checks each badge's contrast).
    await make('paused', { name: 'Paused glossary', client: clients['Acme Pharma NV'], dueDate: isoDay(40) }, { status: 6 });
    await make('invoiced', { name: 'Invoiced subtitles', client: clients['Acme Pharma NV'], dueDate: isoDay(-20) }, { status: 3 });
    await world.api('PUT', `/v2/jobs/${ids.invoiced}`, { status: 4 });
    // The jobs the tests look for, created last (the newest come first).
    await make('annual', { name: 'Annual report', client: clients['Acme Pharma NV'], languagePair: enFr, dueDate: isoDay(30) }, { owner: paula });
    await make('late', { name: 'Late leaflet', client: clients['Globex Legal LLP'], languagePair: enFr, dueDate: isoDay(-3) });
    await make('lateDone', { name: 'Delivered late', client: clients['Globex Legal LLP'], dueDate: isoDay(-5) }, { status: 3 });
    await make('cancelled', { name: 'Cancelled catalogue', client: clients['Initech Software GmbH'], dueDate: isoDay(-2) }, { status: 5 });
    await world.api('POST', `/v2/jobs/${ids.annual}/labels/${label.Urgent}`);
    await world.api('POST', `/v2/jobs/${ids.late}/labels/${label.Urgent}`);
  });
  afterAll(async () => world?.close());

  const rows = (page: Page) => page.getByRole('table', { name: 'Jobs' }).locator('tbody tr');
  const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('link', { name, exact: true }) });
  const searchParams = (page: Page) => new URL(page.url()).searchParams;
  const summary = (page: Page) => page.getByText(/^\d[\d,]*–\d[\d,]* of \d[\d,]*$/);

  it('shows the jobs in a table with every column, one page of 50, and passes axe', async () => {
    const page = await world.signedInPage('/jobs');
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'New job' }).getAttribute('href')).toBe('/jobs/new');
    await eventually(() => rows(page).count()).toBe(50);
    expect(await summary(page).textContent()).toBe('1–50 of 60');
    const headers = await page.getByRole('columnheader').allTextContents();
    for (const name of ['No.', 'Name', 'Client', 'Languages', 'Service', 'Quantity', 'Total', 'Status', 'Due', 'Manager'])
      expect(headers.join('|')).toContain(name);
    // The newest job first (the API's default order), each cell as the API answers it.
    const annual = rowOf(page, 'Annual report');
    const cells = (await annual.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    const annualNumber = (await world.api<{ number: string }>('GET', `/v2/jobs/${ids.annual}`)).number;
    expect(cells).toEqual(expect.arrayContaining([annualNumber, 'Acme Pharma NV', 'en ↔ fr', 'Translation', '1,000 Words', 'Not started', 'Paula Manager']));
    expect(cells[cells.indexOf(annualNumber) + 1]).toBe('Annual report');
    expect(cells.some((cell) => /^€[\d,]+\.\d\d$/.test(cell))).toBe(true);
    expect(await rows(page).first().getByRole('link').first().textContent()).toBe('Cancelled catalogue');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'jobs-list-1280');
    await page.screenshot({ path: 'test/browser/screenshots/jobs-list-1280-top.png' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'jobs-list-1024');
    await page.screenshot({ path: 'test/browser/screenshots/jobs-list-1024-top.png' });
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('marks overdue jobs with text, not for jobs whose work is over', async () => {
    const page = await world.signedInPage('/jobs');
    await rowOf(page, 'Late leaflet').waitFor();
    expect(await rowOf(page, 'Late leaflet').getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(await rowOf(page, 'Delivered late').getByText('Overdue').count()).toBe(0);
    expect(await rowOf(page, 'Cancelled catalogue').getByText('Overdue').count()).toBe(0);
    expect(await rowOf(page, 'Invoiced subtitles').getByText('Overdue').count()).toBe(0);
    // On hold, in the future: not late either.
    expect(await rowOf(page, 'Paused glossary').getByText('Overdue').count()).toBe(0);
    expect(await rowOf(page, 'Annual report').getByText('Overdue').count()).toBe(0);
    expect(await page.getByText('Overdue', { exact: true }).count()).toBe(1);
  });

  it('searches 300 ms after typing, and keeps the search in the address', async () => {
    const page = await world.signedInPage('/jobs');
    await rows(page).first().waitFor();
    // The pause is counted on the test's own clock, stopped while typing: "not before 300 ms" cannot depend on the machine's speed.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByLabel('Search', { exact: true }).fill('annual');
    await page.clock.runFor(290);
    expect(searchParams(page).get('q')).toBeNull();
    await page.clock.runFor(20);
    await page.clock.resume();
    await page.waitForURL((url) => url.searchParams.get('q') === 'annual');
    await eventually(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getByRole('link').textContent()).toBe('Annual report');
    await page.getByLabel('Search', { exact: true }).fill('no such job at all');
    await page.getByText('No job matches this search and these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await eventually(() => rows(page).count()).toBe(50);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
    expectNoPageErrors(page);
  });

  it('filters by status and label into the address, and the bookmarked address shows the same view after a reload', async () => {
    const page = await world.signedInPage('/jobs');
    await rows(page).first().waitFor();
    await page.getByRole('combobox', { name: 'Label' }).click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.has('label'));
    await eventually(() => rows(page).count()).toBe(2);
    expect(new Set(await rows(page).getByRole('link').allTextContents())).toEqual(new Set(['Annual report', 'Late leaflet']));
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Not started' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.has('status'));
    expect(JSON.parse(searchParams(page).get('status')!)).toEqual([1]);
    expect(JSON.parse(searchParams(page).get('label')!)).toEqual([label.Urgent]);

    await page.reload();
    await eventually(() => rows(page).count()).toBe(2);
    expect(await summary(page).textContent()).toBe('1–2 of 2');
    // The filters show what the address says.
    const filters = page.getByRole('group', { name: 'Filters' });
    expect(await filters.getByText('Urgent').count()).toBeGreaterThan(0);
    expect(await filters.getByText('Not started').count()).toBeGreaterThan(0);
    // Clients are searched by the API as one types.
    await page.getByRole('combobox', { name: 'Client' }).fill('glob');
    await page.getByRole('option', { name: 'Globex Legal LLP' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.has('client'));
    await eventually(() => rows(page).count()).toBe(1);
    expect(await rows(page).getByRole('link').textContent()).toBe('Late leaflet');

    // A shared link with a client and a due range opens the same view in another browser.
    const clients = (await world.api('GET', '/v2/clients?q=Globex')).items as Array<{ id: string }>;
    const shared = `/jobs?client=${encodeURIComponent(JSON.stringify([clients[0]!.id]))}&dueTo=${isoDay(0)}`;
    const other = await world.signedInPage(shared);
    await eventually(() => rows(other).count()).toBe(2);
    expect(new Set(await rows(other).getByRole('link').allTextContents())).toEqual(new Set(['Late leaflet', 'Delivered late']));
    await eventually(() => other.getByRole('group', { name: 'Filters' }).getByText('Globex Legal LLP').count()).toBeGreaterThan(0);
    // Typed and shown in the account's locale (docs/console.md#dates): DD/MM/YYYY for English without a country.
    expect(await other.getByLabel('Due until').inputValue()).toBe(isoDay(0).split('-').reverse().join('/'));
    expectNoPageErrors(page);
    expectNoPageErrors(other);
  });

  it('sorts by a column header (aria-sort), both ways, in the address', async () => {
    const page = await world.signedInPage('/jobs');
    await rows(page).first().waitFor();
    const nameHeader = page.getByRole('columnheader', { name: /Name/ });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    await nameHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    await eventually(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await eventually(() => rows(page).first().getByRole('link').textContent()).toBe('Annual report');
    await nameHeader.getByRole('button').click();
    await eventually(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(searchParams(page).get('direction')).toBe('desc');
    await eventually(() => rows(page).first().getByRole('link').textContent()).toBe('Website 50');
    // Earliest due first.
    await page.getByRole('columnheader', { name: /Due/ }).getByRole('button').click();
    await eventually(() => rows(page).first().getByRole('link').textContent()).toBe('Invoiced subtitles');
    expect(await rows(page).nth(1).getByRole('link').textContent()).toBe('Delivered late');
    expectNoPageErrors(page);
  });

  it('pages on the server: next page, page size, each in the address', async () => {
    const page = await world.signedInPage('/jobs');
    await rows(page).first().waitFor();
    const firstPage = await rows(page).getByRole('link').allTextContents();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await eventually(() => summary(page).textContent()).toBe('51–60 of 60');
    expect(await rows(page).count()).toBe(10);
    const secondPage = await rows(page).getByRole('link').allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    await page.getByRole('combobox', { name: 'Jobs per page' }).click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '20' && !url.searchParams.has('page'));
    await eventually(() => summary(page).textContent()).toBe('1–20 of 60');
    expect(await rows(page).count()).toBe(20);
    // A bookmark of a page past the last shows the last one.
    await page.goto('/jobs?page=9&pageSize=20');
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await eventually(() => summary(page).textContent()).toBe('41–60 of 60');
    expectNoPageErrors(page);
  });

  it('changes the status of the selected jobs, and lists the moves the API refused with its message', async () => {
    const page = await world.signedInPage('/jobs');
    await rows(page).first().waitFor();
    await rowOf(page, 'Late leaflet').getByRole('checkbox').check();
    await rowOf(page, 'Cancelled catalogue').getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Change the status of the selected jobs' });
    await bar.getByText('2 selected').waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'jobs-list-selected');
    await page.screenshot({ path: 'test/browser/screenshots/jobs-list-selected-window.png' });
    await bar.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await bar.getByRole('button', { name: 'Apply' }).click();
    const result = page.getByRole('alert').filter({ hasText: 'Status change' });
    await result.waitFor();
    expect(await result.textContent()).toContain('1 job changed.');
    expect(await result.textContent()).toContain('Cancelled catalogue: A job cannot move from status 5 (cancelled) to 2 (in progress)');
    // The API has what the page says, and the table shows it.
    expect((await world.api('GET', `/v2/jobs/${ids.late}`)).status).toBe(2);
    expect((await world.api('GET', `/v2/jobs/${ids.cancelled}`)).status).toBe(5);
    await eventually(() => rowOf(page, 'Late leaflet').getByText('In progress').count()).toBe(1);
    expect(await bar.count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'jobs-list-bulk-result');
    await page.screenshot({ path: 'test/browser/screenshots/jobs-list-bulk-result-window.png' });
    // Select all on the page, then none.
    await page.getByRole('checkbox', { name: 'Select every job on this page' }).check();
    await bar.getByText('50 selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select every job on this page' }).uncheck();
    await eventually(() => bar.count()).toBe(0);
    await world.api('PUT', `/v2/jobs/${ids.late}`, { status: 1 });
    expectNoPageErrors(page);
  });

  it('shows skeleton rows while the jobs load, an error with a retry, and opens an address it cannot read', async () => {
    const page = await world.signedInPage('/groups');
    // The jobs answer late, then fail, then come.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let mode: 'slow' | 'fail' | 'pass' = 'slow';
    await page.route(/\/v2\/jobs\?/, async (route) => {
      if (mode === 'slow') {
        await held;
        return route.continue();
      }
      if (mode === 'fail')
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', message: 'The server is busy' }) });
      return route.continue();
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).click();
    const table = page.getByRole('table', { name: 'Jobs' });
    await eventually(() => table.getAttribute('aria-busy')).toBe('true');
    expect(await rows(page).count()).toBe(10);
    expect(await page.getByRole('status').filter({ hasText: 'Loading jobs…' }).count()).toBe(1);
    expect(await rows(page).getByRole('link').count()).toBe(0);
    await screenshot(page, 'jobs-list-loading');
    mode = 'fail';
    release();
    // The held request passes; a new view (a search typed) fails.
    await eventually(() => rows(page).getByRole('link').count()).toBe(50);
    await page.getByLabel('Search', { exact: true }).fill('leaflet');
    const error = page.getByRole('alert').filter({ hasText: 'The jobs could not be loaded: The server is busy' });
    await error.waitFor();
    await checkAccessibility(page);
    await checkControlsVisible(page);
    mode = 'pass';
    await error.getByRole('button', { name: 'Try again' }).click();
    await eventually(() => error.count()).toBe(0);
    await eventually(() => rows(page).count()).toBe(10);
    await page.unroute(/\/v2\/jobs\?/);

    // An address with values the page cannot read (an old or hand-edited link) shows the jobs anyway.
    await page.goto('/jobs?status=OPEN&page=last&sort=client&client=nobody');
    await eventually(() => rows(page).count()).toBe(50);
    expect(await page.getByRole('heading', { name: 'Jobs', level: 1 }).count()).toBe(1);
    expectNoPageErrors(page);
  });

  it('offers a viewer neither "New job" nor the selection and bulk change', async () => {
    const page = await world.signedInPage('/jobs', VIEWER);
    await eventually(() => rows(page).count()).toBe(50);
    expect(await page.getByRole('link', { name: 'New job' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Change the status of the selected jobs' }).count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });

  it('works with the keyboard alone: a filter chosen with keys, a column sorted, then Tab to a job and Enter opens it', async () => {
    const page = await world.signedInPage('/jobs');
    await rows(page).first().waitFor();
    /** What has the focus: its tag, role and accessible text. */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        const labelled = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : undefined;
        return `${element?.tagName ?? ''}|${element?.getAttribute('role') ?? ''}|${(element?.getAttribute('aria-label') ?? labelled ?? element?.textContent ?? '').trim()}`;
      });
    await page.getByLabel('Search', { exact: true }).focus();
    await page.keyboard.press('Tab');
    // The status filter is next: typed, chosen with the arrow and Enter, closed with Escape.
    expect(await focused()).toBe('INPUT|combobox|Status');
    await page.keyboard.type('Cancel');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('status') === '[5]');
    await eventually(() => rows(page).count()).toBe(1);
    // Tab on through the filters and the table: the name's header sorts with Enter, the job opens with Enter.
    const seen: string[] = [];
    const tabTo = async (target: string) => {
      for (let presses = 0; presses < 40; presses++) {
        await page.keyboard.press('Tab');
        const now = await focused();
        seen.push(now);
        if (now === target) return;
      }
      throw new Error(`never reached ${target}: ${seen.join(', ')}`);
    };
    await tabTo('BUTTON||Name↕');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    await eventually(() => page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(await rows(page).first().getByRole('link').textContent()).toBe('Cancelled catalogue');
    // Every filter and the page's selection box come before the table's header, in reading order.
    for (const control of ['Client', 'Manager', 'Label', 'Due from', 'Due until', 'Select every job on this page'])
      expect(
        seen.some((entry) => entry.endsWith(`|${control}`)),
        `${control} in ${seen.join(', ')}`,
      ).toBe(true);
    await tabTo('A||Cancelled catalogue');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/jobs/${ids.cancelled}`);
    await page.getByRole('heading', { name: 'Cancelled catalogue', level: 1 }).waitFor();
    expectNoPageErrors(page);
  });

  it('finds a job by its number, shown in the No. column (docs/jobs.md#job-numbers)', async () => {
    const late = await world.api<{ number: string }>('GET', `/v2/jobs/${ids.late}`);
    const page = await world.signedInPage(`/jobs?q=${encodeURIComponent(late.number)}`);
    await eventually(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getByRole('link').textContent()).toBe('Late leaflet');
    expect((await rows(page).first().getByRole('cell').allInnerTexts()).map((text) => text.trim())).toContain(late.number);
    expectNoPageErrors(page);
  });
});
