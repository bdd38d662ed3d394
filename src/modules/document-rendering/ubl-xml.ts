import type * as xmlbuilder2 from 'xmlbuilder2';
import { lazyModule } from '../../core/lazy-module.js';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

const xmlBuilder = lazyModule<typeof xmlbuilder2>('xmlbuilder2');

/**
 * The XML of a UBL 2.1 Invoice or CreditNote following Peppol BIS Billing 3.0 (docs/documents.md#e-invoices),
 * from figures already decided (ubl.ts maps a document to them). Pure: the elements are written in
 * the order of the UBL 2.1 schema (a sequence: any other order is invalid), amounts as given.
 */
export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

export interface UblParty {
  /** The trading name (BT-27, BT-45). */
  name: string;
  /** The registered name (BT-27/BT-44 in PartyLegalEntity). */
  legalName: string;
  street: string;
  city: string;
  postalCode: string;
  state: string;
  country: string;
  /** With its country prefix (BR-CO-09). */
  vatNumber: string | null;
  registrationNumber: string | null;
  endpoint: { scheme: string; id: string };
  email: string | null;
  phone: string | null;
}

export type VatCategory = 'S' | 'AE' | 'E' | 'Z';

export interface UblVat {
  category: VatCategory;
  /** Percent, e.g. "21" or "5.5"; "0" but for S. */
  percent: string;
  exemptionCode: string | null;
  exemptionReason: string | null;
}

export interface UblLine {
  id: string;
  name: string;
  description: string | null;
  quantity: string;
  unitCode: string;
  /** The account's unit named in the item when the unit code does not say it (words, pages…). */
  unitName: string | null;
  lineExtension: string;
  price: string;
  baseQuantity: string;
}

export interface UblTotals {
  lineExtension: string;
  allowance: string;
  taxExclusive: string;
  tax: string;
  taxInclusive: string;
  prepaid: string;
  payable: string;
}

export interface UblDocument {
  creditNote: boolean;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  note: string | null;
  buyerReference: string | null;
  orderReference: string | null;
  creditedInvoice: { number: string; issueDate: string | null } | null;
  seller: UblParty;
  buyer: UblParty;
  payee: { iban: string; bic: string | null; accountName: string } | null;
  paymentTerms: string;
  vat: UblVat;
  lines: UblLine[];
  totals: UblTotals;
  pdf: { filename: string; content: Buffer };
}

/** Appends `<prefix:name>text</prefix:name>` with attributes, skipping empty text (Peppol R008: no empty elements). */
function leaf(parent: XMLBuilder, name: string, text: string | null | undefined, attributes?: Record<string, string>): void {
  if (text === null || text === undefined || text.trim() === '') return;
  const [prefix] = name.split(':') as [keyof typeof NS];
  const element = parent.ele(NS[prefix], name);
  if (attributes) for (const [key, value] of Object.entries(attributes)) element.att(key, value);
  element.txt(text);
}

const cac = (parent: XMLBuilder, name: string) => parent.ele(NS.cac, `cac:${name}`);

function party(parent: XMLBuilder, role: 'AccountingSupplierParty' | 'AccountingCustomerParty', value: UblParty): void {
  const node = cac(cac(parent, role), 'Party');
  leaf(node, 'cbc:EndpointID', value.endpoint.id, { schemeID: value.endpoint.scheme });
  leaf(cac(node, 'PartyName'), 'cbc:Name', value.name);
  const address = cac(node, 'PostalAddress');
  leaf(address, 'cbc:StreetName', value.street);
  leaf(address, 'cbc:CityName', value.city);
  leaf(address, 'cbc:PostalZone', value.postalCode);
  leaf(address, 'cbc:CountrySubentity', value.state);
  leaf(cac(address, 'Country'), 'cbc:IdentificationCode', value.country);
  if (value.vatNumber) {
    const scheme = cac(node, 'PartyTaxScheme');
    leaf(scheme, 'cbc:CompanyID', value.vatNumber);
    leaf(cac(scheme, 'TaxScheme'), 'cbc:ID', 'VAT');
  }
  const legal = cac(node, 'PartyLegalEntity');
  leaf(legal, 'cbc:RegistrationName', value.legalName);
  leaf(legal, 'cbc:CompanyID', value.registrationNumber);
  if (value.email || value.phone) {
    const contact = cac(node, 'Contact');
    leaf(contact, 'cbc:Telephone', value.phone);
    leaf(contact, 'cbc:ElectronicMail', value.email);
  }
}

function taxCategory(parent: XMLBuilder, name: 'TaxCategory' | 'ClassifiedTaxCategory', vat: UblVat, withReason: boolean): void {
  const node = cac(parent, name);
  leaf(node, 'cbc:ID', vat.category);
  leaf(node, 'cbc:Percent', vat.percent);
  if (withReason) {
    leaf(node, 'cbc:TaxExemptionReasonCode', vat.exemptionCode);
    leaf(node, 'cbc:TaxExemptionReason', vat.exemptionReason);
  }
  leaf(cac(node, 'TaxScheme'), 'cbc:ID', 'VAT');
}

