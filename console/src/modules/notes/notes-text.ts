/**
 * The address of a link written in the notes editor, as the server keeps it (docs/notes.md#content:
 * absolute http, https and mailto links only), or undefined: "example.com" becomes
 * "https://example.com", "ana@example.com" becomes "mailto:ana@example.com".
 */
export function linkAddress(input: string): string | undefined {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return undefined;
  let candidate = text;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) candidate = /^[^@/]+@[^@/]+\.[^@/]+$/.test(text) ? `mailto:${text}` : `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol === 'mailto:') return url.pathname.includes('@') ? candidate : undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.hostname.includes('.') || url.hostname === 'localhost' ? candidate : undefined;
}

/** An empty paragraph as the editor writes it (with or without a line break in it). */
const EMPTY_EDGE = /^(?:<p>(?:<br\s*\/?>)?<\/p>)+|(?:<p>(?:<br\s*\/?>)?<\/p>)+$/g;

/**
 * The editor's HTML as the note to store: without the empty paragraphs an Enter too many leaves at
 * the start or the end (the server would keep them: docs/notes.md#content).
 */
export function noteContent(html: string): string {
  return html.replace(EMPTY_EDGE, '');
}
