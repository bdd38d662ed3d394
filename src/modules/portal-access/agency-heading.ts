import type { Executor } from '../../core/db/dialect.js';
import { escapeHtml, type MailAttachment, type MailMessage } from '../../core/mail.js';
import { accounts } from '../accounts/index.js';

/** The inline part's name the heading's `<img>` points at. */
const LOGO_CID = 'agency-logo@transdesk';

/** Mail readers show PNG and JPEG inline; an SVG logo is left out of e-mails (the name still heads them). */
const MAIL_IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** What heads every portal e-mail (docs/client-portal.md#what-the-portal-shows): the agency's name, and its logo when it has one. */
export interface AgencyHeading {
  name: string;
  logo: MailAttachment | null;
}

/** The heading of an account's e-mails: its name (read here unless given) and its logo. */
export async function agencyHeadingOf(db: Executor, accountId: string, name?: string): Promise<AgencyHeading> {
  name ??= await accounts.nameOf(db, accountId);
  const logo = await accounts.logoOf(db, accountId);
  if (logo === null || !MAIL_IMAGE_TYPES.has(logo.contentType)) return { name, logo: null };
  const extension = logo.contentType === 'image/png' ? 'png' : 'jpg';
  return { name, logo: { filename: `logo.${extension}`, content: logo.content, contentType: logo.contentType, cid: LOGO_CID } };
}

/**
 * The message with the agency's heading: its name above the text, and above the HTML its logo
 * (an inline part) and name. Applied where portal e-mails are sent, so that every one of them
 * carries it whatever composed it.
 */
export function withAgencyHeading(message: MailMessage, heading: AgencyHeading): MailMessage {
  const name = escapeHtml(heading.name);
  const logo = heading.logo ? `<img src="cid:${LOGO_CID}" alt="${name}" height="48" style="display:block;max-height:48px;margin-bottom:8px">` : '';
  const banner = `<div style="padding:0 0 12px;margin:0 0 16px;border-bottom:1px solid #dee2e6">${logo}<strong>${name}</strong></div>`;
  const body = /<body[^>]*>/i.exec(message.html);
  const html = body ? message.html.replace(body[0], `${body[0]}\n${banner}`) : `${banner}\n${message.html}`;
  return {
    ...message,
    text: `${heading.name}\n\n${message.text}`,
    html,
    attachments: heading.logo ? [...(message.attachments ?? []), heading.logo] : message.attachments,
  };
}
