import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of notes and contact notes (DESIGN §13.1): plain text becomes escaped paragraphs,
 * HTML is reduced to an allow-list by sanitize-html (a maintained parser-based sanitiser).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is dropped entirely, not unwrapped into text.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
};

const LOOKS_LIKE_HTML = /<\/?[a-zA-Z][^>]*>|&[a-zA-Z#0-9]+;/;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const EMPTY_PARAGRAPH = '<p></p>';

export function toRichText(input: string): string {
  if (input.trim() === '') return EMPTY_PARAGRAPH;
  if (LOOKS_LIKE_HTML.test(input)) {
    const clean = sanitizeHtml(input, OPTIONS).trim();
    if (clean === '') return EMPTY_PARAGRAPH;
    return /^<(p|ul|ol|blockquote)[\s>]/.test(clean) ? clean : `<p>${clean}</p>`;
  }
  return input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}
