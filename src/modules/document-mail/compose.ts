import type { Ctx } from '../../core/context.js';
import { escapeHtml } from '../../core/mail.js';
import { accounts } from '../accounts/index.js';
import { LABELS, type LabelLanguage } from '../document-rendering/index.js';
import { MAIL_TEXTS, type ComposedMail, type MailDocument } from './templates.js';

/**
 * The words of an e-mail a caller wrote (docs/documents.md#e-mailing-documents): `{number}` stands
 * for the document's number, which a draft gets only when it is sent; the message is plain text,
 * its HTML twin made from it (paragraphs at blank lines, line breaks kept, everything escaped).
 */
export const NUMBER_PLACEHOLDER = '{number}';

export const withNumber = (text: string, number: string): string => text.split(NUMBER_PLACEHOLDER).join(number);

export function bodyOf(message: string): Pick<ComposedMail, 'text' | 'html'> {
  const text = message.replace(/\r\n?/g, '\n').trim();
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.split('\n'));
  return {
    text: `${text}\n`,
    html: paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('\n'),
  };
}

/** The agency's name as its PDF shows it: the legal name, else the name. */
export async function agencyName(ctx: Ctx): Promise<string> {
  const account = await accounts.get(ctx);
  return account.legalName.trim() || account.name;
}

/** The default subject (the handler's, templates.ts): `Invoice INV-0001 from Agency`. */
export const defaultSubject = (language: LabelLanguage, document: MailDocument, number: string, agency: string): string =>
  MAIL_TEXTS[language].subject(LABELS[language][document], number, agency);
