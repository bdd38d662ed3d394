import { createElement, type ReactNode } from 'react';

/**
 * A stored note's rich text as React elements. The server keeps only `p br strong em u s ul ol li a
 * blockquote code` and absolute http(s)/mailto links (docs/notes.md#content, src/core/richtext.ts);
 * the console builds the elements itself from that same allow-list instead of handing the HTML to
 * innerHTML, so nothing else (a style attribute, which the page's Content-Security-Policy refuses,
 * an event handler) could ever reach the page, whatever the stored text holds.
 */
const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code']);
const SAFE_HREF = /^(https?|mailto):/i;
/** Elements whose content is no text to show: gone with their content (as on the server). */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'title', 'iframe', 'object', 'embed', 'svg', 'math']);

export function noteNodes(html: string): ReactNode[] {
  // DOMParser builds an inert document: nothing in it loads or runs.
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return childrenOf(body, 'n');
}

function childrenOf(node: Node, prefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  node.childNodes.forEach((child, index) => {
    const key = `${prefix}.${index}`;
    if (child.nodeType === Node.TEXT_NODE) {
      out.push(child.textContent ?? '');
      return;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) return;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) return;
    const children = childrenOf(element, key);
    if (!ALLOWED.has(tag)) {
      // Another element: its text stays, the element goes (as the server's sanitiser does).
      out.push(...children);
      return;
    }
    if (tag === 'br') {
      out.push(createElement('br', { key }));
      return;
    }
    if (tag === 'a') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (!SAFE_HREF.test(href)) {
        out.push(...children);
        return;
      }
      out.push(createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...children));
      return;
    }
    out.push(createElement(tag, { key }, ...children));
  });
  return out;
}
