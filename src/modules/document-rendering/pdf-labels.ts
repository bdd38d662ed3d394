/**
 * The words printed on document PDFs, one catalogue per document language (docs/documents.md#languages).
 * Written for this project in the business language of each country: the titles are the names a
 * buyer expects on the paper (Rechnung, Facture, Faktura…), the reverse-charge note is the
 * mention that Article 226(11a) of Directive 2006/112/EC requires, in the words of that
 * language's version of the directive. Every catalogue is a `Labels`: a missing label fails the
 * typecheck. Labels with figures are functions; the figures come already formatted (pdf-format.ts).
 */
import { DOCUMENT_LANGUAGE_CODES, isDocumentLanguage, type DocumentLanguage } from '../../core/document-languages.js';

/** The languages of src/core/document-languages.ts: `LABELS` must have a catalogue for each (the typecheck says so). */
export const LABEL_LANGUAGES: readonly DocumentLanguage[] = DOCUMENT_LANGUAGE_CODES;
export type LabelLanguage = DocumentLanguage;

export interface Labels {
  invoice: string;
  creditNote: string;
  quote: string;
  purchaseOrder: string;
  draft: string;
  issueDate: string;
  dueDate: string;
  validUntil: string;
  /** credit notes: the invoice they credit, number and date */
  creditsInvoice: (number: string, date: string) => string;
  billTo: string;
  quoteFor: string;
  supplier: string;
  vatNumber: string;
  registrationNumber: string;
  email: string;
  phone: string;
  website: string;
  purchaseOrderReference: string;
  description: string;
  quantity: string;
  unit: string;
  unitCost: string;
  /** the line table's amount column */
  lineTotal: string;
  /** the document's grand total */
  total: string;
  subtotal: string;
  discount: string;
  amountPaid: string;
  amountDue: string;
  /** the mark of a paid invoice */
  paid: string;
  reverseCharge: string;
  minimumFee: string;
  /** hidden matches: the line's quantity is the equivalent full-rate quantity */
  fullRateEquivalent: string;
  deadline: string;
  instructions: string;
  terms: string;
  paymentDetails: string;
  bank: string;
  page: (page: number, pages: number) => string;
  /** documents in another currency (docs/exchange-rates.md#documents): the total's row in the account currency */
  totalIn: (currency: string) => string;
  /** the rate it was converted with: `1 EUR = 1.0856 USD` and the rate's day, both formatted */
  exchangeRate: (equation: string, date: string) => string;
}

const en: Labels = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  quote: 'Quote',
  purchaseOrder: 'Purchase order',
  draft: 'Draft',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  validUntil: 'Valid until',
  creditsInvoice: (number, date) => `Credit note for invoice ${number} of ${date}`,
  billTo: 'Bill to',
  quoteFor: 'Quote for',
  supplier: 'Supplier',
  vatNumber: 'VAT number',
  registrationNumber: 'Company registration no.',
  email: 'E-mail',
  phone: 'Phone',
  website: 'Website',
  purchaseOrderReference: 'Your purchase order',
  description: 'Description',
  quantity: 'Quantity',
  unit: 'Unit',
  unitCost: 'Unit cost',
  lineTotal: 'Total',
  total: 'Total',
  subtotal: 'Subtotal',
  discount: 'Discount',
  amountPaid: 'Amount paid',
  amountDue: 'Amount due',
  paid: 'Paid',
  reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Directive 2006/112/EC).',
  minimumFee: 'Minimum fee',
  fullRateEquivalent: 'full-rate equivalent',
  deadline: 'Deadline',
  instructions: 'Instructions',
  terms: 'Terms',
  paymentDetails: 'Payment details',
  bank: 'Bank',
  page: (page, pages) => `Page ${page} of ${pages}`,
  totalIn: (currency) => `Total in ${currency}`,
  exchangeRate: (equation, date) => `Exchange rate: ${equation}, ${date}`,
};

