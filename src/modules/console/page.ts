import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The console's single HTML page (docs/console.md#how-it-is-served). Vite writes it with the
 * placeholder NONCE_PLACEHOLDER where a per-answer nonce goes: the page's style elements (Mantine's
 * CSS variables, the rich-text editor's styles) carry it, and the Content-Security-Policy allows
 * styles from this origin or with that nonce, and scripts from this origin only.
 */
export const NONCE_PLACEHOLDER = '__TRANSDESK_CSP_NONCE__';

export function consolePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "connect-src 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // A document's PDF (GET /v2/<kind>/:id/pdf, same origin) is previewed in an iframe.
    "frame-src 'self'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    // Style attributes the components set while they run (positions of menus, widths of progress
    // bars) are set through the DOM's style object, which the policy does not govern; attributes in
    // markup would be, and there are none.
    "style-src-attr 'none'",
  ].join('; ');
}

export interface ConsolePage {
  /** The folder of the built console (index.html and assets/). */
  dir: string;
  /** The page with a fresh nonce, and the policy that names it. */
  render(): { html: string; policy: string };
}

/** The built console in `dir`, or undefined when it has not been built (`npm run build`). */
export function loadConsolePage(dir: string): ConsolePage | undefined {
  const file = join(dir, 'index.html');
  if (!existsSync(file)) return undefined;
  const [before, ...rest] = readFileSync(file, 'utf8').split(NONCE_PLACEHOLDER);
  return {
    dir,
    render() {
      const nonce = randomBytes(16).toString('base64');
      return { html: [before, ...rest].join(nonce), policy: consolePolicy(nonce) };
    },
  };
}

/** What `/` answers when the console has not been built: how to build it. */
export const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Transdesk</title></head>
<body><main><h1>Transdesk</h1><p>The web console has not been built on this server. Run <code>npm run build</code>, then start the server again.</p>
<p>The API answers under <a href="/v2/openapi.json">/v2</a>; its reference is at <a href="/docs">/docs</a>.</p></main></body></html>
`;
