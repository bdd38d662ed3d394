import type sanitizeHtml from 'sanitize-html';
import { lazyModule } from '../../core/lazy-module.js';

const sanitizer = lazyModule<typeof sanitizeHtml>('sanitize-html');

/**
 * SVG logos reduced to a static drawing (docs/operations.md#the-logo): an SVG is a document that
 * can run scripts, load other resources and embed HTML, and the logo is served by the API and
 * drawn into every PDF. sanitize-html (the parser-based sanitiser of rich text) keeps an
 * allow-list of drawing elements and presentation attributes; everything else goes:
 * - no script, foreignObject, animation, filters, links or event handlers (not on the lists);
 * - references (`href`, `xlink:href`) only to a fragment of the drawing (`#id`) or an embedded
 *   PNG/JPEG (`data:image/png;base64,…`); `url(…)` in attributes and styles only to `#id`;
 * - `<style>` kept without `@import` and outside `url()`, with every sheet moved to the start of
 *   the root (where it applies the same); any CSS escape drops the sheet (escapes can spell
 *   `url` or `@import` in a way a filter would miss);
 * - no DOCTYPE, hence no entity definitions; comments, processing instructions and CDATA go.
 * The answer is one `<svg>` element in the SVG namespace, or undefined when there is none.
 */

const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'image',
];

const ATTRIBUTES = [
  'id',
  'class',
  'style',
  'transform',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'd',
  'points',
  'pathLength',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'clip-path',
  'clip-rule',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'letter-spacing',
  'word-spacing',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'href',
  'xlink:href',
  'xmlns',
  'xmlns:xlink',
  'version',
  'xml:space',
  'vector-effect',
  'shape-rendering',
  'paint-order',
];

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
const EMBEDDED_IMAGE = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]+$/;

/** Every `url(…)` of a value refers to a fragment of the drawing. */
function onlyLocalUrls(value: string): boolean {
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)) if (!FRAGMENT.test(match[2]!.trim())) return false;
  // A `url(` the pattern did not read (unbalanced, nested) is refused too.
  return (value.match(/url\s*\(/gi) ?? []).length === [...value.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)].length;
}

/**
 * CSS without outside references, or undefined to drop it: comments removed, `@import` rules
 * removed, any escape (a backslash) or `url()` to the outside refuses the whole sheet or value.
 */
export function cleanCss(css: string): string | undefined {
  const text = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
  if (text.includes('\\')) return undefined;
  const withoutImports = text.replace(/@import[^;]*(;|$)/gi, '');
  if (/@import/i.test(withoutImports)) return undefined;
  return onlyLocalUrls(withoutImports) ? withoutImports : undefined;
}

function cleanAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'href' || name === 'xlink:href') {
      const target = value.trim();
      if (FRAGMENT.test(target) || EMBEDDED_IMAGE.test(target)) kept[name] = target;
    } else if (name === 'style') {
      const css = cleanCss(value);
      if (css !== undefined) kept[name] = css;
    } else if (name === 'xmlns') {
      kept[name] = SVG_NS;
    } else if (name === 'xmlns:xlink') {
      kept[name] = XLINK_NS;
    } else if (onlyLocalUrls(value)) {
      kept[name] = value;
    }
  }
  return kept;
}

const escapeXmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The DOCTYPE with its internal subset (entity definitions): removed before parsing. */
const DOCTYPE = /<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>/gi;

export function sanitizeSvg(source: string): string | undefined {
  const sheets: string[] = [];
  const cleaned = sanitizer()(source.replace(DOCTYPE, ''), {
    allowedTags: ELEMENTS,
    allowedAttributes: { '*': ATTRIBUTES },
    allowedSchemes: ['data'],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    selfClosing: [],
    disallowedTagsMode: 'discard',
    // <style> is safe here: its text never reaches the output as sanitize-html would write it (exclusiveFilter).
    allowVulnerableTags: true,
    // Elements whose content is no drawing: dropped with it (others are unwrapped).
    nonTextTags: ['script', 'foreignObject', 'metadata', 'iframe', 'object', 'embed', 'textarea', 'noscript', 'template', 'option'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true, recognizeSelfClosing: true },
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(attribs) }) },
    // A sheet is taken out here (with its decoded text) and put back cleaned below: sanitize-html
    // writes the text of a <style> as it is, unescaped.
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'style') return false;
      const css = cleanCss(frame.text);
      if (css !== undefined && css.trim() !== '') sheets.push(css);
      return true;
    },
  });
  return wrapRoot(cleaned.trim(), sheets);
}

/** The single root `<svg>` with its namespaces and the cleaned sheets, or undefined. */
function wrapRoot(svg: string, sheets: string[]): string | undefined {
  const open = /^<svg(\s[^>]*)?>/.exec(svg);
  if (!open || !svg.endsWith('</svg>') || !isSingleElement(svg)) return undefined;
  let attributes = open[1] ?? '';
  if (!/\sxmlns="/.test(attributes)) attributes = ` xmlns="${SVG_NS}"${attributes}`;
  if (svg.includes('xlink:href="') && !/\sxmlns:xlink="/.test(attributes)) attributes += ` xmlns:xlink="${XLINK_NS}"`;
  const style = sheets.length === 0 ? '' : `<style>${escapeXmlText(sheets.join('\n'))}</style>`;
  return `<svg${attributes}>${style}${svg.slice(open[0].length)}`;
}

/** Sanitised markup is well formed and every `<` starts a tag: the first element closes at the very end. */
function isSingleElement(markup: string): boolean {
  let depth = 0;
  for (const match of markup.matchAll(/<(\/?)[A-Za-z][^>]*?(\/?)>/g)) {
    if (depth === 0 && match.index !== 0) return false;
    if (match[2]) continue;
    depth += match[1] ? -1 : 1;
    if (depth === 0 && match.index + match[0].length !== markup.length) return false;
  }
  return depth === 0;
}

/** Root attributes of sanitised SVG (values as written: escaped, double-quoted). */
export function rootAttributes(svg: string): Record<string, string> {
  const open = /^<svg(\s[^>]*)?>/.exec(svg);
  const attributes: Record<string, string> = {};
  for (const match of (open?.[1] ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) attributes[match[1]!] = match[2]!;
  return attributes;
}
