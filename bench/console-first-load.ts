/**
 * The first load of the web console in `npm run bench` (bench/console.ts): `/jobs` opened in a
 * fresh browser context asking `Accept-Encoding: gzip` only, and again with the browser's own
 * Accept-Encoding; the encoded sizes of the scripts and style sheets received until the jobs
 * table shows rows and the network is idle (lazily loaded chunks included).
 */
import type { BrowserContext, Response } from 'playwright-core';

export const FIRST_LOAD_LIMIT_KB = 300;
/** KB of the target and the report: 1 000 bytes (the stricter reading, and Vite's). */
const KB = 1000;
export const COLD_TIMEOUT_MS = 20_000;

export const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
/** An error's first line. */
export const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/** One script or style sheet of the first load of `/jobs`. */
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
}

export interface ConsoleFirstLoad {
  path: string;
  files: ConsoleFile[];
  jsKB: number;
  jsGzipKB: number;
  jsBrowserKB: number;
  cssKB: number;
  cssGzipKB: number;
  cssBrowserKB: number;
  /** The encodings the server chose for the browser's own load (brotli, when it has the twins). */
  browserEncodings: string[];
  /** Whether the jobs table's rows appeared in the gzip load (if not, chunks they need may be missing). */
  rowsShown: boolean;
  target: string;
  met: boolean;
  error?: string;
}

export type NewContext = (headers?: Record<string, string>) => Promise<BrowserContext>;

interface Received {
  kind: 'js' | 'css';
  bytes: number;
  encodedBytes: number;
  encoding: string;
}

/** The scripts and style sheets a first load of `/jobs` receives, by path, and whether its rows appeared. */
async function firstLoadOf(context: BrowserContext): Promise<{ received: Map<string, Received>; rowsShown: boolean }> {
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto('/jobs', { waitUntil: 'load', timeout: COLD_TIMEOUT_MS });
  // The table's rows when the page shows them (the chunks their components need are then loaded), then quiet.
  const rowsShown = await page
    .waitForFunction('window.__benchSeen', undefined, { timeout: COLD_TIMEOUT_MS })
    .then(() => true)
    .catch(() => false);
  await page.waitForLoadState('networkidle', { timeout: COLD_TIMEOUT_MS });
  const where = new URL(page.url()).pathname;
  if (where !== '/jobs') throw new Error(`/jobs ended at ${where}: the session cookie was not accepted?`);
  const received = new Map<string, Received>();
  for (const response of responses) {
    const type = response.headers()['content-type'] ?? '';
    const kind = /javascript/.test(type) ? 'js' : /^text\/css/.test(type) ? 'css' : undefined;
    if (!kind || response.status() !== 200) continue;
    const sizes = await response.request().sizes();
    const body = await response.body();
    received.set(new URL(response.url()).pathname, {
      kind,
      bytes: body.length,
      encodedBytes: sizes.responseBodySize,
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  }
  await context.close();
  return { received, rowsShown };
}

export async function measureFirstLoad(newContext: NewContext): Promise<ConsoleFirstLoad> {
  const target = `≤ ${FIRST_LOAD_LIMIT_KB} KB of JavaScript, gzip`;
  const empty = {
    path: '/jobs',
    files: [],
    jsKB: 0,
    jsGzipKB: 0,
    jsBrowserKB: 0,
    cssKB: 0,
    cssGzipKB: 0,
    cssBrowserKB: 0,
    browserEncodings: [],
    rowsShown: false,
    target,
  };
  try {
    const { received: gzip, rowsShown } = await firstLoadOf(await newContext({ 'Accept-Encoding': 'gzip' }));
    const { received: own } = await firstLoadOf(await newContext());
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
      };
    });
    const sum = (kind: 'js' | 'css', size: (file: ConsoleFile) => number | null) =>
      kb(files.filter((file) => file.kind === kind).reduce((total, file) => total + (size(file) ?? 0), 0));
    const jsGzipKB = sum('js', (file) => file.gzipBytes);
    return {
      path: '/jobs',
      files,
      jsKB: sum('js', (file) => file.bytes),
      jsGzipKB,
      jsBrowserKB: sum('js', (file) => file.browserBytes),
      cssKB: sum('css', (file) => file.bytes),
      cssGzipKB: sum('css', (file) => file.gzipBytes),
      cssBrowserKB: sum('css', (file) => file.browserBytes),
      browserEncodings: [...new Set(files.map((file) => file.browserEncoding ?? 'not loaded'))],
      rowsShown,
      target,
      met: gzip.size > 0 && jsGzipKB <= FIRST_LOAD_LIMIT_KB,
      ...(notGzip.length > 0 ? { error: `answered without gzip when asked for it: ${notGzip.join(', ')}` } : {}),
    };
  } catch (error) {
    return { ...empty, met: false, error: message(error) };
  }
}
