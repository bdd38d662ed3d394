import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createDemoData } from '../../src/modules/demo/index.js';

/**
 * The browser tests' world (docs/console.md#tests): a real Transdesk server on a fresh SQLite file,
 * serving the built console (dist/console, from `npm run build`), and Debian's Chromium driven by
 * Playwright. Every page a test opens fails the test on a script error or a Content-Security-Policy
 * violation; `checkAccessibility` runs axe-core; `screenshot` keeps a picture to look at.
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(ROOT, 'test', 'browser', 'screenshots');
export const OWNER = { email: 'owner@agency.example', password: 'owner password 1' };

/** Chromium on the PATH (Debian's `chromium` package), or undefined: the browser tests are skipped. */
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

export const chromiumPath = findChromium();
/** Why the browser tests are skipped, for the skip message; undefined when they run. */
export const skipReason = chromiumPath ? undefined : 'no Chromium on the PATH (apt-get install chromium; .ci/run installs it)';

const CONSOLE_DIR = join(ROOT, 'dist', 'console');

export interface ConsoleWorld {
  server: RunningServer;
  baseUrl: string;
  apiKey: string;
  accountId: string;
  browser: Browser;
  /**
   * Adds the demo data set (`transdesk demo-data`: clients, suppliers, prices, jobs, groups, …) to
   * the account, through the API; the tests then find records by name with `api`.
   */
  demoData(): Promise<void>;
  /** The first owner's set-up link the server printed (without BOOTSTRAP_OWNER_*). */
  ownerLink: string | undefined;
  /** A new browser context (cookies of its own) and page, watched for errors. */
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  /** A page signed in as `who` (the owner by default), showing `path`. */
  signedInPage(path?: string, who?: { email: string; password: string }): Promise<Page>;
  /**
   * A page signed in as a new user of `role` (`<role>@agency.example`, invited with the owner's key,
   * the invitation accepted), showing `path`. Once per role and world: the email is taken after.
   */
  signedInAs(role: string, path: string): Promise<Page>;
  /** The API with the owner's key: JSON in and out; throws on an error answer. */
  api<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startConsoleWorld(env: Record<string, string> = {}): Promise<ConsoleWorld> {
  if (!existsSync(join(CONSOLE_DIR, 'index.html')))
    throw new Error('The console is not built: run `npm run build` (npm install does it) before the browser tests');
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-browser-'));
  const lines: string[] = [];
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'transdesk.sqlite')}`,
    FILE_STORAGE: `fs:${join(dir, 'files')}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    BOOTSTRAP_OWNER_EMAIL: OWNER.email,
    BOOTSTRAP_OWNER_PASSWORD: OWNER.password,
    CONSOLE_DIR,
    ...env,
  });
  const server = await startServer(config, { announce: (line) => lines.push(line) });
  const apiKey = lines.find((line) => line.startsWith('API key: '))?.slice('API key: '.length) ?? '';
  const baseUrl = server.address;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const contexts: BrowserContext[] = [];

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  const newPage = async (options: { width?: number; height?: number } = {}) => {
    // Reduced motion: the console then skips its transitions (theme.respectReducedMotion), so axe
    // never measures a dialog's colours halfway through its fade-in.
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    const page = await context.newPage();
    watch(page);
    return page;
  };

  const world: ConsoleWorld = {
    server,
    baseUrl,
    apiKey,
    accountId: lines.find((line) => line.startsWith('Account: '))?.slice('Account: '.length) ?? '',
    browser,
    async demoData() {
      const accountId = lines.find((line) => line.startsWith('Account: '))?.slice('Account: '.length) ?? '';
      await createDemoData(server.database, accountId);
    },
    ownerLink: lines.find((line) => line.startsWith('Owner password: '))?.slice('Owner password: '.length),
    newPage,
    api,
    async signedInPage(path = '/', who = OWNER) {
      const page = await newPage();
      await page.goto(`/sign-in?returnTo=${encodeURIComponent(path)}`);
      await page.getByLabel('Email').fill(who.email);
      await page.getByLabel('Password').fill(who.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === path.split('?')[0]);
      return page;
    },
    async signedInAs(role, path) {
      const email = `${role}@agency.example`;
      const password = `${role} password 12`;
      const user = await world.api<{ invitation: { url: string } }>('POST', '/v2/users', { email, role, name: `A ${role}` });
      const token = new URL(user.invitation.url).hash.replace('#token=', '');
      const accepted = await fetch(`${baseUrl}/v2/auth/invitations/accept`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, password }),
      });
      expect(accepted.status).toBe(200);
      return world.signedInPage(path, { email, password });
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}

/** What went wrong in a page: script errors and Content-Security-Policy refusals. */
const problems = new WeakMap<Page, string[]>();

