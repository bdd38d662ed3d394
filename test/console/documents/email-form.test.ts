import { describe, expect, it } from 'vitest';
import { emailRules, formValuesOf, requestOf } from '../../../console/src/modules/documents/email-form';
import type { EmailDraft } from '../../../console/src/modules/documents/mail-queries';

/** The send dialog's form (console/src/modules/documents/email-form.ts): checked as the API checks it, and only what changed is sent. */
const draft: EmailDraft = {
  to: [{ name: 'Ann', address: 'ann@client.example' }],
  cc: [],
  recipientsSource: 'contacts',
  subject: 'Invoice {number} from Agency',
  message: 'Hello,\n\nPlease find attached our invoice {number}.',
  language: 'en',
  attachments: [{ filename: '{number}.pdf', contentType: 'application/pdf', optional: false }],
  willSend: true,
  notEmailedReason: null,
};

describe('requestOf', () => {
  it('sends nothing when nothing changed: the server keeps its defaults', () => {
    expect(requestOf(formValuesOf(draft), draft)).toEqual({});
  });

  it('sends what changed, addresses trimmed, an emptied list as empty', () => {
    const values = { ...formValuesOf(draft), to: [], cc: [' boss@client.example '], subject: ' Reminder {number} ' };
    expect(requestOf(values, draft)).toEqual({ to: [], cc: ['boss@client.example'], subject: 'Reminder {number}' });
  });
});

describe('emailRules', () => {
  it('as the API: addresses of its format, at most 50; a one-line subject; a message', () => {
    expect(emailRules.to(['ann@client.example'])).toBeNull();
    expect(emailRules.to(['ann@client'])).toBe('“ann@client” is not an e-mail address');
    expect(emailRules.cc(Array.from({ length: 51 }, (_, i) => `p${i}@client.example`))).toBe('At most 50 addresses');
    expect(emailRules.subject('Invoice\nBcc: x@y.example')).not.toBeNull();
    expect(emailRules.subject('  ')).not.toBeNull();
    expect(emailRules.subject('x'.repeat(301))).not.toBeNull();
    expect(emailRules.subject('Invoice {number}')).toBeNull();
    expect(emailRules.message(' \n ')).not.toBeNull();
    expect(emailRules.message('Hello')).toBeNull();
  });
});
