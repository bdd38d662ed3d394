import { t } from '../../shared/i18n';
import type { EmailDraft, EmailRequest } from './mail-queries';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * The send dialog's form, checked as the API checks `POST …/:id/email` and the body of
 * `POST …/:id/send` (src/modules/documents/mail-request.ts): addresses as the API's
 * `email-address` format, at most 50 of each, a one-line subject of at most 300 characters, a
 * message of at most 20 000.
 */
export const MAX_RECIPIENTS = 50;
const MAX_SUBJECT = 300;
const MAX_MESSAGE = 20_000;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export interface EmailFormValues {
  to: string[];
  cc: string[];
  subject: string;
  message: string;
}

export const formValuesOf = (draft: EmailDraft): EmailFormValues => ({
  to: draft.to.map((recipient) => recipient.address),
  cc: draft.cc.map((recipient) => recipient.address),
  subject: draft.subject,
  message: draft.message,
});

function addressesError(addresses: readonly string[]): string | null {
  if (addresses.length > MAX_RECIPIENTS) return t('documentMail.rule.tooMany', { max: MAX_RECIPIENTS });
  const wrong = addresses.find((address) => !EMAIL.test(address.trim()) || address.length > LIMITS.text);
  return wrong === undefined ? null : t('documentMail.rule.email', { value: wrong });
}

export const emailRules = {
  to: addressesError,
  cc: addressesError,
  subject: (value: string) => (value.trim() === '' || /[\r\n]/.test(value) || value.length > MAX_SUBJECT ? t('documentMail.rule.subject') : null),
  message: (value: string) => (value.trim() === '' || value.length > MAX_MESSAGE ? t('documentMail.rule.message') : null),
};

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** The request of the dialog: only what the user changed, so that the rest keeps the API's defaults (a draft's number, the e-invoice sentence). */
export function requestOf(values: EmailFormValues, draft: EmailDraft): EmailRequest {
  const defaults = formValuesOf(draft);
  const request: EmailRequest = {};
  if (!sameList(values.to, defaults.to)) request.to = values.to.map((address) => address.trim());
  if (!sameList(values.cc, defaults.cc)) request.cc = values.cc.map((address) => address.trim());
  if (values.subject !== defaults.subject) request.subject = values.subject.trim();
  if (values.message !== defaults.message) request.message = values.message;
  return request;
}
