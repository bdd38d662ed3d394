import { escapeHtml } from '../../core/mail.js';
import { LABELS, documentFormat, type LabelLanguage } from '../document-rendering/index.js';

/**
 * The words of the e-mail that carries a sent document (docs/documents.md#e-mailing-documents), one
 * catalogue per document language: the subject names the document as its PDF's title does
 * (`LABELS`), the body says what is attached with the figures written as on the PDF
 * (pdf-format.ts). Every catalogue is a `MailTexts`: a missing text fails the typecheck.
 */

/** What is e-mailed: a credit note is an invoice of type 2 with its own words. */
export type MailDocument = 'invoice' | 'creditNote' | 'quote' | 'purchaseOrder';

export interface MailTexts {
  /** `Invoice INV-0001 from Agency`; the title is the PDF's */
  subject: (title: string, number: string, agency: string) => string;
  greeting: string;
  /** the sentence that says which document is attached */
  attached: Record<MailDocument, (number: string) => string>;
  total: (amount: string) => string;
  /** invoices */
  due: (date: string) => string;
  /** quotes with a validity date */
  validUntil: (date: string) => string;
  /** invoices and credit notes with their UBL e-invoice attached */
  eInvoice: string;
  closing: string;
}

const en: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} from ${agency}`,
  greeting: 'Hello,',
  attached: {
    invoice: (number) => `Please find attached our invoice ${number}.`,
    creditNote: (number) => `Please find attached our credit note ${number}.`,
    quote: (number) => `Please find attached our quote ${number}.`,
    purchaseOrder: (number) => `Please find attached our purchase order ${number}.`,
  },
  total: (amount) => `Total: ${amount}`,
  due: (date) => `Due by ${date}`,
  validUntil: (date) => `Valid until ${date}`,
  eInvoice: 'The e-invoice (UBL XML) is attached as well.',
  closing: 'Kind regards,',
};

const fr: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} de ${agency}`,
  greeting: 'Bonjour,',
  attached: {
    invoice: (number) => `Veuillez trouver ci-joint notre facture ${number}.`,
    creditNote: (number) => `Veuillez trouver ci-joint notre avoir ${number}.`,
    quote: (number) => `Veuillez trouver ci-joint notre devis ${number}.`,
    purchaseOrder: (number) => `Veuillez trouver ci-joint notre bon de commande ${number}.`,
  },
  total: (amount) => `Total : ${amount}`,
  due: (date) => `À régler avant le ${date}`,
  validUntil: (date) => `Valable jusqu’au ${date}`,
  eInvoice: 'La facture électronique (XML UBL) est également jointe.',
  closing: 'Cordialement,',
};

const de: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} von ${agency}`,
  greeting: 'Guten Tag,',
  attached: {
    invoice: (number) => `anbei erhalten Sie unsere Rechnung ${number}.`,
    creditNote: (number) => `anbei erhalten Sie unsere Gutschrift ${number}.`,
    quote: (number) => `anbei erhalten Sie unser Angebot ${number}.`,
    purchaseOrder: (number) => `anbei erhalten Sie unsere Bestellung ${number}.`,
  },
  total: (amount) => `Gesamtbetrag: ${amount}`,
  due: (date) => `Zahlbar bis ${date}`,
  validUntil: (date) => `Gültig bis ${date}`,
  eInvoice: 'Die E-Rechnung (UBL-XML) ist ebenfalls beigefügt.',
  closing: 'Mit freundlichen Grüßen',
};

const es: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} de ${agency}`,
  greeting: 'Buenos días:',
  attached: {
    invoice: (number) => `Adjuntamos nuestra factura ${number}.`,
    creditNote: (number) => `Adjuntamos nuestra factura rectificativa ${number}.`,
    quote: (number) => `Adjuntamos nuestro presupuesto ${number}.`,
    purchaseOrder: (number) => `Adjuntamos nuestra orden de compra ${number}.`,
  },
  total: (amount) => `Total: ${amount}`,
  due: (date) => `Vencimiento: ${date}`,
  validUntil: (date) => `Válido hasta el ${date}`,
  eInvoice: 'También adjuntamos la factura electrónica (XML UBL).',
  closing: 'Saludos cordiales,',
};

