/**
 * The words of credit notes and of what their invoices print of them (docs/documents.md#credit-notes),
 * one catalogue per document language, beside `pdf-labels.ts`: where a credit note's amount goes
 * instead of a request to pay. Amounts and the invoice number come formatted (and isolated).
 */
import type { LabelLanguage } from './pdf-labels.js';

export interface CreditLabels {
  /** the credit note's reason */
  reason: string;
  /** an invoice's totals: the sum of its credit notes */
  credited: string;
  /** all of the amount lowers what the invoice still asks for */
  deducted: (amount: string, invoice: string) => string;
  /** all of it is paid back: the invoice was paid */
  refunded: (amount: string, invoice: string) => string;
  /** part deducted, the rest paid back */
  split: (deducted: string, refunded: string, invoice: string) => string;
}

export const CREDIT_LABELS: Record<LabelLanguage, CreditLabels> = {
  en: {
    reason: 'Reason',
    credited: 'Credited',
    deducted: (amount, invoice) => `${amount} is deducted from the amount due on invoice ${invoice}. Nothing is to be paid for this credit note.`,
    refunded: (amount, invoice) => `Invoice ${invoice} has been paid: ${amount} will be refunded to you.`,
    split: (deducted, refunded, invoice) => `${deducted} is deducted from the amount due on invoice ${invoice}, and ${refunded} will be refunded to you.`,
  },
  fr: {
    reason: 'Motif',
    credited: 'Avoirs',
    deducted: (amount, invoice) => `${amount} est déduit du montant dû sur la facture ${invoice}. Cet avoir n’appelle aucun paiement.`,
    refunded: (amount, invoice) => `La facture ${invoice} a été réglée : ${amount} vous sera remboursé.`,
    split: (deducted, refunded, invoice) => `${deducted} est déduit du montant dû sur la facture ${invoice} et ${refunded} vous sera remboursé.`,
  },
  de: {
    reason: 'Grund',
    credited: 'Gutschriften',
    deducted: (amount, invoice) => `${amount} wird vom offenen Betrag der Rechnung ${invoice} abgezogen. Für diese Gutschrift ist nichts zu zahlen.`,
    refunded: (amount, invoice) => `Die Rechnung ${invoice} ist bezahlt: ${amount} wird Ihnen erstattet.`,
    split: (deducted, refunded, invoice) => `${deducted} wird vom offenen Betrag der Rechnung ${invoice} abgezogen, ${refunded} wird Ihnen erstattet.`,
  },
  es: {
    reason: 'Motivo',
    credited: 'Rectificado',
    deducted: (amount, invoice) =>
      `${amount} se descuenta del importe pendiente de la factura ${invoice}. No hay nada que pagar por esta factura rectificativa.`,
    refunded: (amount, invoice) => `La factura ${invoice} está pagada: se le reembolsarán ${amount}.`,
    split: (deducted, refunded, invoice) => `${deducted} se descuenta del importe pendiente de la factura ${invoice} y se le reembolsarán ${refunded}.`,
  },
  it: {
    reason: 'Motivo',
    credited: 'Note di credito',
    deducted: (amount, invoice) =>
      `${amount} viene detratto dall’importo dovuto della fattura ${invoice}. Per questa nota di credito non è dovuto alcun pagamento.`,
    refunded: (amount, invoice) => `La fattura ${invoice} è stata pagata: le verranno rimborsati ${amount}.`,
    split: (deducted, refunded, invoice) => `${deducted} viene detratto dall’importo dovuto della fattura ${invoice} e le verranno rimborsati ${refunded}.`,
  },
  nl: {
    reason: 'Reden',
    credited: 'Gecrediteerd',
    deducted: (amount, invoice) =>
      `${amount} wordt in mindering gebracht op het openstaande bedrag van factuur ${invoice}. Voor deze creditnota hoeft niets betaald te worden.`,
    refunded: (amount, invoice) => `Factuur ${invoice} is betaald: ${amount} wordt aan u terugbetaald.`,
    split: (deducted, refunded, invoice) =>
      `${deducted} wordt in mindering gebracht op het openstaande bedrag van factuur ${invoice} en ${refunded} wordt aan u terugbetaald.`,
  },
  pt: {
    reason: 'Motivo',
    credited: 'Creditado',
    deducted: (amount, invoice) => `${amount} é deduzido do montante em dívida da fatura ${invoice}. Nada há a pagar por esta nota de crédito.`,
    refunded: (amount, invoice) => `A fatura ${invoice} está paga: ${amount} ser-lhe-á reembolsado.`,
    split: (deducted, refunded, invoice) => `${deducted} é deduzido do montante em dívida da fatura ${invoice} e ${refunded} ser-lhe-á reembolsado.`,
  },
  pl: {
    reason: 'Przyczyna korekty',
    credited: 'Skorygowano',
    deducted: (amount, invoice) => `Kwota ${amount} zostaje odjęta od kwoty do zapłaty z faktury ${invoice}. Z tytułu tej korekty nic nie należy płacić.`,
    refunded: (amount, invoice) => `Faktura ${invoice} została opłacona: kwota ${amount} zostanie zwrócona.`,
    split: (deducted, refunded, invoice) => `Kwota ${deducted} zostaje odjęta od kwoty do zapłaty z faktury ${invoice}, a kwota ${refunded} zostanie zwrócona.`,
  },
};
