/**
 * The web console's figures in `npm run bench` (docs/performance.md#the-web-console): Playwright
 * drives Debian's Chromium (headless) against the bench's running server and data set, signed in
 * with the session cookie of bench/sign-in.ts, in a 1280 × 800 window.
 *
 * 1. First loads (bench/console-first-load.ts): each page a person can land on (sign-in,
 *    dashboard, jobs, a job, a client, invoices) opened in a fresh browser context asking
 *    `Accept-Encoding: gzip` only; the encoded sizes of the scripts and style sheets asked for
 *    until the page showed its content (lazily loaded chunks included), those asked for after it
 *    until the network was idle beside them, and the same with the browser's own Accept-Encoding
 *    (the server then answers brotli). Target, per page: at most 300 KB (1 000 bytes) of
 *    JavaScript, gzip.
 * 2. The jobs page: `/jobs` once in a fresh context (cold cache, for reference), then 20 fresh
 *    navigations in that context (warm cache: a project manager's browser after the first page):
 *    navigation start → the first row of the jobs table holding a link to a job, visible.
 * 3. A job page: `/jobs/<id>` once cold in a fresh context, then, warm, one unmeasured load (the
 *    page's chunk) and 20 loads of 20 other jobs: navigation start → the h1 with the job's name.
 * 4. The dashboard `/`: navigation start → the first figure (dd) of the region "This month".
 * 5. The invoices page `/invoices`: → the first row of a table holding a link to an invoice.
 * 6. A client page's prices tab `/clients/<id>?tab=prices` (the client with the largest price grid of the data set,
 *    bench/console-data.ts): → the first data row of the table in the region "Prices".
 *    4–6 like 2: once cold, then 20 warm loads.
 *
 * Times are read with the page's own clock (bench/console-page-watch.ts: `performance.now()`,
 * whose origin is the navigation's start, in the first animation frame showing the element); the
 * test process waits for the same thing by ARIA role (table → row → link; heading level 1).
 * Targets are judged on the p95 of the 20 warm loads (nearest rank).
 *
 * Alone: `npm run build && npx tsx bench/console-alone.ts [--scale N]` generates N jobs (default 1 000)
 * in a temporary SQLite database, starts the built server on it, and prints the figures.
 */
import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { COLD_TIMEOUT_MS, landingPages, measureFirstLoads, message, type ConsoleFirstLoad, type NewContext } from './console-first-load.js';
import { watcherScript, type SeenInPage } from './console-page-watch.js';

export const JOBS_PAGE_LIMIT_MS = 500;
export const JOB_PAGE_LIMIT_MS = 300;
export const DASHBOARD_LIMIT_MS = 500;
export const INVOICES_PAGE_LIMIT_MS = 500;
export const CLIENT_PAGE_LIMIT_MS = 500;
const LOADS = 20;
const VIEWPORT = { width: 1280, height: 800 };
const WARM_TIMEOUT_MS = 10_000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-gpu'];

export interface ConsolePageLoads {
  name: string;
  path: string;
  /** What the loads wait for, in words. */
  waitsFor: string;
  /** Measured warm loads (20 unless one failed). */
  loads: number;
  p50Ms: number | null;
  p95Ms: number | null;
  minMs: number | null;
  maxMs: number | null;
  /** The same loads on the test process's clock (goto → Playwright saw the element). */
  harnessP50Ms: number | null;
  harnessP95Ms: number | null;
  /** One load in a fresh context (empty cache), for reference. */
  coldMs: number | null;
  /** Warm loads in which a script came from the network instead of the cache (0: the cache was warm). */
  warmLoadsWithNetworkScripts: number;
  /** Loads timed on the test process's clock because the page's watcher did not see the element. */
  harnessClockLoads: number;
  /** Loads in which the element was below the window's fold. */
  belowFoldLoads: number;
  navigationTypes: string[];
  scriptErrors: string[];
  target: string;
  met: boolean;
  error?: string;
}

export interface ConsoleMeasured {
  /** Why nothing was measured (no Chromium), or undefined. */
  skipped?: string;
  /** What went wrong outside the figures below (they keep what was measured before). */
  error?: string;
  browser: string | null;
  viewport: string;
  note: string;
  /** The first load of each landing page. */
  firstLoads: ConsoleFirstLoad[];
  pages: ConsolePageLoads[];
  seconds: number;
}

