import type { PartyKind } from '../../shared/api/party';
import { CONTACT_DOCUMENTS, DEFAULT_DOCUMENTS, type Contact } from './contact-kinds';
import { LIMITS } from '../../shared/api/limits.gen';

/** The contact form's fields (notes as plain text: one paragraph a line, as the API reads plain text). */
export type ContactValues = {
  fullName: string;
  title: string;
  email: string;
  phone: string;
  mobile: string;
  notes: string;
  emails: Record<string, boolean>;
};

/** The API's limit on a text field (docs/reference.md#limits), counted in characters as it counts them. */
export const TEXT_MAX_LENGTH = LIMITS.text;
/** The API's test of an e-mail address (src/core/http/validation.ts, `email-address`). */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

const length = (text: string) => [...text].length;

/** A stored rich text (`<p>…</p>…`) as the plain text of the form: a line a paragraph or line break. */
export function notesText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const lines: string[] = [];
  let line = '';
  const walk = (node: Node) => {
    node.childNodes.forEach((child) => {
      if (child.nodeType === Node.TEXT_NODE) line += child.textContent ?? '';
      else if (child.nodeName === 'BR') {
        lines.push(line);
        line = '';
      } else {
        const block = /^(P|LI|BLOCKQUOTE|UL|OL|DIV)$/.test(child.nodeName);
        if (block && line !== '') {
          lines.push(line);
          line = '';
        }
        walk(child);
        if (block && line !== '') {
          lines.push(line);
          line = '';
        }
      }
    });
  };
  walk(body);
  if (line !== '') lines.push(line);
  return lines.join('\n').trim();
}

export function contactValues(kind: PartyKind, contact?: Contact): ContactValues {
  const emails = { ...DEFAULT_DOCUMENTS[kind], ...contact?.emails };
  return {
    fullName: contact?.fullName ?? '',
    title: contact?.title ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    mobile: contact?.mobile ?? '',
    notes: contact ? notesText(contact.notes) : '',
    emails,
  };
}

/** What the API would refuse, per field (the same rules: src/modules/contacts/schemas.ts), as catalogue keys. */
export function validateContact(
  values: ContactValues,
): Partial<Record<keyof ContactValues, 'contacts.error.fullName' | 'contacts.error.email' | 'contacts.error.tooLong' | 'contacts.error.notesTooLong'>> {
  const errors: ReturnType<typeof validateContact> = {};
  const name = values.fullName.trim();
  if (name === '') errors.fullName = 'contacts.error.fullName';
  else if (length(name) > TEXT_MAX_LENGTH) errors.fullName = 'contacts.error.tooLong';
  const email = values.email.trim();
  if (email !== '' && (!EMAIL.test(email) || length(email) > TEXT_MAX_LENGTH)) errors.email = 'contacts.error.email';
  for (const field of ['title', 'phone', 'mobile'] as const) if (length(values[field].trim()) > TEXT_MAX_LENGTH) errors[field] = 'contacts.error.tooLong';
  if (length(values.notes) > LIMITS.note) errors.notes = 'contacts.error.notesTooLong';
  return errors;
}

export interface ContactBody {
  fullName: string;
  title: string;
  email?: string | null;
  phone: string;
  mobile: string;
  notes?: string;
  emails: Record<string, boolean>;
}

/**
 * The request's body: trimmed texts; on a change, an e-mail emptied is `null` (removes it) and the
 * notes are sent only when their text changed (the stored formatting stays otherwise).
 */
export function contactBody(kind: PartyKind, values: ContactValues, initial?: ContactValues): ContactBody {
  const email = values.email.trim();
  const notes = values.notes.trim();
  const emails = Object.fromEntries(CONTACT_DOCUMENTS[kind].map(({ flag }) => [flag, values.emails[flag] === true]));
  const body: ContactBody = { fullName: values.fullName.trim(), title: values.title.trim(), phone: values.phone.trim(), mobile: values.mobile.trim(), emails };
  if (initial) {
    body.email = email === '' ? null : email;
    if (notes !== initial.notes.trim()) body.notes = notes;
  } else {
    if (email !== '') body.email = email;
    if (notes !== '') body.notes = notes;
  }
  return body;
}