const fr: Labels = {
  invoice: 'Facture',
  creditNote: 'Avoir',
  quote: 'Devis',
  purchaseOrder: 'Bon de commande',
  draft: 'Brouillon',
  issueDate: 'Date d’émission',
  dueDate: 'Date d’échéance',
  validUntil: 'Valable jusqu’au',
  creditsInvoice: (number, date) => `Avoir sur la facture ${number} du ${date}`,
  billTo: 'Facturé à',
  quoteFor: 'Devis établi pour',
  supplier: 'Prestataire',
  vatNumber: 'N° de TVA intracommunautaire',
  registrationNumber: 'N° d’immatriculation',
  email: 'E-mail',
  phone: 'Tél.',
  website: 'Site web',
  purchaseOrderReference: 'Votre bon de commande',
  description: 'Désignation',
  quantity: 'Quantité',
  unit: 'Unité',
  unitCost: 'Prix unitaire',
  lineTotal: 'Montant',
  total: 'Total',
  subtotal: 'Sous-total',
  discount: 'Remise',
  amountPaid: 'Montant réglé',
  amountDue: 'Reste à payer',
  paid: 'Payée',
  reverseCharge: 'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
  minimumFee: 'Forfait minimum',
  fullRateEquivalent: 'équivalent plein tarif',
  deadline: 'Délai de livraison',
  instructions: 'Instructions',
  terms: 'Conditions',
  paymentDetails: 'Coordonnées bancaires',
  bank: 'Banque',
  page: (page, pages) => `Page ${page} sur ${pages}`,
  totalIn: (currency) => `Total en ${currency}`,
  exchangeRate: (equation, date) => `Taux de change\u00a0: ${equation}, ${date}`,
};

const de: Labels = {
  invoice: 'Rechnung',
  creditNote: 'Gutschrift',
  quote: 'Angebot',
  purchaseOrder: 'Bestellung',
  draft: 'Entwurf',
  issueDate: 'Datum',
  dueDate: 'Fällig am',
  validUntil: 'Gültig bis',
  creditsInvoice: (number, date) => `Gutschrift zur Rechnung ${number} vom ${date}`,
  billTo: 'Rechnungsempfänger',
  quoteFor: 'Angebot für',
  supplier: 'Auftragnehmer',
  vatNumber: 'USt-IdNr.',
  registrationNumber: 'Registernummer',
  email: 'E-Mail',
  phone: 'Tel.',
  website: 'Web',
  purchaseOrderReference: 'Ihre Bestellnummer',
  description: 'Beschreibung',
  quantity: 'Menge',
  unit: 'Einheit',
  unitCost: 'Einzelpreis',
  lineTotal: 'Betrag',
  total: 'Gesamtbetrag',
  subtotal: 'Zwischensumme',
  discount: 'Rabatt',
  amountPaid: 'Bereits bezahlt',
  amountDue: 'Offener Betrag',
  paid: 'Bezahlt',
  reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Artikel 196 der Richtlinie 2006/112/EG).',
  minimumFee: 'Mindestpauschale',
  fullRateEquivalent: 'gewichtete Menge zum vollen Preis',
  deadline: 'Liefertermin',
  instructions: 'Anweisungen',
  terms: 'Bedingungen',
  paymentDetails: 'Bankverbindung',
  bank: 'Bank',
  page: (page, pages) => `Seite ${page} von ${pages}`,
  totalIn: (currency) => `Gesamtbetrag in ${currency}`,
  exchangeRate: (equation, date) => `Wechselkurs: ${equation}, ${date}`,
};

const es: Labels = {
  invoice: 'Factura',
  creditNote: 'Factura rectificativa',
  quote: 'Presupuesto',
  purchaseOrder: 'Orden de compra',
  draft: 'Borrador',
  issueDate: 'Fecha de emisión',
  dueDate: 'Fecha de vencimiento',
  validUntil: 'Válido hasta',
  creditsInvoice: (number, date) => `Rectifica la factura ${number} del ${date}`,
  billTo: 'Facturar a',
  quoteFor: 'Presupuesto para',
  supplier: 'Proveedor',
  vatNumber: 'NIF-IVA',
  registrationNumber: 'N.º de registro',
  email: 'Correo electrónico',
  phone: 'Tel.',
  website: 'Web',
  purchaseOrderReference: 'Su n.º de pedido',
  description: 'Descripción',
  quantity: 'Cantidad',
  unit: 'Unidad',
  unitCost: 'Precio unitario',
  lineTotal: 'Importe',
  total: 'Total',
  subtotal: 'Subtotal',
  discount: 'Descuento',
  amountPaid: 'Importe pagado',
  amountDue: 'Importe pendiente',
  paid: 'Pagada',
  reverseCharge: 'Inversión del sujeto pasivo (artículo 196 de la Directiva 2006/112/CE).',
  minimumFee: 'Tarifa mínima',
  fullRateEquivalent: 'equivalente a tarifa completa',
  deadline: 'Fecha de entrega',
  instructions: 'Instrucciones',
  terms: 'Condiciones',
  paymentDetails: 'Datos bancarios',
  bank: 'Banco',
  page: (page, pages) => `Página ${page} de ${pages}`,
  totalIn: (currency) => `Total en ${currency}`,
  exchangeRate: (equation, date) => `Tipo de cambio: ${equation}, ${date}`,
};