export interface ConsoleInputs {
  base: string;
  /** The Cookie header of a signed-in session (`td_session=…`). */
  sessionCookie: string;
  /** The API key's Authorization header: reads the jobs' names. */
  auth: string;
  /** Ids of jobs of the data set: the first LOADS + 2 are opened. */
  jobIds: string[];
  /** Clients of the data set whose page to open: the first (the largest price grid). Default: the client with most prices, asked of the API. */
  clientIds?: string[];
  log: (line: string) => void;
  /** Measure the first loads only (bench/console-alone.ts --first-load). */
  firstLoadsOnly?: boolean;
}

const NOTE =
  "Playwright (playwright-core) driving Chromium headless (--no-sandbox --disable-background-networking --disable-gpu), 1280 × 800, signed in with a session cookie from POST /v2/auth/login, on the same server and data set as the API scenarios, while nothing else is sent to it. First loads: each landing page (sign-in without a session, dashboard, jobs, a job, a client's prices tab, invoices) in a fresh context asking Accept-Encoding: gzip only, every script and style sheet asked for before the page showed its content (the same element as the page times, or the sign-in form's password field; lazy chunks included), encoded sizes (KB = 1 000 bytes); \"later\": the scripts asked for after the content showed, until the network was idle (not judged); \"browser\" is the same load with the browser's own Accept-Encoding. Page times: navigation start → the first animation frame in which the element is visible, read with the page's own performance.now() (Navigation Timing origin), by a watcher installed before the page's scripts; the test process waits for the same element by ARIA role (jobs page: role=table → role=row holding a role=link to /jobs/<id>; job page: the level-1 heading with the job's name). Each of the 20 loads is a fresh navigation (page.goto) in one browser context whose cache is warm (one load of the same page before), as a project manager's browser is after the first page of the day; \"cold\" is one load in a fresh context. Job pages: 20 different jobs of the sample the API scenarios read. p50 and p95 by nearest rank; targets judged on the p95.";

