import { Dec, minorUnits } from '../../core/money.js';
import { stateConflict } from '../../core/errors.js';
import { money, type DocumentObject } from '../documents/index.js';
import type { UblDocument, UblLine, UblParty, UblVat } from './ubl-xml.js';

/**
 * A sent invoice or credit note mapped to the figures of its Peppol BIS Billing 3.0 e-invoice
 * (docs/documents.md#e-invoices). Pure: what the document cannot be sent as (a draft, no lines,
 * a 3-decimal currency, a negative tax, missing identity data) is one 409 listing every gap, so
 * that the agency fixes them at once rather than one request at a time.
 */

/** A party as the e-invoice needs it, loaded by ubl-render.ts. */
export interface PartyIdentity {
  name: string;
  legalName: string;
  street: string;
  city: string;
  postalCode: string;
  state: string;
  country: string | null;
  vatNumber: string;
  registrationNumber: string;
  email: string;
  phone: string;
}

export interface UblSource {
  document: DocumentObject;
  /** Units of the lines by unit id: whether the unit is the account's hours unit. */
  hoursUnits: ReadonlySet<string>;
  seller: PartyIdentity;
  buyer: PartyIdentity;
  bank: { iban: string; bic: string; bankName: string };
  creditedInvoiceIssueDate: string | null;
  /** The client's purchase-order references: the document's own, else those of its jobs and their groups (as on the PDF). */
  purchaseOrders: readonly string[];
  pdf: { filename: string; content: Buffer };
}

/**
 * UN/ECE Recommendation 20 codes of the account's units: the hours unit (or a unit named "hour(s)"
 * in a document language) is `HUR`, a unit named "day(s)" `DAY`; any other unit (words, pages,
 * characters, lines…) is `C62` ("one") with the unit's name as the item property "Unit", and a
 * line without unit `C62`.
 */
const HOUR_NAMES = new Set([
  'h',
  'hr',
  'hrs',
  'hour',
  'hours',
  'heure',
  'heures',
  'stunde',
  'stunden',
  'hora',
  'horas',
  'ora',
  'ore',
  'uur',
  'uren',
  'godzina',
  'godziny',
  'godzin',
]);
const DAY_NAMES = new Set(['day', 'days', 'jour', 'jours', 'tag', 'tage', 'día', 'días', 'dia', 'dias', 'giorno', 'giorni', 'dag', 'dagen', 'dzień', 'dni']);

export function unitCode(unit: { id: string; name: string } | null, hoursUnits: ReadonlySet<string>): { code: string; name: string | null } {
  if (unit === null) return { code: 'C62', name: null };
  const name = unit.name.trim().toLowerCase();
  if (hoursUnits.has(unit.id) || HOUR_NAMES.has(name)) return { code: 'HUR', name: null };
  if (DAY_NAMES.has(name)) return { code: 'DAY', name: null };
  return { code: 'C62', name: unit.name };
}

/** Peppol electronic address schemes (EAS) of VAT numbers, by the VAT number's country prefix. */
const VAT_EAS: Record<string, string> = {
  AD: '9922', AL: '9923', AT: '9914', BA: '9924', BE: '9925', BG: '9926', CH: '9927', CY: '9928', CZ: '9929', DE: '9930',
  EE: '9931', EL: '9933', ES: '9920', FR: '9957', GB: '9932', HR: '9934', HU: '9910', IE: '9935', IT: '0211', LI: '9936',
  LT: '9937', LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942', MT: '9943', NL: '9944', PL: '9945', PT: '9946',
  RO: '9947', RS: '9948', SI: '9949', SK: '9950', SM: '9951', TR: '9952', VA: '9953',
}; // prettier-ignore

/** A VAT identifier with its country prefix (BR-CO-09): the number as stored when it has one, else the party's country (Greece: EL). */
export function vatIdentifier(vatNumber: string, country: string | null): string {
  const compact = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  if (compact === '' || /^[A-Z]{2}/.test(compact) || country === null) return compact;
  return `${country === 'GR' ? 'EL' : country}${compact}`;
}