const it: Labels = {
  invoice: 'Fattura',
  creditNote: 'Nota di credito',
  quote: 'Preventivo',
  purchaseOrder: 'Ordine di acquisto',
  draft: 'Bozza',
  issueDate: 'Data di emissione',
  dueDate: 'Data di scadenza',
  validUntil: 'Valido fino al',
  creditsInvoice: (number, date) => `Nota di credito relativa alla fattura ${number} del ${date}`,
  billTo: 'Intestatario',
  quoteFor: 'Preventivo per',
  supplier: 'Fornitore',
  vatNumber: 'Partita IVA',
  registrationNumber: 'N. iscrizione registro imprese',
  email: 'E-mail',
  phone: 'Tel.',
  website: 'Sito web',
  purchaseOrderReference: 'Vostro ordine',
  description: 'Descrizione',
  quantity: 'Quantità',
  unit: 'Unità',
  unitCost: 'Prezzo unitario',
  lineTotal: 'Importo',
  total: 'Totale',
  subtotal: 'Imponibile',
  discount: 'Sconto',
  amountPaid: 'Importo pagato',
  amountDue: 'Importo da pagare',
  paid: 'Pagata',
  reverseCharge: 'Inversione contabile (articolo 196 della direttiva 2006/112/CE).',
  minimumFee: 'Tariffa minima',
  fullRateEquivalent: 'equivalente a tariffa piena',
  deadline: 'Termine di consegna',
  instructions: 'Istruzioni',
  terms: 'Condizioni',
  paymentDetails: 'Coordinate bancarie',
  bank: 'Banca',
  page: (page, pages) => `Pagina ${page} di ${pages}`,
  totalIn: (currency) => `Totale in ${currency}`,
  exchangeRate: (equation, date) => `Tasso di cambio: ${equation}, ${date}`,
};

const nl: Labels = {
  invoice: 'Factuur',
  creditNote: 'Creditnota',
  quote: 'Offerte',
  purchaseOrder: 'Inkooporder',
  draft: 'Concept',
  issueDate: 'Datum',
  dueDate: 'Vervaldatum',
  validUntil: 'Geldig tot',
  creditsInvoice: (number, date) => `Creditnota bij factuur ${number} van ${date}`,
  billTo: 'Factuur aan',
  quoteFor: 'Offerte voor',
  supplier: 'Leverancier',
  vatNumber: 'Btw-nummer',
  registrationNumber: 'Ondernemingsnummer',
  email: 'E-mail',
  phone: 'Tel.',
  website: 'Website',
  purchaseOrderReference: 'Uw ordernummer',
  description: 'Omschrijving',
  quantity: 'Aantal',
  unit: 'Eenheid',
  unitCost: 'Prijs per eenheid',
  lineTotal: 'Bedrag',
  total: 'Totaal',
  subtotal: 'Subtotaal',
  discount: 'Korting',
  amountPaid: 'Betaald',
  amountDue: 'Te betalen',
  paid: 'Betaald',
  reverseCharge: 'Btw verlegd (artikel 196 van Richtlijn 2006/112/EG).',
  minimumFee: 'Minimumtarief',
  fullRateEquivalent: 'equivalent tegen vol tarief',
  deadline: 'Leverdatum',
  instructions: 'Instructies',
  terms: 'Voorwaarden',
  paymentDetails: 'Betaalgegevens',
  bank: 'Bank',
  page: (page, pages) => `Pagina ${page} van ${pages}`,
  totalIn: (currency) => `Totaal in ${currency}`,
  exchangeRate: (equation, date) => `Wisselkoers: ${equation}, ${date}`,
};

