/**
 * E-mailed documents (docs/documents.md#e-mailing-documents): `queueDocumentEmail` is given to the
 * documents' routes (a send queues the e-mail in its transaction); `sendDocumentEmail` is the
 * outbox's handler of deliveries of kind `email`, `documentEmailAbandoned` what the outbox calls
 * when it gives one up.
 */
export { queueDocumentEmail, type EmailPayload } from './queue.js';
export { sendDocumentEmail, documentEmailAbandoned } from './handler.js';
/** `POST …/:id/email`, `GET …/:id/email-draft`, `GET …/:id/emails` of each kind. */
export { documentMailRoutes } from './routes.js';
export { composeMail, MAIL_TEXTS, type MailDocument, type MailTexts } from './templates.js';
export { recipientsOf, RECIPIENT_FLAGS, type Recipient, type Recipients } from './recipients.js';
