/**
 * The first load of the web console in `npm run bench` (bench/console.ts), for every page a person
 * can land on: the sign-in page (without a session), the dashboard (where the browser lands after
 * signing in), the jobs page, a job, a client (its prices tab) and the invoices page. Each is opened
 * in a fresh browser context asking `Accept-Encoding: gzip` only, and again with the browser's own
 * Accept-Encoding. Counted: the encoded sizes of the scripts and style sheets whose request started
 * before the page showed its content (what bench/console-page-watch.ts waits for, seen by the page
 * itself: the request's Resource Timing start against the frame the content first showed in) —
 * that is the first load, judged against the target; and, for reference, those the page asked for
 * afterwards until the network was idle (the dashboard's charts, drawn after the figures).
 *
 * Alone: `npm run build && npx tsx bench/console-alone.ts` measures these and the page times of
 * bench/console.ts on a small data set of its own (`--first-load` for the first loads only).
 */
import type { BrowserContext, Response } from 'playwright-core';
import type { SeenInPage } from './console-page-watch.js';

export const FIRST_LOAD_LIMIT_KB = 300;
/** KB of the target and the report: 1 000 bytes (the stricter reading, and Vite's). */
const KB = 1000;
export const COLD_TIMEOUT_MS = 20_000;

export const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
/** An error's first line. */
export const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/** A page a person can land on, opened first in a fresh browser context. */
export interface LandingPage {
  name: string;
  /** The address opened (path and query). */
  path: string;
  /** Opened without the session (the sign-in page). */
  signedOut?: boolean;
}

/** The landing pages of the bench: the job and the client of the data set given. */
export function landingPages(jobId: string, clientId: string): LandingPage[] {
  return [
    { name: 'Sign-in', path: '/sign-in', signedOut: true },
    { name: 'Dashboard', path: '/' },
    { name: 'Jobs', path: '/jobs' },
    { name: 'A job', path: `/jobs/${jobId}` },
    { name: 'A client (prices tab)', path: `/clients/${clientId}?tab=prices` },
    { name: 'Invoices', path: '/invoices' },
    { name: 'Reports', path: '/reports' },
    { name: 'Imports', path: '/imports' },
    { name: 'Exports', path: '/exports' },
    { name: 'Webhooks', path: '/webhooks' },
  ];
}

/** One script or style sheet of a first load. */
export interface ConsoleFile {
  path: string;
  kind: 'js' | 'css';
  /** Decoded size. */
  bytes: number;
  /** Encoded body received when asking gzip only (null: not loaded in that load). */
  gzipBytes: number | null;
  /** Encoded body received with the browser's own Accept-Encoding, and the encoding the server chose. */
  browserBytes: number | null;
  browserEncoding: string | null;
  /** Asked for after the page showed its content (not part of the first load). */
  afterContent: boolean;
}

export interface ConsoleFirstLoad {
  name: string;
  path: string;
  files: ConsoleFile[];
  /** The first load: scripts and style sheets asked for before the content showed. */
  jsKB: number;
  jsGzipKB: number;
  jsBrowserKB: number;
  cssKB: number;
  cssGzipKB: number;
  cssBrowserKB: number;
  /** Scripts asked for after the content showed, until the network was idle (gzip). */
  laterJsGzipKB: number;
  /** The encodings the server chose for the browser's own load (brotli, when it has the twins). */
  browserEncodings: string[];
  /** Whether the page showed its content in the gzip load (if not, every script until idle is counted). */
  contentShown: boolean;
  target: string;
  met: boolean;
  error?: string;
}

export type NewContext = (options?: { headers?: Record<string, string>; signedOut?: boolean }) => Promise<BrowserContext>;

interface Received {
  kind: 'js' | 'css';
  bytes: number;
  encodedBytes: number;
  encoding: string;
  afterContent: boolean;
}

