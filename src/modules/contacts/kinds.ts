/**
 * Contacts of clients and of suppliers: one implementation, configured here once per owner kind.
 * `emails` lists the e-mail flags of the kind with their defaults, in the order they are answered.
 */
export interface ContactKind {
  /** Owner column in the contacts table. */
  owner: 'client_id' | 'supplier_id';
  /** For schema titles: `client` → `clientContact`. */
  resource: string;
  emails: Readonly<Record<string, boolean>>;
}

export const clientContacts: ContactKind = {
  owner: 'client_id',
  resource: 'client',
  emails: { ccInvoice: false, ccQuote: false, invoice: true, quote: true },
};

export const supplierContacts: ContactKind = {
  owner: 'supplier_id',
  resource: 'supplier',
  emails: { purchaseOrder: true, ccPurchaseOrder: false },
};
