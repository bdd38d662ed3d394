import type { Ctx } from '../../core/context.js';
import { clientContacts, contacts, supplierContacts, type ContactObject } from '../contacts/index.js';
import type { MailDocument } from './templates.js';

/** A recipient as the e-mail names it. */
export interface Recipient {
  name: string;
  address: string;
}

export interface Recipients {
  to: Recipient[];
  cc: Recipient[];
}

/**
 * The contact flags that address each kind of document (docs/clients-suppliers.md): a credit note
 * goes where invoices go, a purchase order to the supplier's contacts.
 */
export const RECIPIENT_FLAGS: Record<MailDocument, { to: string; cc: string }> = {
  invoice: { to: 'invoice', cc: 'ccInvoice' },
  creditNote: { to: 'invoice', cc: 'ccInvoice' },
  quote: { to: 'quote', cc: 'ccQuote' },
  purchaseOrder: { to: 'purchaseOrder', cc: 'ccPurchaseOrder' },
};

/**
 * Who receives a document, from its party's contacts: `to` the contacts with an e-mail and the
 * kind's flag, `cc` those with the copy flag who are not addressed already; each address once
 * (compared without regard to case), in the contacts' order.
 */
export function recipientsOf(document: MailDocument, partyContacts: readonly ContactObject[]): Recipients {
  const flags = RECIPIENT_FLAGS[document];
  const seen = new Set<string>();
  const pick = (flag: string): Recipient[] =>
    partyContacts.flatMap((contact) => {
      const address = contact.email?.trim() ?? '';
      if (address === '' || contact.emails[flag] !== true || seen.has(address.toLowerCase())) return [];
      seen.add(address.toLowerCase());
      return [{ name: contact.fullName, address }];
    });
  const to = pick(flags.to);
  return { to, cc: pick(flags.cc) };
}

/** The recipients of a document of a party, read now (in the send's transaction). */
export async function resolveRecipients(ctx: Ctx, document: MailDocument, partyId: string): Promise<Recipients> {
  const kind = document === 'purchaseOrder' ? supplierContacts : clientContacts;
  const list = (await contacts.listFor(ctx, kind, [partyId])).get(partyId) ?? [];
  return recipientsOf(document, list);
}
