import type { MessageKey } from '../../shared/i18n';
import type { PartyKind } from '../../shared/api/party';

/**
 * The documents a contact receives by e-mail, per kind of party: the API's `emails` flags
 * (docs/clients-suppliers.md#contact-object, src/modules/contacts/kinds.ts), in the order shown.
 */
export const CONTACT_DOCUMENTS = {
  client: [
    { flag: 'quote', label: 'contacts.document.quote' },
    { flag: 'invoice', label: 'contacts.document.invoice' },
    { flag: 'ccQuote', label: 'contacts.document.ccQuote' },
    { flag: 'ccInvoice', label: 'contacts.document.ccInvoice' },
  ],
  supplier: [
    { flag: 'purchaseOrder', label: 'contacts.document.purchaseOrder' },
    { flag: 'ccPurchaseOrder', label: 'contacts.document.ccPurchaseOrder' },
  ],
} as const satisfies Record<PartyKind, readonly { flag: string; label: MessageKey }[]>;

/** The flags of a new contact, as the API sets them when none is sent. */
export const DEFAULT_DOCUMENTS: Record<PartyKind, Record<string, boolean>> = {
  client: { quote: true, invoice: true, ccQuote: false, ccInvoice: false },
  supplier: { purchaseOrder: true, ccPurchaseOrder: false },
};

/** A contact of a client or a supplier (their `emails` flags differ). */
export interface Contact {
  id: string;
  email?: string;
  emails: Record<string, boolean>;
  fullName: string;
  mobile: string;
  nickname: string | null;
  notes: string;
  phone: string;
  title: string;
}

/** The documents a contact receives, as the catalogue names them. */
export function receivedDocuments(kind: PartyKind, emails: Record<string, boolean>): MessageKey[] {
  return CONTACT_DOCUMENTS[kind].filter(({ flag }) => emails[flag] === true).map(({ label }) => label);
}
