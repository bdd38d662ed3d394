import { escapeHtml } from '../../core/mail.js';
import type { PortalMailPayload } from './portal-mail.js';

/** What a portal notice says: an intro, facts as label–value lines, words quoted as written, a link, a closing line. */
export interface Notice {
  to: string;
  /** The language of the HTML (`lang`): the reader's. */
  language: string;
  subject: string;
  intro: string;
  facts?: ReadonlyArray<readonly [string, string]>;
  /** Someone's own words (a message, a comment), kept with their line breaks. */
  quote?: string;
  link: { label: string; url: string };
  footer?: string;
}

/**
 * The one shape of the portal's notices (a new request, a quote answered, a message written), in
 * text and in HTML; the agency's name and logo are put above it when it is sent (portal-mail.ts).
 */
export function noticeMail(notice: Notice): PortalMailPayload {
  const facts = notice.facts ?? [];
  const text = [
    notice.intro,
    ...(facts.length > 0 ? [facts.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(notice.quote === undefined ? [] : [notice.quote]),
    `${notice.link.label}: ${notice.link.url}`,
    ...(notice.footer === undefined ? [] : [notice.footer]),
  ];
  const html = [
    `<!doctype html><html lang="${escapeHtml(notice.language)}"><body>`,
    `<p>${escapeHtml(notice.intro)}</p>`,
    ...(facts.length > 0 ? [`<p>${facts.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br>')}</p>`] : []),
    ...(notice.quote === undefined ? [] : [`<blockquote style="white-space:pre-wrap">${escapeHtml(notice.quote)}</blockquote>`]),
    `<p><a href="${escapeHtml(notice.link.url)}">${escapeHtml(notice.link.label)}</a></p>`,
    ...(notice.footer === undefined ? [] : [`<p>${escapeHtml(notice.footer)}</p>`]),
    '</body></html>',
  ];
  return { to: notice.to, subject: notice.subject, text: text.join('\n\n') + '\n', html: html.join('\n') };
}