/** The Peppol address of a party: its VAT number under its country's VAT scheme, else its e-mail (scheme EM). */
export function endpoint(vat: string, email: string): { scheme: string; id: string } | null {
  const scheme = VAT_EAS[vat.slice(0, 2)];
  if (vat !== '' && scheme) return { scheme, id: vat };
  if (email.trim() !== '') return { scheme: 'EM', id: email.trim() };
  return null;
}

/** The VAT category of the document's lines (docs/documents.md#e-invoices: one category for all lines, two taxes added up). */
export function vatCategory(doc: DocumentObject): UblVat | string {
  if (doc.applyVATReverseCharge) return { category: 'AE', percent: '0', exemptionCode: 'VATEX-EU-AE', exemptionReason: 'Reverse charge' };
  const rates = [doc.tax1, doc.tax2].filter((tax) => tax !== null).map((tax) => new Dec(String(tax.value)));
  if (rates.length === 0) return { category: 'E', percent: '0', exemptionCode: null, exemptionReason: 'Exempt from VAT' };
  if (rates.some((rate) => rate.isNegative())) return 'a negative tax (a withholding) has no place in an EN 16931 VAT breakdown';
  const rate = rates.reduce((sum, value) => sum.plus(value), new Dec(0));
  if (rate.isZero()) return { category: 'Z', percent: '0', exemptionCode: null, exemptionReason: null };
  return { category: 'S', percent: rate.times(100).toFixed(), exemptionCode: null, exemptionReason: null };
}

/** An amount of the document in the e-invoice: with the currency's decimals, the sign turned for a credit note (whose UBL figures are positive). */
function amounts(currency: string, sign: number) {
  return (value: number | string | Dec) => money(new Dec(String(value)).times(sign), currency);
}

function ublLine(line: DocumentObject['lines'][number], index: number, source: UblSource, amount: (value: number | string) => string, sign: number): UblLine {
  const { code, name } = unitCode(line.quantityType, source.hoursUnits);
  const lineExtension = amount(line.total);
  let quantity = new Dec(String(line.quantity)).times(sign);
  let price = new Dec(String(line.unitCost));
  // A price is never negative (BR-27): the sign goes to the quantity.
  if (price.isNegative()) {
    price = price.neg();
    quantity = quantity.neg();
  }
  let baseQuantity = new Dec(1);
  // Peppol R120: quantity × price ÷ base quantity must give the line amount within 0.02. A job's
  // unit cost is its total ÷ quantity at 6 decimals; over a large quantity the product drifts, so
  // such a line is priced as its whole amount per its whole quantity.
  if (quantity.times(price).minus(lineExtension).abs().gt(0.01) && !quantity.isZero()) {
    price = new Dec(lineExtension).abs();
    baseQuantity = quantity.abs();
    if (new Dec(lineExtension).isNegative() !== quantity.isNegative()) quantity = quantity.neg();
  }
  const text = line.description.trim();
  const firstLine = text.split('\n')[0]!.trim();
  return {
    id: String(index + 1),
    name: firstLine === '' ? `Line ${index + 1}` : firstLine,
    description: text !== firstLine ? text : null,
    quantity: quantity.toFixed(),
    unitCode: code,
    unitName: name,
    lineExtension,
    price: price.toFixed(),
    baseQuantity: baseQuantity.toFixed(),
  };
}

function ublParty(identity: PartyIdentity, role: 'account' | 'client', gaps: string[]): UblParty {
  const vat = vatIdentifier(identity.vatNumber, identity.country);
  const address = endpoint(vat, identity.email);
  if (identity.country === null) gaps.push(`the ${role}'s address has no country`);
  if (address === null) gaps.push(`the ${role} has neither a VAT number of a country with a Peppol VAT scheme nor an e-mail address`);
  return {
    name: identity.name,
    legalName: identity.legalName.trim() || identity.name,
    street: identity.street,
    city: identity.city,
    postalCode: identity.postalCode,
    state: identity.state,
    country: identity.country ?? '',
    vatNumber: vat === '' ? null : vat,
    registrationNumber: identity.registrationNumber.trim() || null,
    endpoint: address ?? { scheme: 'EM', id: '' },
    email: identity.email.trim() || null,
    phone: identity.phone.trim() || null,
  };
}