/** Chromium on the PATH (Debian's `chromium` package; CHROMIUM_PATH overrides), as the browser tests find it. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${name}`])
        .toString()
        .trim();
      if (found) return found;
    } catch {
      // not this name
    }
  }
  return undefined;
}

const ms = (value: number) => Math.round(value * 10) / 10;

/** Nearest-rank percentile of a non-empty list. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measureConsole(inputs: ConsoleInputs): Promise<ConsoleMeasured> {
  const started = performance.now();
  const result: ConsoleMeasured = { browser: null, viewport: `${VIEWPORT.width} × ${VIEWPORT.height}`, note: NOTE, firstLoads: [], pages: [], seconds: 0 };
  const done = () => ({ ...result, seconds: ms((performance.now() - started) / 1000) });
  const executablePath = findChromium();
  if (!executablePath) return { ...done(), skipped: 'no Chromium on the PATH (apt-get install chromium, or set CHROMIUM_PATH)' };
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  } catch (error) {
    return { ...done(), skipped: `Chromium (${executablePath}) did not start: ${message(error)}` };
  }
  try {
    result.browser = `Chromium ${browser.version()}`;
    const ids = inputs.jobIds.slice(0, LOADS + 2);
    const names = await jobNames(inputs, ids);
    const script = watcherScript(names);
    const cookie = /^([^=]+)=(.*)$/.exec(inputs.sessionCookie);
    if (!cookie) throw new Error(`not a cookie: ${inputs.sessionCookie}`);
    const newContext: NewContext = async ({ headers, signedOut } = {}) => {
      const context = await browser.newContext({ baseURL: inputs.base, viewport: VIEWPORT, ...(headers ? { extraHTTPHeaders: headers } : {}) });
      if (!signedOut) await context.addCookies([{ name: cookie[1]!, value: cookie[2]!, url: inputs.base }]);
      await context.addInitScript({ content: script });
      return context;
    };
    const clientId = inputs.clientIds?.[0] ?? (await clientWithMostPrices(inputs));
    result.firstLoads = await measureFirstLoads(newContext, landingPages(ids[0]!, clientId));
    for (const first of result.firstLoads)
      inputs.log(
        `  console first load of ${first.name} (${first.path}): ${first.error ?? `JavaScript ${first.jsGzipKB} KB gzip (${first.browserEncodings.join(', ')}: ${first.jsBrowserKB} KB), then ${first.laterJsGzipKB} KB; CSS ${first.cssGzipKB} KB gzip`}`,
      );
    if (inputs.firstLoadsOnly) return done();
    const jobsTable = (page: Page) =>
      page
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.getByRole('link') })
        .first();
    const jobsPage = await measurePageLoads(newContext, {
      name: 'Jobs page: navigation → first rows',
      path: '/jobs',
      waitsFor: 'the first row of the jobs table holding a link to a job (role=table → role=row with a role=link to /jobs/<id>)',
      limitMs: JOBS_PAGE_LIMIT_MS,
      cold: { url: '/jobs', target: jobsTable },
      warmUp: [],
      warm: Array.from({ length: LOADS }, () => ({ url: '/jobs', target: jobsTable })),
    });
    result.pages.push(jobsPage);
    inputs.log(`  ${describe(jobsPage)}`);
    const jobHeading = (id: string) => (page: Page) => page.getByRole('heading', { level: 1, name: names[id], exact: true });
    const jobLoad = (id: string) => ({ url: `/jobs/${id}`, target: jobHeading(id) });
    const jobPage = await measurePageLoads(newContext, {
      name: 'Job page: navigation → its name (h1)',
      path: `/jobs/<id>, ${LOADS} jobs`,
      waitsFor: "the level-1 heading with the job's name",
      limitMs: JOB_PAGE_LIMIT_MS,
      cold: jobLoad(ids[0]!),
      warmUp: [jobLoad(ids[1]!)],
      warm: ids.slice(2).map(jobLoad),
    });
    result.pages.push(jobPage);
    inputs.log(`  ${describe(jobPage)}`);
    for (const plan of otherPages(clientId)) {
      const measured = await measurePageLoads(newContext, plan);
      result.pages.push(measured);
      inputs.log(`  ${describe(measured)}`);
    }
  } catch (error) {
    result.error = message(error);
    inputs.log(`  console: ${result.error}`);
  } finally {
    await browser.close();
  }
  return done();
}

function describe(loads: ConsolePageLoads): string {
  if (loads.error && loads.p50Ms === null) return `${loads.name}: not measured: ${loads.error}`;
  return `${loads.name}: p50 ${loads.p50Ms} ms, p95 ${loads.p95Ms} ms (${loads.loads} warm loads; cold ${loads.coldMs} ms)${loads.error ? `; ${loads.error}` : ''}`;
}

type PagePlan = Parameters<typeof measurePageLoads>[1];

/** The dashboard, the invoices page and a client page: each once cold, then LOADS warm loads of the same address. */
function otherPages(clientId: string): PagePlan[] {
  const same = (load: Load) => ({ cold: load, warmUp: [], warm: Array.from({ length: LOADS }, () => load) });
  const dashboard: Load = {
    url: '/',
    target: (page) => page.getByRole('region', { name: 'This month', exact: true }).getByRole('definition').first(),
  };
  const invoices: Load = {
    url: '/invoices',
    target: (page) =>
      page
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.locator('a[href^="/invoices/"]') })
        .first(),
  };
  const client: Load = {
    url: `/clients/${clientId}?tab=prices`,
    target: (page) =>
      page
        .getByRole('region', { name: 'Prices', exact: true })
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .first(),
  };
  return [
    {
      name: 'Dashboard: navigation → its figures',
      path: '/',
      waitsFor: 'the first figure of the region "This month" (role=region → role=definition)',
      limitMs: DASHBOARD_LIMIT_MS,
      ...same(dashboard),
    },
    {
      name: 'Invoices page: navigation → first rows',
      path: '/invoices',
      waitsFor: 'the first row of a table holding a link to an invoice (role=table → role=row with a link to /invoices/<id>)',
      limitMs: INVOICES_PAGE_LIMIT_MS,
      ...same(invoices),
    },
    {
      name: 'Client page: navigation → its price grid',
      path: '/clients/<id>?tab=prices, the client with the largest price grid',
      waitsFor: 'the first data row of the price grid (role=region "Prices" → role=table → role=row with cells)',
      limitMs: CLIENT_PAGE_LIMIT_MS,
      ...same(client),
    },
  ];
}

