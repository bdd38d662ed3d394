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
  document: PageElement;
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
  const linksToAJob = (link: PageElement) => {
    const href = link.getAttribute('href');
    if (href === null) return false;
    const target = jobPath.exec(new URL(href, location.href).pathname)?.[1];
    return target !== undefined && target !== 'new';
  };
  // The jobs page: a row of a table (by element or ARIA role) that holds a link to one job.
  // A job page: its h1 with the job's name (any non-empty h1 when the name is not known).
  const find = (): PageElement | undefined => {
    if (path === '/jobs' || path === '/jobs/') {
      for (const table of document.querySelectorAll('table, [role="table"], [role="grid"]'))
        for (const row of table.querySelectorAll('tr, [role="row"]'))
          if ([...row.querySelectorAll('a[href], [role="link"][href]')].some(linksToAJob) && visible(row)) return row;
      return undefined;
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