export function toUbl(source: UblSource): UblDocument {
  const doc = source.document;
  if (doc.number === null) throw stateConflict('A draft invoice has no number yet: send it (POST /v2/invoices/:id/send) before asking for its e-invoice');
  const gaps: string[] = [];
  const code = doc.currency.code;
  if (minorUnits(code) > 2) gaps.push(`its currency ${code} has ${minorUnits(code)} decimals, and EN 16931 amounts have at most 2`);
  if (doc.lines.length === 0) gaps.push('it has no lines');
  const vat = vatCategory(doc);
  if (typeof vat === 'string') gaps.push(vat);
  const seller = ublParty(source.seller, 'account', gaps);
  const buyer = ublParty(source.buyer, 'client', gaps);
  if (seller.vatNumber === null) gaps.push('the account has no VAT number (PUT /v2/account vatNumber), which every EN 16931 VAT category here requires');
  if (doc.applyVATReverseCharge && buyer.vatNumber === null && buyer.registrationNumber === null) {
    gaps.push('reverse charge needs the client’s VAT number or registration number');
  }
  if (gaps.length > 0 || typeof vat === 'string') throw stateConflict(`No e-invoice for ${doc.number}: ${gaps.join('; ')}`);

  const creditNote = doc.type === 2;
  const sign = creditNote ? -1 : 1;
  const amount = amounts(code, sign);
  const lineExtension = amount(doc.total.subtotal);
  const allowance = amount(doc.total.discount);
  const taxExclusive = money(new Dec(lineExtension).minus(allowance), code);
  const tax = money(new Dec(amount(doc.total.tax1)).plus(amount(doc.total.tax2)), code);
  const taxInclusive = amount(doc.total.total);
  const prepaid = amount(
    (doc.payments ?? [])
      .reduce((sum, payment) => sum.plus(String(payment.amount)), new Dec(0))
      .times(sign)
      .toFixed(),
  );
  const payable = money(new Dec(taxInclusive).minus(prepaid), code);
  const bank = source.bank;
  return {
    creditNote,
    number: doc.number,
    issueDate: (doc.issueDate ?? doc.createdAt).slice(0, 10),
    dueDate: doc.dueDate ? doc.dueDate.slice(0, 10) : null,
    currency: code,
    // A credit note's reason leads its note (BT-22: one note in Peppol), before the terms.
    note:
      [creditNote && doc.creditReason ? `Reason: ${doc.creditReason}` : null, doc.terms].filter((part) => part !== null && part.trim() !== '').join('\n') ||
      null,
    // Peppol R003 asks for a buyer reference or an order reference: one purchase-order reference is
    // the order reference (BT-13); several are listed as the buyer reference; none: the document number.
    buyerReference: source.purchaseOrders.length === 1 ? null : source.purchaseOrders.length > 1 ? source.purchaseOrders.join(', ') : doc.number,
    orderReference: source.purchaseOrders.length === 1 ? source.purchaseOrders[0]! : null,
    creditedInvoice: doc.creditedInvoice?.number
      ? { number: doc.creditedInvoice.number, issueDate: source.creditedInvoiceIssueDate?.slice(0, 10) ?? null }
      : null,
    seller,
    buyer,
    payee: bank.iban.trim() === '' ? null : { iban: bank.iban.replace(/\s/g, '').toUpperCase(), bic: bank.bic.trim() || null, accountName: seller.legalName },
    // A credit note asks for no payment; its terms (BR-CO-25 wants terms or a due date) say where its amount goes.
    paymentTerms: creditNote
      ? `Credit for invoice ${doc.creditedInvoice?.number ?? ''}: deducted from its amount due, or refunded once it is paid`
      : doc.paymentTerms === 0
        ? 'Payment on receipt'
        : `Payment within ${doc.paymentTerms} days`,
    vat,
    lines: doc.lines.map((line, index) => ublLine(line, index, source, amount, sign)),
    totals: { lineExtension, allowance, taxExclusive, tax, taxInclusive, prepaid, payable },
    pdf: source.pdf,
  };
}