function watch(page: Page): void {
  const found: string[] = [];
  problems.set(page, found);
  page.on('pageerror', (error) => found.push(`script error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error') return;
    // The browser reports every error status of a fetch; the tests look at what the page shows instead.
    if (text.startsWith('Failed to load resource')) return;
    found.push(`console error: ${text}`);
  });
}

/** Fails the test when the page had a script error or a Content-Security-Policy refusal. */
export function expectNoPageErrors(page: Page): void {
  expect(problems.get(page) ?? []).toEqual([]);
}

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/**
 * axe-core on the page as it is now (WCAG 2.x A and AA rules): no violation of impact serious or
 * critical. Answers all violations found, for a test that wants to look at the minor ones.
 */
export async function checkAccessibility(page: Page): Promise<AxeViolation[]> {
  // Colours are measured as painted: wait for any running transition (a dialog fading in) to end.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 3).map((node) => ({ target: node.target, html: node.html.slice(0, 200), failureSummary: node.failureSummary })),
    }));
  });
  const grave = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(grave, `axe-core on ${page.url()}`).toEqual([]);
  return violations;
}

/** Keeps a picture of the page under test/browser/screenshots/<name>.png (not committed), to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

interface HiddenControl {
  control: string;
  container: string;
  why: string;
}

/**
 * Every control the page shows (button, link, field) lies whole inside the visible area of each box
 * that clips it (the job page's Edit, Share and Delete buttons sat past the right edge of
 * a table's scroll box, the supplier price grid cut "Closed" to "Clos"). A box that scrolls
 * vertically may hold controls below its fold (a long list scrolls down naturally), but none may
 * lie sideways outside a box, nor outside the window's width, and no read-only field or button may
 * cut its own text. Answers nothing; fails the test naming each control and its box.
 */
export async function checkControlsVisible(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const hidden = await page.evaluate(() => {
    const found: HiddenControl[] = [];
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') ?? (element as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
      const value = element instanceof HTMLInputElement ? element.value.slice(0, 40) : '';
      return `<${element.tagName.toLowerCase()}> "${name || value}"`;
    };
    const pageWidth = document.documentElement.clientWidth;
    const controls = document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=link]');
    for (const control of Array.from(controls)) {
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (control.closest('[aria-hidden=true], .skip-link, [inert]')) continue;
      const box = control.getBoundingClientRect();
      // Visually hidden (a native checkbox under its drawing, a screen-reader-only text) or not laid out.
      if (box.width <= 1 || box.height <= 1 || style.opacity === '0') continue;
      if (box.right > pageWidth + 1 || box.left < -1)
        found.push({ control: describe(control), container: 'the window', why: `x ${Math.round(box.left)}–${Math.round(box.right)} of ${pageWidth}` });
      for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const clip = getComputedStyle(parent);
        const area = parent.getBoundingClientRect();
        const sideways = clip.overflowX !== 'visible';
        const cutDown = clip.overflowY === 'hidden' || clip.overflowY === 'clip';
        if (sideways && (box.left < area.left - 1 || box.right > area.right + 1)) {
          found.push({
            control: describe(control),
            container: describe(parent),
            why: `x ${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(area.left)}–${Math.round(area.right)}`,
          });
          break;
        }
        if (cutDown && (box.top < area.top - 1 || box.bottom > area.bottom + 1)) {
          found.push({
            control: describe(control),
            container: describe(parent),
            why: `y ${Math.round(box.top)}–${Math.round(box.bottom)} outside ${Math.round(area.top)}–${Math.round(area.bottom)}`,
          });
          break;
        }
      }
      const readOnlyField = control instanceof HTMLInputElement && control.readOnly && control.type === 'text';
      if (readOnlyField && control.scrollWidth > control.clientWidth + 1)
        found.push({ control: describe(control), container: 'itself', why: `its text is ${control.scrollWidth} px wide in ${control.clientWidth}` });
    }
    return found;
  });
  expect(hidden, `controls out of sight on ${page.url()}`).toEqual([]);
}

/**
 * No text the page shows is cut short by its own box: a badge's "READ …", a button's "Clos" for
 * "Close rates", a key's first characters ending in "…" that CSS drew (text-overflow or a hidden
 * overflow on a line that does not wrap). Text clamped to a number of lines on purpose wraps, and
 * is not looked at. Fails the test naming each element, its text and its widths.
 */
export async function checkTextNotCut(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) continue;
      if (element.closest('[aria-hidden=true], [inert]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const oneLine = style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre' || style.textOverflow === 'ellipsis';
      if (!clips || !oneLine) continue;
      const text = element.innerText?.trim() ?? '';
      if (text === '' || element.clientWidth <= 1) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `<${element.tagName.toLowerCase()} class="${element.className}"> "${text.slice(0, 40)}": ${element.scrollWidth} px wide in ${element.clientWidth}`,
        );
    }
    return found;
  });
  expect(cut, `text cut short on ${page.url()}`).toEqual([]);
}

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