/** The client with the most prices (GET /v2/clients, then each one's prices), for the client page. */
async function clientWithMostPrices(inputs: ConsoleInputs): Promise<string> {
  const get = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${inputs.base}${path}`, { headers: { authorization: inputs.auth } });
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  };
  const clients = (await get<{ items: Array<{ id: string }> }>('/v2/clients?pageSize=100')).items;
  let best: { id: string; prices: number } | undefined;
  for (const { id } of clients) {
    const prices = await get<unknown[]>(`/v2/clients/${id}/prices`);
    if (best === undefined || prices.length > best.prices) best = { id, prices: prices.length };
  }
  if (best === undefined) throw new Error('the data set has no client');
  return best.id;
}

/** The jobs' names (GET /v2/jobs/:id with the API key), for the job page's heading. */
async function jobNames(inputs: ConsoleInputs, ids: string[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const id of ids) {
    const answer = await fetch(`${inputs.base}/v2/jobs/${id}`, { headers: { authorization: inputs.auth } });
    if (answer.status !== 200) throw new Error(`GET /v2/jobs/${id} answered ${answer.status}`);
    names[id] = ((await answer.json()) as { name: string }).name;
  }
  return names;
}

interface Load {
  url: string;
  target: (page: Page) => Locator;
}

interface Timed {
  pageMs: number | undefined;
  harnessMs: number;
  inViewport: boolean;
  navigationType: string;
  networkScripts: number;
}

/** One fresh navigation: goto, then the element by role; the page's own time of it. */
async function timeLoad(page: Page, load: Load, timeout: number): Promise<Timed> {
  const started = performance.now();
  await page.goto(load.url, { waitUntil: 'commit', timeout });
  await load.target(page).waitFor({ state: 'visible', timeout });
  const harnessMs = performance.now() - started;
  const seen: SeenInPage | undefined = await page
    .waitForFunction(() => (globalThis as { __benchSeen?: SeenInPage }).__benchSeen, undefined, { timeout: 5000 })
    .then((handle) => handle.jsonValue())
    .catch(() => undefined);
  const entries = await page.evaluate<{ type: string; network: number }>(`(() => {
    const scripts = performance.getEntriesByType('resource').filter((entry) => /\\.js$/.test(new URL(entry.name).pathname));
    return { type: performance.getEntriesByType('navigation')[0]?.type ?? 'unknown', network: scripts.filter((entry) => entry.transferSize > 0).length };
  })()`);
  return { pageMs: seen?.at, harnessMs, inViewport: seen?.inViewport ?? true, navigationType: entries.type, networkScripts: entries.network };
}

async function measurePageLoads(
  newContext: NewContext,
  plan: { name: string; path: string; waitsFor: string; limitMs: number; cold: Load; warmUp: Load[]; warm: Load[] },
): Promise<ConsolePageLoads> {
  const measured: Timed[] = [];
  const scriptErrors: string[] = [];
  let coldMs: number | null = null;
  let error: string | undefined;
  const context = await newContext();
  try {
    const page = await context.newPage();
    page.on('pageerror', (problem) => scriptErrors.push(message(problem)));
    let current = plan.cold;
    try {
      const cold = await timeLoad(page, plan.cold, COLD_TIMEOUT_MS);
      coldMs = ms(cold.pageMs ?? cold.harnessMs);
      for (const load of plan.warmUp) {
        current = load;
        await timeLoad(page, load, WARM_TIMEOUT_MS);
      }
      for (const load of plan.warm) {
        current = load;
        measured.push(await timeLoad(page, load, WARM_TIMEOUT_MS));
      }
    } catch (problem) {
      const heading = await page
        .getByRole('heading', { level: 1 })
        .first()
        .textContent({ timeout: 500 })
        .catch(() => null);
      error = `${current.url}: ${plan.waitsFor} not found (${message(problem)}); the page was ${new URL(page.url()).pathname}${heading ? `, its h1 "${heading.trim()}"` : ', without an h1'}`;
    }
  } finally {
    await context.close();
  }
  const times = measured.map((timed) => timed.pageMs ?? timed.harnessMs);
  const harness = measured.map((timed) => timed.harnessMs);
  const of = (values: number[], p: number) => (values.length > 0 ? ms(percentile(values, p)) : null);
  const p95Ms = of(times, 95);
  return {
    name: plan.name,
    path: plan.path,
    waitsFor: plan.waitsFor,
    loads: measured.length,
    p50Ms: of(times, 50),
    p95Ms,
    minMs: times.length > 0 ? ms(Math.min(...times)) : null,
    maxMs: times.length > 0 ? ms(Math.max(...times)) : null,
    harnessP50Ms: of(harness, 50),
    harnessP95Ms: of(harness, 95),
    coldMs,
    warmLoadsWithNetworkScripts: measured.filter((timed) => timed.networkScripts > 0).length,
    harnessClockLoads: measured.filter((timed) => timed.pageMs === undefined).length,
    belowFoldLoads: measured.filter((timed) => !timed.inViewport).length,
    navigationTypes: [...new Set(measured.map((timed) => timed.navigationType))],
    scriptErrors: [...new Set(scriptErrors)],
    target: `p95 ≤ ${plan.limitMs} ms`,
    met: error === undefined && measured.length === plan.warm.length && p95Ms !== null && p95Ms <= plan.limitMs,
    ...(error ? { error } : {}),
  };
}
