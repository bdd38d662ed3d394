import { describe, expect, it } from 'vitest';
import { receivedDocuments, type Contact } from '../../../console/src/modules/contacts/contact-kinds';
import { contactBody, contactValues, notesText, validateContact } from '../../../console/src/modules/contacts/contact-form-values';

const contact: Contact = {
  id: 'c1',
  email: 'ada@example.com',
  emails: { quote: true, invoice: false, ccQuote: false, ccInvoice: true },
  fullName: 'Ada Lovelace',
  mobile: '+32 470 00 00 00',
  nickname: '',
  notes: '<p><strong>Prefers</strong> mornings</p><p>Speaks French</p>',
  phone: '',
  title: 'Buyer',
};

describe('the contact form', () => {
  it('starts a new contact with the documents the API sends by default, per kind of party', () => {
    expect(contactValues('client').emails).toEqual({ quote: true, invoice: true, ccQuote: false, ccInvoice: false });
    expect(contactValues('supplier').emails).toEqual({ purchaseOrder: true, ccPurchaseOrder: false });
  });

  it('reads a contact, its notes as plain text a line a paragraph', () => {
    const values = contactValues('client', contact);
    expect(values).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.com', title: 'Buyer', notes: 'Prefers mornings\nSpeaks French' });
    expect(notesText('<p></p>')).toBe('');
    expect(notesText('<p>a<br>b</p><ul><li><p>c</p></li></ul>')).toBe('a\nb\nc');
  });

  it('refuses what the API refuses: no name, a malformed e-mail, texts over 255 characters', () => {
    const valid = contactValues('client', contact);
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, fullName: '   ' })).toEqual({ fullName: 'contacts.error.fullName' });
    expect(validateContact({ ...valid, email: 'ada@example' })).toEqual({ email: 'contacts.error.email' });
    expect(validateContact({ ...valid, email: 'ada lovelace@example.com' })).toEqual({ email: 'contacts.error.email' });
    expect(validateContact({ ...valid, email: '' })).toEqual({});
    expect(validateContact({ ...valid, title: 'x'.repeat(256), phone: 'é'.repeat(255) })).toEqual({ title: 'contacts.error.tooLong' });
    expect(validateContact({ ...valid, notes: 'x'.repeat(100_001) })).toEqual({ notes: 'contacts.error.notesTooLong' });
  });

  it('sends a new contact without its empty fields, and only the kind’s flags', () => {
    const values = { ...contactValues('supplier'), fullName: ' Bo ', emails: { purchaseOrder: false, ccPurchaseOrder: true, quote: true } };
    expect(contactBody('supplier', values)).toEqual({
      fullName: 'Bo',
      title: '',
      phone: '',
      mobile: '',
      emails: { purchaseOrder: false, ccPurchaseOrder: true },
    });
  });

  it('sends a change with an emptied e-mail as null, and the notes only when their text changed', () => {
    const initial = contactValues('client', contact);
    expect(contactBody('client', { ...initial, email: '' }, initial)).not.toHaveProperty('notes');
    expect(contactBody('client', { ...initial, email: '' }, initial).email).toBeNull();
    expect(contactBody('client', { ...initial, notes: 'Call first' }, initial).notes).toBe('Call first');
  });

  it('names the documents a contact receives, in the catalogue’s order', () => {
    expect(receivedDocuments('client', contact.emails)).toEqual(['contacts.document.quote', 'contacts.document.ccInvoice']);
    expect(receivedDocuments('supplier', { purchaseOrder: true, ccPurchaseOrder: false })).toEqual(['contacts.document.purchaseOrder']);
  });
});
