/**
 * What bench/console.ts waits for in a page, checked by the page itself on every animation frame
 * from the start of each document (a Playwright init script): the moment it is first seen is read
 * with the page's own `performance.now()`, whose origin is the navigation's start (Navigation
 * Timing), so neither the round trips to the browser nor the polling of the test process count.
 *
 * This function is serialised into the page: it may use nothing from outside its body. The server's
 * TypeScript settings (which type-check bench/) have no DOM types: the few it uses are declared here.
 */
interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { width: number; height: number; top: number; bottom: number };
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
  querySelectorAll(selectors: string): Iterable<PageElement>;
}

/** The page's globals the watcher uses, and where it leaves what it saw. */
export interface PageWindow {
  top: unknown;
  innerHeight: number;
  location: { pathname: string; href: string };
  document: PageElement & { getElementById(id: string): PageElement | null };
  requestAnimationFrame(callback: () => void): number;
  __benchSeen?: SeenInPage;
}

export interface SeenInPage {
  /** performance.now() of the first animation frame in which the element was there and visible. */
  at: number;
  /** What was seen: the row's or the heading's text (cut), for the report's checks. */
  text: string;
  /** Whether the element was inside the 1280 × 800 window (not below the fold). */
  inViewport: boolean;
}

export function watchForFirstContent(jobNames: Record<string, string>): void {
  const window = globalThis as unknown as PageWindow;
  const { document, location } = window;
  if (window !== window.top) return;
  const path = location.pathname;
  const jobPath = /^\/jobs\/([^/]+)\/?$/;
  const jobId = jobPath.exec(path)?.[1];
  const visible = (element: PageElement) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true });
  };
  const linksTo = (pattern: RegExp) => (link: PageElement) => {
    const href = link.getAttribute('href');
    if (href === null) return false;
    const target = pattern.exec(new URL(href, location.href).pathname)?.[1];
    return target !== undefined && target !== 'new';
  };
  /** The first visible row of a table (by element or ARIA role) under `root` that passes `test`. */
  const tableRow = (root: PageElement, test: (row: PageElement) => boolean): PageElement | undefined => {
    for (const table of root.querySelectorAll('table, [role="table"], [role="grid"]'))
      for (const row of table.querySelectorAll('tr, [role="row"]')) if (test(row) && visible(row)) return row;
    return undefined;
  };
  const rowLinkingTo = (pattern: RegExp) => (row: PageElement) => [...row.querySelectorAll('a[href], [role="link"][href]')].some(linksTo(pattern));
  /** A region (a section or role=region) named `name` by aria-label or by the element aria-labelledby names. */
  const region = (name: string): PageElement | undefined => {
    for (const element of document.querySelectorAll('section, [role="region"]')) {
      const labelledBy = element.getAttribute('aria-labelledby');
      const label = labelledBy === null ? element.getAttribute('aria-label') : (document.getElementById(labelledBy)?.textContent ?? null);
      if (label?.trim() === name) return element;
    }
    return undefined;
  };
  const invoicePath = /^\/invoices\/([^/]+)\/?$/;
  const clientPath = /^\/clients\/([^/]+)\/?$/;
  // The jobs page: a row of a table (by element or ARIA role) that holds a link to one job.
  // A job page: its h1 with the job's name (any non-empty h1 when the name is not known).
  // The dashboard: the first figure (dd) of the region "This month". The invoices page: a row
  // holding a link to an invoice. A client page: the first data row (with cells) of the region "Prices".
  // The sign-in page: its password field.
  const find = (): PageElement | undefined => {
    if (path === '/sign-in' || path === '/sign-in/') return [...document.querySelectorAll('input[type="password"]')].find(visible);
    if (path === '/jobs' || path === '/jobs/') return tableRow(document, rowLinkingTo(jobPath));
    if (path === '/') {
      const month = region('This month');
      if (month === undefined) return undefined;
      for (const figure of month.querySelectorAll('dd, [role="definition"]')) if (visible(figure)) return figure;
      return undefined;
    }
    if (path === '/invoices' || path === '/invoices/') return tableRow(document, rowLinkingTo(invoicePath));
    if (clientPath.test(path)) {
      const prices = region('Prices');
      return prices === undefined ? undefined : tableRow(prices, (row) => [...row.querySelectorAll('td, [role="cell"]')].length > 0);
    }
    if (jobId === undefined || jobId === 'new') return undefined;
    const name = jobNames[jobId];
    for (const heading of document.querySelectorAll('h1, [role="heading"][aria-level="1"]')) {
      const text = heading.textContent?.trim() ?? '';
      if ((name === undefined ? text !== '' : text === name) && visible(heading)) return heading;
    }
    return undefined;
  };
  const started = performance.now();
  const frame = () => {
    const element = find();
    if (element) {
      const box = element.getBoundingClientRect();
      window.__benchSeen = {
        at: performance.now(),
        text: (element.textContent ?? '').trim().slice(0, 120),
        inViewport: box.top < window.innerHeight && box.bottom > 0,
      };
      return;
    }
    if (performance.now() - started < 60_000) window.requestAnimationFrame(frame);
  };
  window.requestAnimationFrame(frame);
}

/**
 * The init script's text: the watcher called with the job names. tsx (esbuild, keepNames) wraps
 * the watcher's inner functions in `__name(…)`, which the page does not have: a local one is given.
 */
export function watcherScript(jobNames: Record<string, string>): string {
  return `(() => { const __name = (target) => target; (${watchForFirstContent.toString()})(${JSON.stringify(jobNames)}); })();`;
}
