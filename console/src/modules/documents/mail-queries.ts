import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../shared/api/client';
import type { AnyDocument, DocumentKind } from './kinds';

/**
 * A document's e-mail (docs/documents.md#e-mailing-documents): the e-mail a send would queue
 * (`GET …/:id/email-draft`), the mail log (`GET …/:id/emails`), sending with the dialog's
 * recipients and words (`POST …/:id/send`), e-mailing again (`POST …/:id/email`). Keyed under
 * the document (`['invoices', 'detail', id, 'emails']`): every write of the kind refreshes them.
 */
type Loose = (path: string, init?: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const get = api.GET as unknown as Loose;
const post = api.POST as unknown as Loose;

export interface Recipient {
  name: string;
  address: string;
}

export interface EmailDraft {
  to: Recipient[];
  cc: Recipient[];
  recipientsSource: 'contacts' | 'party' | 'none';
  subject: string;
  message: string;
  language: string;
  attachments: Array<{ filename: string; contentType: string; optional: boolean }>;
  willSend: boolean;
  notEmailedReason: 'smtp_not_configured' | 'no_recipients' | null;
}

export interface MailLogEntry {
  id: string;
  to: Recipient[];
  cc: Recipient[];
  subject: string;
  customMessage: boolean;
  queuedAt: string;
  queuedBy: { type: 'user' | 'key' | 'system'; id: string | null; name: string | null };
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  updatedAt: string;
}

/** What the dialog sends: only what the user changed (the rest takes the API's defaults). */
export interface EmailRequest {
  to?: string[];
  cc?: string[];
  subject?: string;
  message?: string;
}

const base = (kind: DocumentKind, id: string) => `/v2/${kind.collection}/${id}`;

export const emailDraftQuery = (kind: DocumentKind, id: string) =>
  queryOptions({
    queryKey: [kind.collection, 'detail', id, 'email-draft'] as const,
    queryFn: ({ signal }) => data(get(`${base(kind, id)}/email-draft`, { signal })) as Promise<EmailDraft>,
    staleTime: 0,
  });

export const mailLogQuery = (kind: DocumentKind, id: string) =>
  queryOptions({
    queryKey: [kind.collection, 'detail', id, 'emails'] as const,
    queryFn: ({ signal }) => data(get(`${base(kind, id)}/emails`, { signal })) as Promise<{ items: MailLogEntry[] }>,
  });

/** Sends a draft with the dialog's e-mail (answers the document with `emailed`), or e-mails a sent one again (answers the log entry). */
export function useSendEmail(kind: DocumentKind, id: string, mode: 'send' | 'again') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailRequest) =>
      data(post(`${base(kind, id)}/${mode === 'send' ? 'send' : 'email'}`, { body })) as Promise<
        (AnyDocument & { emailed?: boolean; notEmailedReason?: string | null }) | MailLogEntry
      >,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [kind.collection] });
      if (mode === 'send') void client.invalidateQueries({ queryKey: ['jobs'] });
      if (mode === 'send' && kind.source === 'outsourcing') void client.invalidateQueries({ queryKey: ['outsourcing'] });
    },
  });
}
