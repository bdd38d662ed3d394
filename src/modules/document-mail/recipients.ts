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

/** Where the default addressees came from: the contacts marked for the kind, the party's own e-mail when none is, or nowhere. */
export type RecipientsSource = 'contacts' | 'party' | 'none';

interface Party {
  name: string;
  email: string;
}

async function partyOf(ctx: Ctx, document: MailDocument, partyId: string): Promise<Party> {
  const table = document === 'purchaseOrder' ? 'suppliers' : 'clients';
  const row = await ctx.db
    .selectFrom(table as 'clients')
    .select(['name', 'email'])
    .where('account_id', '=', ctx.accountId)
    .where('id', '=', partyId)
    .executeTakeFirst();
  return { name: row?.name ?? '', email: row?.email?.trim() ?? '' };
}

/**
 * The default recipients of a document of a party, read now (in the send's transaction): the
 * contacts of `recipientsOf`; when no contact is an addressee, the party's own e-mail (a freelancer
 * without contacts gets their purchase order at the supplier's address), still copied to the
 * contacts marked for copies.
 */
export async function resolveRecipients(ctx: Ctx, document: MailDocument, partyId: string): Promise<Recipients & { source: RecipientsSource }> {
  const list = await partyContacts(ctx, document, partyId);
  const fromContacts = recipientsOf(document, list);
  if (fromContacts.to.length > 0) return { ...fromContacts, source: 'contacts' };
  const party = await partyOf(ctx, document, partyId);
  if (party.email === '') return { ...fromContacts, source: 'none' };
  const cc = fromContacts.cc.filter((recipient) => recipient.address.toLowerCase() !== party.email.toLowerCase());
  return { to: [{ name: party.name, address: party.email }], cc, source: 'party' };
}

async function partyContacts(ctx: Ctx, document: MailDocument, partyId: string): Promise<ContactObject[]> {
  const kind = document === 'purchaseOrder' ? supplierContacts : clientContacts;
  return (await contacts.listFor(ctx, kind, [partyId])).get(partyId) ?? [];
}

/**
 * The recipients a caller gave (`to`, `cc` of docs/documents.md#e-mailing-documents), each named as
 * the party's contact or the party with that address when there is one; each address once, an
 * addressee not copied as well. What the caller left out takes the default.
 */
export async function requestedRecipients(
  ctx: Ctx,
  document: MailDocument,
  partyId: string,
  request: { to?: readonly string[]; cc?: readonly string[] },
): Promise<Recipients & { source: RecipientsSource | 'request' }> {
  const defaults = request.to === undefined || request.cc === undefined ? await resolveRecipients(ctx, document, partyId) : undefined;
  // Nothing asked: the defaults as they are (a send without a body reads the party once).
  if (defaults !== undefined && request.to === undefined && request.cc === undefined) return defaults;
  const list = await partyContacts(ctx, document, partyId);
  const party = await partyOf(ctx, document, partyId);
  const names = new Map<string, string>();
  for (const contact of list) {
    const address = contact.email?.trim().toLowerCase() ?? '';
    if (address !== '' && !names.has(address)) names.set(address, contact.fullName);
  }
  if (party.email !== '' && !names.has(party.email.toLowerCase())) names.set(party.email.toLowerCase(), party.name);
  const seen = new Set<string>();
  const once = (recipients: readonly Recipient[]): Recipient[] =>
    recipients.filter((recipient) => {
      const key = recipient.address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const named = (addresses: readonly string[]): Recipient[] =>
    addresses.map((raw) => ({ name: names.get(raw.trim().toLowerCase()) ?? '', address: raw.trim() }));
  const to = once(request.to === undefined ? defaults!.to : named(request.to));
  const cc = once(request.cc === undefined ? defaults!.cc : named(request.cc));
  return { to, cc, source: request.to === undefined ? defaults!.source : 'request' };
}