/** The scripts and style sheets a first load of `landing` receives, by path, and whether its content showed. */
async function firstLoadOf(context: BrowserContext, landing: LandingPage): Promise<{ received: Map<string, Received>; contentShown: boolean }> {
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(landing.path, { waitUntil: 'load', timeout: COLD_TIMEOUT_MS });
    const seen: SeenInPage | undefined = await page
      // A function, not a string: the console's Content-Security-Policy refuses the eval of a string predicate.
      .waitForFunction(() => (globalThis as { __benchSeen?: SeenInPage }).__benchSeen, undefined, { timeout: COLD_TIMEOUT_MS })
      .then((handle) => handle.jsonValue())
      .catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: COLD_TIMEOUT_MS });
    const expected = new URL(landing.path, 'http://x').pathname;
    const where = new URL(page.url()).pathname;
    if (where !== expected) throw new Error(`${landing.path} ended at ${where}${landing.signedOut ? '' : ': the session cookie was not accepted?'}`);
    // When each request started, on the page's clock (the origin of seen.at).
    const started = new Map(
      await page.evaluate<Array<[string, number]>>(`performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime])`),
    );
    const received = new Map<string, Received>();
    for (const response of responses) {
      const type = response.headers()['content-type'] ?? '';
      const kind = /javascript/.test(type) ? 'js' : /^text\/css/.test(type) ? 'css' : undefined;
      if (!kind || response.status() !== 200) continue;
      const path = new URL(response.url()).pathname;
      const sizes = await response.request().sizes();
      const body = await response.body();
      const startedAt = started.get(path);
      received.set(path, {
        kind,
        bytes: body.length,
        encodedBytes: sizes.responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'identity',
        afterContent: seen !== undefined && startedAt !== undefined && startedAt > seen.at,
      });
    }
    return { received, contentShown: seen !== undefined };
  } finally {
    await context.close();
  }
}

async function measureOne(newContext: NewContext, landing: LandingPage): Promise<ConsoleFirstLoad> {
  const target = `≤ ${FIRST_LOAD_LIMIT_KB} KB of JavaScript, gzip`;
  const empty = {
    name: landing.name,
    path: landing.path,
    files: [],
    jsKB: 0,
    jsGzipKB: 0,
    jsBrowserKB: 0,
    cssKB: 0,
    cssGzipKB: 0,
    cssBrowserKB: 0,
    laterJsGzipKB: 0,
    browserEncodings: [],
    contentShown: false,
    target,
  };
  try {
    const signedOut = landing.signedOut === true;
    const { received: gzip, contentShown } = await firstLoadOf(await newContext({ headers: { 'Accept-Encoding': 'gzip' }, signedOut }), landing);
    const { received: own } = await firstLoadOf(await newContext({ signedOut }), landing);
    const notGzip = [...gzip].filter(([, file]) => file.encoding !== 'gzip').map(([path, file]) => `${path} (${file.encoding})`);
    const files: ConsoleFile[] = [...new Set([...gzip.keys(), ...own.keys()])].sort().map((path) => {
      const asked = gzip.get(path);
      const theirs = own.get(path);
      return {
        path,
        kind: (asked ?? theirs)!.kind,
        bytes: (asked ?? theirs)!.bytes,
        gzipBytes: asked?.encodedBytes ?? null,
        browserBytes: theirs?.encodedBytes ?? null,
        browserEncoding: theirs?.encoding ?? null,
        // As the gzip load (the judged one) saw it; a file only the browser's own load received counts as later.
        afterContent: asked?.afterContent ?? true,
      };
    });
    const sum = (kind: 'js' | 'css', size: (file: ConsoleFile) => number | null, later = false) =>
      kb(files.filter((file) => file.kind === kind && file.afterContent === later).reduce((total, file) => total + (size(file) ?? 0), 0));
    const jsGzipKB = sum('js', (file) => file.gzipBytes);
    return {
      name: landing.name,
      path: landing.path,
      files,
      jsKB: sum('js', (file) => file.bytes),
      jsGzipKB,
      jsBrowserKB: sum('js', (file) => file.browserBytes),
      cssKB: sum('css', (file) => file.bytes),
      cssGzipKB: sum('css', (file) => file.gzipBytes),
      cssBrowserKB: sum('css', (file) => file.browserBytes),
      laterJsGzipKB: sum('js', (file) => file.gzipBytes, true),
      browserEncodings: [...new Set(files.map((file) => file.browserEncoding ?? 'not loaded'))],
      contentShown,
      target,
      met: gzip.size > 0 && jsGzipKB <= FIRST_LOAD_LIMIT_KB,
      ...(notGzip.length > 0 ? { error: `answered without gzip when asked for it: ${notGzip.join(', ')}` } : {}),
    };
  } catch (error) {
    return { ...empty, met: false, error: message(error) };
  }
}

/** The first load of each landing page, one after another. */
export async function measureFirstLoads(newContext: NewContext, landings: LandingPage[]): Promise<ConsoleFirstLoad[]> {
  const measured: ConsoleFirstLoad[] = [];
  for (const landing of landings) measured.push(await measureOne(newContext, landing));
  return measured;
}
