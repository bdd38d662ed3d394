import { Type, type Static } from '@sinclair/typebox';
import { Email, Input } from '../../core/schemas.js';

/**
 * What a caller may say of a document's e-mail (docs/documents.md#e-mailing-documents): the body
 * of `POST …/:id/email` and the optional body of `POST …/:id/send`. Every field is optional; an
 * absent one takes the default (the contacts marked for the kind, else the party's own e-mail; the
 * subject and message in the document's language). `{number}` in `subject` or `message` stands for
 * the document's number (a draft has none until it is sent).
 */
export const MAX_RECIPIENTS = 50;
export const MAX_SUBJECT = 300;
export const MAX_MESSAGE = 20_000;

const Addresses = (description: string) => Type.Array(Email(), { maxItems: MAX_RECIPIENTS, description });

export const EmailRequestSchema = Input({
  to: Type.Optional(Addresses('addressees; absent: the default ones; empty: nobody (refused)')),
  cc: Type.Optional(Addresses('copies; absent: the contacts marked for copies of the kind; empty: none')),
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SUBJECT, pattern: '^[^\\r\\n]*$', description: 'one line; absent: the default subject' })),
  message: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_MESSAGE, description: 'plain text, the whole body; absent: the default message' })),
});

export type EmailRequest = Static<typeof EmailRequestSchema>;