export function ublXml(doc: UblDocument): string {
  const currencyID = { currencyID: doc.currency };
  const root = xmlBuilder()
    .create({ version: '1.0', encoding: 'UTF-8' })
    .ele(doc.creditNote ? NS.creditNote : NS.invoice, doc.creditNote ? 'CreditNote' : 'Invoice');
  root.att('http://www.w3.org/2000/xmlns/', 'xmlns:cac', NS.cac).att('http://www.w3.org/2000/xmlns/', 'xmlns:cbc', NS.cbc);
  leaf(root, 'cbc:CustomizationID', CUSTOMIZATION_ID);
  leaf(root, 'cbc:ProfileID', PROFILE_ID);
  leaf(root, 'cbc:ID', doc.number);
  leaf(root, 'cbc:IssueDate', doc.issueDate);
  // UBL 2.1's CreditNote has no DueDate of its own: a credit note's is the payment means' (below).
  if (!doc.creditNote) leaf(root, 'cbc:DueDate', doc.dueDate);
  // UNCL 1001: 380 commercial invoice, 381 credit note.
  leaf(root, doc.creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', doc.creditNote ? '381' : '380');
  leaf(root, 'cbc:Note', doc.note);
  leaf(root, 'cbc:DocumentCurrencyCode', doc.currency);
  leaf(root, 'cbc:BuyerReference', doc.buyerReference);
  if (doc.orderReference) leaf(cac(root, 'OrderReference'), 'cbc:ID', doc.orderReference);
  if (doc.creditedInvoice) {
    const reference = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    leaf(reference, 'cbc:ID', doc.creditedInvoice.number);
    leaf(reference, 'cbc:IssueDate', doc.creditedInvoice.issueDate);
  }
  const attachment = cac(root, 'AdditionalDocumentReference');
  leaf(attachment, 'cbc:ID', doc.number);
  leaf(attachment, 'cbc:DocumentDescription', doc.creditNote ? 'Credit note (PDF)' : 'Invoice (PDF)');
  leaf(cac(attachment, 'Attachment'), 'cbc:EmbeddedDocumentBinaryObject', doc.pdf.content.toString('base64'), {
    mimeCode: 'application/pdf',
    filename: doc.pdf.filename,
  });
  party(root, 'AccountingSupplierParty', doc.seller);
  party(root, 'AccountingCustomerParty', doc.buyer);
  if (doc.payee) {
    const means = cac(root, 'PaymentMeans');
    // UNCL 4461 30: credit transfer.
    leaf(means, 'cbc:PaymentMeansCode', '30', { name: 'Credit transfer' });
    if (doc.creditNote) leaf(means, 'cbc:PaymentDueDate', doc.dueDate);
    leaf(means, 'cbc:PaymentID', doc.number);
    const account = cac(means, 'PayeeFinancialAccount');
    leaf(account, 'cbc:ID', doc.payee.iban);
    leaf(account, 'cbc:Name', doc.payee.accountName);
    if (doc.payee.bic) leaf(cac(account, 'FinancialInstitutionBranch'), 'cbc:ID', doc.payee.bic);
  }
  leaf(cac(root, 'PaymentTerms'), 'cbc:Note', doc.paymentTerms);
  if (doc.totals.allowance !== zero(doc.totals.allowance)) {
    const allowance = cac(root, 'AllowanceCharge');
    leaf(allowance, 'cbc:ChargeIndicator', 'false');
    // UNCL 5189 95: discount.
    leaf(allowance, 'cbc:AllowanceChargeReasonCode', '95');
    leaf(allowance, 'cbc:AllowanceChargeReason', 'Discount');
    leaf(allowance, 'cbc:Amount', doc.totals.allowance, currencyID);
    taxCategory(allowance, 'TaxCategory', doc.vat, false);
  }
  const taxTotal = cac(root, 'TaxTotal');
  leaf(taxTotal, 'cbc:TaxAmount', doc.totals.tax, currencyID);
  const subtotal = cac(taxTotal, 'TaxSubtotal');
  leaf(subtotal, 'cbc:TaxableAmount', doc.totals.taxExclusive, currencyID);
  leaf(subtotal, 'cbc:TaxAmount', doc.totals.tax, currencyID);
  taxCategory(subtotal, 'TaxCategory', doc.vat, true);
  const totals = cac(root, 'LegalMonetaryTotal');
  leaf(totals, 'cbc:LineExtensionAmount', doc.totals.lineExtension, currencyID);
  leaf(totals, 'cbc:TaxExclusiveAmount', doc.totals.taxExclusive, currencyID);
  leaf(totals, 'cbc:TaxInclusiveAmount', doc.totals.taxInclusive, currencyID);
  if (doc.totals.allowance !== zero(doc.totals.allowance)) leaf(totals, 'cbc:AllowanceTotalAmount', doc.totals.allowance, currencyID);
  if (doc.totals.prepaid !== zero(doc.totals.prepaid)) leaf(totals, 'cbc:PrepaidAmount', doc.totals.prepaid, currencyID);
  leaf(totals, 'cbc:PayableAmount', doc.totals.payable, currencyID);
  for (const line of doc.lines) {
    const node = cac(root, doc.creditNote ? 'CreditNoteLine' : 'InvoiceLine');
    leaf(node, 'cbc:ID', line.id);
    leaf(node, doc.creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', line.quantity, { unitCode: line.unitCode });
    leaf(node, 'cbc:LineExtensionAmount', line.lineExtension, currencyID);
    const item = cac(node, 'Item');
    leaf(item, 'cbc:Description', line.description);
    leaf(item, 'cbc:Name', line.name);
    taxCategory(item, 'ClassifiedTaxCategory', doc.vat, false);
    if (line.unitName) {
      const property = cac(item, 'AdditionalItemProperty');
      leaf(property, 'cbc:Name', 'Unit');
      leaf(property, 'cbc:Value', line.unitName);
    }
    const price = cac(node, 'Price');
    leaf(price, 'cbc:PriceAmount', line.price, currencyID);
    if (line.baseQuantity !== '1') leaf(price, 'cbc:BaseQuantity', line.baseQuantity, { unitCode: line.unitCode });
  }
  return root.end({ prettyPrint: true });
}

/** The zero of an amount's format ("0.00", "0"), so that "no allowance" is told apart without parsing. */
function zero(amount: string): string {
  const decimals = amount.split('.')[1]?.length ?? 0;
  return decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`;
}
