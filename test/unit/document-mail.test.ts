import { describe, expect, it } from 'vitest';
import { DOCUMENT_LANGUAGE_CODES } from '../../src/core/document-languages.js';
import { MAIL_TEXTS, composeMail, recipientsOf, type MailDocument } from '../../src/modules/document-mail/index.js';
import type { ContactObject } from '../../src/modules/contacts/index.js';
import { stableMessageId } from '../../src/core/mail.js';

/** The e-mail of a sent document (docs/documents.md#e-mailing-documents): who receives it, and its words in each language. */

const contact = (fullName: string, email: string | undefined, emails: Record<string, boolean>): ContactObject => ({
  id: fullName,
  ...(email === undefined ? {} : { email }),
  emails,
  fullName,
  mobile: '',
  nickname: null,
  notes: '',
  phone: '',
  pictureUrl: null,
  title: '',
});

describe('recipientsOf', () => {
  const clients = [
    contact('Ann', 'ann@x.example', { invoice: true, quote: false, ccInvoice: false, ccQuote: true }),
    contact('Ben', 'ben@x.example', { invoice: false, quote: true, ccInvoice: true, ccQuote: false }),
    contact('Cat', undefined, { invoice: true, quote: true, ccInvoice: true, ccQuote: true }),
    contact('Dan', ' ANN@x.example ', { invoice: true, quote: true, ccInvoice: true, ccQuote: true }),
    contact('Eve', 'eve@x.example', { invoice: false, quote: false, ccInvoice: false, ccQuote: false }),
  ];

  it('addresses invoices and credit notes to the invoice contacts, copies to ccInvoice, each address once, contacts without an e-mail left out', () => {
    for (const document of ['invoice', 'creditNote'] as const) {
      expect(recipientsOf(document, clients)).toEqual({ to: [{ name: 'Ann', address: 'ann@x.example' }], cc: [{ name: 'Ben', address: 'ben@x.example' }] });
    }
  });

  it('addresses quotes to the quote contacts, copies to ccQuote (never someone addressed already)', () => {
    expect(recipientsOf('quote', clients)).toEqual({
      to: [
        { name: 'Ben', address: 'ben@x.example' },
        { name: 'Dan', address: 'ANN@x.example' },
      ],
      cc: [],
    });
  });

  it('addresses purchase orders to the supplier’s purchaseOrder contacts, copies to ccPurchaseOrder', () => {
    const suppliers = [
      contact('Pia', 'pia@s.example', { purchaseOrder: true, ccPurchaseOrder: false }),
      contact('Cal', 'cal@s.example', { purchaseOrder: false, ccPurchaseOrder: true }),
      contact('Nil', 'nil@s.example', { purchaseOrder: false, ccPurchaseOrder: false }),
    ];
    expect(recipientsOf('purchaseOrder', suppliers)).toEqual({
      to: [{ name: 'Pia', address: 'pia@s.example' }],
      cc: [{ name: 'Cal', address: 'cal@s.example' }],
    });
    expect(recipientsOf('purchaseOrder', [])).toEqual({ to: [], cc: [] });
  });
});

describe('MAIL_TEXTS and composeMail', () => {
  const documents: MailDocument[] = ['invoice', 'creditNote', 'quote', 'purchaseOrder'];

  it('has every text in every document language, none empty, each naming the number it is given', () => {
    const keys = Object.keys(MAIL_TEXTS.en).sort();
    expect(Object.keys(MAIL_TEXTS).sort()).toEqual([...DOCUMENT_LANGUAGE_CODES].sort());
    for (const language of DOCUMENT_LANGUAGE_CODES) {
      const texts = MAIL_TEXTS[language];
      expect(Object.keys(texts).sort(), language).toEqual(keys);
      expect(Object.keys(texts.attached).sort(), language).toEqual([...documents].sort());
      for (const document of documents) expect(texts.attached[document]('N-42'), `${language} ${document}`).toContain('N-42');
      expect(texts.subject('T', 'N-42', 'Agency'), language).toMatch(/^T N-42 \S+ Agency$/);
      for (const text of [texts.greeting, texts.eInvoice, texts.closing]) expect(text.trim(), language).not.toBe('');
      for (const line of [texts.total('X9'), texts.due('X9'), texts.validUntil('X9')]) expect(line, language).toContain('X9');
    }
  });

  it('writes the figures as the PDF does, in the language, and escapes what it quotes in the HTML', () => {
    const mail = composeMail({
      document: 'invoice',
      language: 'de',
      number: 'RE-2025-0001',
      agency: 'Müller & Söhne <GmbH>',
      total: '1234.5',
      currency: 'EUR',
      dueDate: '2025-02-14T00:00:00.000Z',
      validityDate: null,
      eInvoiceAttached: true,
    });
    expect(mail.subject).toBe('Rechnung RE-2025-0001 von Müller & Söhne <GmbH>');
    expect(mail.text).toBe(
      'Guten Tag,\n\nanbei erhalten Sie unsere Rechnung RE-2025-0001.\n\nGesamtbetrag: 1.234,50\u00a0€\nZahlbar bis 14. Februar 2025\n\n' +
        'Die E-Rechnung (UBL-XML) ist ebenfalls beigefügt.\n\nMit freundlichen Grüßen\nMüller & Söhne <GmbH>\n',
    );
    expect(mail.html).toContain('Müller &#38; Söhne &#60;GmbH&#62;');
    expect(mail.html).not.toContain('<GmbH>');
  });

  it('gives quotes their validity, credit notes and purchase orders their total only', () => {
    const base = {
      language: 'en' as const,
      number: 'N1',
      agency: 'A',
      total: -10,
      currency: 'USD',
      dueDate: '2025-01-31',
      validityDate: '2025-03-01',
      eInvoiceAttached: false,
    };
    expect(composeMail({ ...base, document: 'quote' }).text).toContain('Total: -US$10.00\nValid until 1 March 2025\n');
    expect(composeMail({ ...base, document: 'creditNote' }).text).not.toMatch(/Due|Valid/);
    expect(composeMail({ ...base, document: 'purchaseOrder' }).subject).toBe('Purchase order N1 from A');
    expect(composeMail({ ...base, document: 'invoice' }).text).toContain('Due by 31 January 2025');
  });
});

describe('stableMessageId', () => {
  it('is <key@the sender’s domain>, the same for the same key', () => {
    expect(stableMessageId('6b0b7d80f47aeeb0f1460e3b', 'Agency One <desk@Agency.Example>')).toBe('<6b0b7d80f47aeeb0f1460e3b@agency.example>');
    expect(stableMessageId('6b0b7d80f47aeeb0f1460e3b', 'desk@mail.agency.example')).toBe('<6b0b7d80f47aeeb0f1460e3b@mail.agency.example>');
    expect(stableMessageId('a1', 'Transdesk <transdesk@localhost>')).toBe('<a1@localhost>');
    expect(stableMessageId('a1', '"Desk @ Agency" <desk@xn--bcher-kva.example>')).toBe('<a1@xn--bcher-kva.example>');
  });

  it('falls back to transdesk.invalid when the sender has no usable domain', () => {
    for (const from of ['Agency One', 'desk@', 'desk@[192.0.2.1]', 'desk@bad_domain.example', 'desk@-x.example'])
      expect(stableMessageId('a1', from), from).toBe('<a1@transdesk.invalid>');
  });
});
