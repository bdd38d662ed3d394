import type sanitizeHtml from 'sanitize-html';
import { lazyModule } from './lazy-module.js';

const sanitizer = lazyModule<typeof sanitizeHtml>('sanitize-html');

/**
 * Rich text of notes and contact notes (docs/notes.md#content): plain text becomes escaped paragraphs,
 * HTML is reduced to an allow-list by sanitize-html (a maintained parser-based sanitiser).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Only absolute http, https and mailto links (docs/notes.md#content): sanitize-html alone keeps relative
  // hrefs (`/admin`, `page.html`, `#x`). Attribute values arrive here with entities decoded.
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const kept: sanitizeHtml.Attributes = href !== undefined && /^(https?|mailto):/i.test(href) ? { href } : {};
      return { tagName, attribs: kept };
    },
  },
  disallowedTagsMode: 'discard',
  // Content of these is dropped entirely, not unwrapped into text.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
};

const LOOKS_LIKE_HTML = /<\/?[a-zA-Z][^>]*>|&[a-zA-Z#0-9]+;/;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const EMPTY_PARAGRAPH = '<p></p>';

const BLOCKS = new Set(['p', 'ul', 'ol', 'blockquote', 'li']);

/**
 * Wraps the top-level inline runs of sanitised HTML in paragraphs and leaves blocks alone:
 * `a<p>b</p>` → `<p>a</p><p>b</p>` (wrapping the whole would put a <p> inside a <p>, which is no
 * HTML, and reading the result again would change it). Sanitised HTML is well formed and every
 * `<` in it starts a tag, so a token scan is enough.
 */
function wrapInline(html: string): string {
  let out = '';
  let inline = '';
  let depth = 0;
  let inBlock = false;
  const flush = () => {
    out += inline.trim() === '' ? inline : `<p>${inline}</p>`;
    inline = '';
  };
  for (const [token, closing, tag, selfClosing] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(\/?)>|[^<]+/g)) {
    if (tag !== undefined && !closing && depth === 0 && BLOCKS.has(tag.toLowerCase())) {
      flush();
      inBlock = true;
    }
    if (inBlock) out += token;
    else inline += token;
    if (tag === undefined || selfClosing || tag.toLowerCase() === 'br') continue;
    depth = Math.max(0, depth + (closing ? -1 : 1));
    if (depth === 0) inBlock = false;
  }
  flush();
  return out;
}

function cleanHtml(html: string): string {
  const clean = sanitizer()(html, OPTIONS).trim();
  return clean === '' ? EMPTY_PARAGRAPH : wrapInline(clean);
}

/** Passes of cleanHtml at most: malformed input settles in two (one more proves it). */
const MAX_PASSES = 4;

export function toRichText(input: string): string {
  if (input.trim() === '') return EMPTY_PARAGRAPH;
  if (LOOKS_LIKE_HTML.test(input)) {
    // Discarding an unknown tag can leave a block where HTML does not allow it (`<p><x><p>` gives
    // `<p><p></p></p>`), which a parser reads otherwise. Cleaned again until it reads as written,
    // so that what a client reads and sends back is stored unchanged.
    let clean = cleanHtml(input);
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const again = cleanHtml(clean);
      if (again === clean) break;
      clean = again;
    }
    return clean;
  }
  return input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}