const pt: Labels = {
  invoice: 'Fatura',
  creditNote: 'Nota de crédito',
  quote: 'Orçamento',
  purchaseOrder: 'Nota de encomenda',
  draft: 'Rascunho',
  issueDate: 'Data de emissão',
  dueDate: 'Data de vencimento',
  validUntil: 'Válido até',
  creditsInvoice: (number, date) => `Nota de crédito referente à fatura ${number} de ${date}`,
  billTo: 'Faturar a',
  quoteFor: 'Orçamento para',
  supplier: 'Fornecedor',
  vatNumber: 'NIF',
  registrationNumber: 'N.º de registo',
  email: 'E-mail',
  phone: 'Tel.',
  website: 'Website',
  purchaseOrderReference: 'A sua encomenda',
  description: 'Descrição',
  quantity: 'Quantidade',
  unit: 'Unidade',
  unitCost: 'Preço unitário',
  lineTotal: 'Valor',
  total: 'Total',
  subtotal: 'Subtotal',
  discount: 'Desconto',
  amountPaid: 'Valor pago',
  amountDue: 'Valor em dívida',
  paid: 'Paga',
  reverseCharge: 'Autoliquidação (artigo 196.º da Diretiva 2006/112/CE).',
  minimumFee: 'Taxa mínima',
  fullRateEquivalent: 'equivalente à tarifa completa',
  deadline: 'Prazo de entrega',
  instructions: 'Instruções',
  terms: 'Condições',
  paymentDetails: 'Dados bancários',
  bank: 'Banco',
  page: (page, pages) => `Página ${page} de ${pages}`,
  totalIn: (currency) => `Total em ${currency}`,
  exchangeRate: (equation, date) => `Taxa de câmbio: ${equation}, ${date}`,
};

const pl: Labels = {
  invoice: 'Faktura',
  creditNote: 'Faktura korygująca',
  quote: 'Oferta',
  purchaseOrder: 'Zamówienie',
  draft: 'Wersja robocza',
  issueDate: 'Data wystawienia',
  dueDate: 'Termin płatności',
  validUntil: 'Ważna do',
  creditsInvoice: (number, date) => `Korekta faktury ${number} z dnia ${date}`,
  billTo: 'Nabywca',
  quoteFor: 'Oferta dla',
  supplier: 'Wykonawca',
  vatNumber: 'NIP',
  registrationNumber: 'Nr rejestrowy',
  email: 'E-mail',
  phone: 'Tel.',
  website: 'Strona www',
  purchaseOrderReference: 'Nr zamówienia',
  description: 'Opis',
  quantity: 'Ilość',
  unit: 'J.m.',
  unitCost: 'Cena jedn.',
  lineTotal: 'Wartość',
  total: 'Razem',
  subtotal: 'Suma częściowa',
  discount: 'Rabat',
  amountPaid: 'Zapłacono',
  amountDue: 'Do zapłaty',
  paid: 'Zapłacona',
  reverseCharge: 'Odwrotne obciążenie (art. 196 dyrektywy 2006/112/WE).',
  minimumFee: 'Opłata minimalna',
  fullRateEquivalent: 'ekwiwalent pełnej stawki',
  deadline: 'Termin realizacji',
  instructions: 'Instrukcje',
  terms: 'Warunki',
  paymentDetails: 'Dane do przelewu',
  bank: 'Bank',
  page: (page, pages) => `Strona ${page} z ${pages}`,
  totalIn: (currency) => `Razem w ${currency}`,
  exchangeRate: (equation, date) => `Kurs wymiany: ${equation}, ${date}`,
};

export const LABELS: Record<LabelLanguage, Labels> = { en, fr, de, es, it, nl, pt, pl };

/** The language of a document: the party's, else the account's, else English. */
export function documentLanguage(party: string | null | undefined, account: string | null | undefined): LabelLanguage {
  if (isDocumentLanguage(party)) return party;
  if (isDocumentLanguage(account)) return account;
  return 'en';
}