const it: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} da ${agency}`,
  greeting: 'Buongiorno,',
  attached: {
    invoice: (number) => `in allegato trova la nostra fattura ${number}.`,
    creditNote: (number) => `in allegato trova la nostra nota di credito ${number}.`,
    quote: (number) => `in allegato trova il nostro preventivo ${number}.`,
    purchaseOrder: (number) => `in allegato trova il nostro ordine di acquisto ${number}.`,
  },
  total: (amount) => `Totale: ${amount}`,
  due: (date) => `Scadenza: ${date}`,
  validUntil: (date) => `Valido fino al ${date}`,
  eInvoice: 'In allegato anche la fattura elettronica (XML UBL).',
  closing: 'Cordiali saluti,',
};

const nl: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} van ${agency}`,
  greeting: 'Goedendag,',
  attached: {
    invoice: (number) => `In de bijlage vindt u onze factuur ${number}.`,
    creditNote: (number) => `In de bijlage vindt u onze creditnota ${number}.`,
    quote: (number) => `In de bijlage vindt u onze offerte ${number}.`,
    purchaseOrder: (number) => `In de bijlage vindt u onze inkooporder ${number}.`,
  },
  total: (amount) => `Totaal: ${amount}`,
  due: (date) => `Te betalen vóór ${date}`,
  validUntil: (date) => `Geldig tot ${date}`,
  eInvoice: 'De e-factuur (UBL-XML) is ook bijgevoegd.',
  closing: 'Met vriendelijke groet,',
};

const pt: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} de ${agency}`,
  greeting: 'Bom dia,',
  attached: {
    invoice: (number) => `Segue em anexo a nossa fatura ${number}.`,
    creditNote: (number) => `Segue em anexo a nossa nota de crédito ${number}.`,
    quote: (number) => `Segue em anexo o nosso orçamento ${number}.`,
    purchaseOrder: (number) => `Segue em anexo a nossa nota de encomenda ${number}.`,
  },
  total: (amount) => `Total: ${amount}`,
  due: (date) => `Data de vencimento: ${date}`,
  validUntil: (date) => `Válido até ${date}`,
  eInvoice: 'Segue também em anexo a fatura eletrónica (XML UBL).',
  closing: 'Com os melhores cumprimentos,',
};

const pl: MailTexts = {
  subject: (title, number, agency) => `${title} ${number} od ${agency}`,
  greeting: 'Dzień dobry,',
  attached: {
    invoice: (number) => `w załączeniu przesyłamy fakturę ${number}.`,
    creditNote: (number) => `w załączeniu przesyłamy fakturę korygującą ${number}.`,
    quote: (number) => `w załączeniu przesyłamy ofertę ${number}.`,
    purchaseOrder: (number) => `w załączeniu przesyłamy zamówienie ${number}.`,
  },
  total: (amount) => `Razem: ${amount}`,
  due: (date) => `Termin płatności: ${date}`,
  validUntil: (date) => `Oferta ważna do ${date}`,
  eInvoice: 'W załączeniu przesyłamy również e-fakturę (XML UBL).',
  closing: 'Z poważaniem',
};

export const MAIL_TEXTS: Record<LabelLanguage, MailTexts> = { en, fr, de, es, it, nl, pt, pl };

/** What the e-mail says of its document. */
export interface MailFacts {
  document: MailDocument;
  language: LabelLanguage;
  number: string;
  /** the agency's name as its PDF shows it */
  agency: string;
  total: string | number;
  currency: string;
  dueDate: string | null;
  validityDate: string | null;
  eInvoiceAttached: boolean;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** The subject and the body (text, and the same as HTML) of a document's e-mail. */
export function composeMail(facts: MailFacts): ComposedMail {
  const texts = MAIL_TEXTS[facts.language];
  const labels = LABELS[facts.language];
  const format = documentFormat(facts.language);
  const figures = [texts.total(format.amount(facts.total, facts.currency))];
  if (facts.document === 'invoice' && facts.dueDate) figures.push(texts.due(format.date(facts.dueDate)));
  if (facts.document === 'quote' && facts.validityDate) figures.push(texts.validUntil(format.date(facts.validityDate)));
  const paragraphs: string[][] = [
    [texts.greeting],
    [texts.attached[facts.document](facts.number)],
    figures,
    ...(facts.eInvoiceAttached ? [[texts.eInvoice]] : []),
    [texts.closing, facts.agency],
  ];
  return {
    subject: texts.subject(labels[facts.document], facts.number, facts.agency),
    text: paragraphs.map((lines) => lines.join('\n')).join('\n\n') + '\n',
    html: paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('\n'),
  };
}
