import type { Ctx } from '../../core/context.js';
import { readAddress, type Address } from '../../core/address.js';
import { Dec, roundMoney } from '../../core/money.js';
import { accounts } from '../accounts/index.js';
import { documentRecord, type DocumentObject, type DocumentRow, type KindConfig, type MatchDisplay } from '../documents/index.js';
import { documentLanguage, type LabelLanguage } from './pdf-labels.js';
import { renderingRepository as repo } from './repository.js';
import type { PartyIdentity } from './ubl.js';

/**
 * Everything a document's PDF and e-invoice show, read once (docs/documents.md#pdf-documents): the
 * document, its stored row (totals as exact decimal strings), the account's identity and logo, the
 * party's identity and language, and per line what its job or outsourcing adds (minimum fee,
 * match bands, purchase-order references, a supplier's deadline and instructions). The PDF and
 * the e-invoice of one request or one e-mail are both made from one snapshot.
 */
export interface Identity {
  name: string;
  address: Address;
  vatNumber: string;
  registrationNumber: string;
  email: string;
  phone: string;
  website: string;
}

export interface Bank {
  iban: string;
  bic: string;
  bankName: string;
}

export interface Logo {
  contentType: string;
  content: Buffer;
  width: number;
  height: number;
}

export interface MatchBand {
  name: string;
  value: string;
  rate: string;
  /** the band's share of the full rate as priced (`percentage` prices), when stored */
  percentage?: string | null;
}

/** What a job or an outsourcing adds to its line. */
export interface LineSource {
  minimumFee: boolean;
  /** the full rate of the job (outsourcing) and its match bands, empty when it has none */
  fullRate: string;
  matchesType: 'fixed' | 'percentage';
  matches: MatchBand[];
  deadline: string | null;
  instructions: string;
  /** a job's language pair (codes; no source for a monolingual pair) and service name */
  languages?: { source: string | null; target: string } | null;
  service?: string | null;
}

export interface DocumentSnapshot {
  document: DocumentObject;
  row: DocumentRow;
  language: LabelLanguage;
  account: Identity;
  bank: Bank;
  logo: Logo | null;
  party: Identity;
  matchDisplay: MatchDisplay;
  /** the document's purchase-order reference, else the distinct ones of its jobs and their groups */
  purchaseOrders: string[];
  /** by line id */
  sources: Map<string, LineSource>;
  amountPaid: string;
  /** credit notes: the issue date of the invoice credited */
  creditedIssueDate: string | null;
  /** invoices: the sum of their credit notes (positive), lowering the amount due */
  creditedAmount?: string;
  /** the total in the account currency and the rate, when the client asks for it (docs/exchange-rates.md#documents) */
  accountTotal?: AccountTotal | null;
  /** the account and the party as the e-invoice names them (seller and buyer) */
  seller: PartyIdentity;
  buyer: PartyIdentity;
}

export interface AccountTotal {
  /** the account currency */
  currency: string;
  /** the document's total ÷ the rate, rounded to the account currency */
  amount: string;
  /** units of the document's currency one account currency unit buys, and its day */
  rate: string;
  date: string;
}

/**
 * The total in the account currency, printed when the client's `showExchangeRateOnInvoice` is on
 * and the document recorded a rate at issue (never for a draft: it has none yet).
 */
function accountTotalOf(row: DocumentRow, partyRow: Record<string, unknown>, accountCurrency: string): AccountTotal | null {
  if (Number(partyRow.show_exchange_rate_on_invoice ?? 0) !== 1) return null;
  const [rate] = JSON.parse(row.exchange_rates) as Array<{ currency: string; date: string; rate: string }>;
  if (rate === undefined || rate.currency !== row.currency) return null;
  return { currency: accountCurrency, amount: roundMoney(new Dec(row.total).div(rate.rate), accountCurrency).toFixed(), rate: rate.rate, date: rate.date };
}

const text = (record: Record<string, unknown>, key: string): string => {
  const value = record[key];
  return typeof value === 'string' ? value.trim() : '';
};

interface StoredEstimation {
  details?: { minimumFeeApplied?: boolean; unitCost?: string; matches?: Array<{ id: string; name: string; value: string; rate: string }> };
}

function sourceOf(
  estimation: string,
  matchesType: string,
  deadline: string | null,
  instructions: string | null,
  percentages: ReadonlyMap<string, string | null>,
): LineSource {
  const details = (JSON.parse(estimation) as StoredEstimation).details ?? {};
  return {
    minimumFee: details.minimumFeeApplied === true,
    fullRate: details.unitCost ?? '0',
    matchesType: matchesType === 'fixed' ? 'fixed' : 'percentage',
    matches: (details.matches ?? []).map((band) => ({
      name: band.name,
      value: String(band.value),
      rate: String(band.rate),
      percentage: percentages.get(band.id) ?? null,
    })),
    deadline,
    instructions: (instructions ?? '').trim(),
  };
}

export async function loadDocumentSnapshot(ctx: Ctx, kind: KindConfig, id: string): Promise<DocumentSnapshot> {
  const { document, row, lines, creditedIssueDate } = await documentRecord(ctx, kind, id);
  const account = await accounts.get(ctx);
  const logo = account.logo ? await accounts.logo(ctx) : null;
  const partyId = (kind.party === 'client' ? document.client : document.supplier)!.id;
  const partyRow = ((await repo.partyIdentity(ctx.db, ctx.accountId, kind.party === 'client' ? 'clients' : 'suppliers', partyId)) ?? {}) as Record<
    string,
    unknown
  >;

  const jobIds = lines.flatMap((line) => (line.job_id ? [line.job_id] : []));
  const outsourcingIds = lines.flatMap((line) => (line.outsourcing_id ? [line.outsourcing_id] : []));
  const jobRows = new Map((await repo.pdfJobs(ctx.db, ctx.accountId, jobIds)).map((job) => [job.id, job]));
  const outsourcingRows = new Map((await repo.pdfOutsourcing(ctx.db, ctx.accountId, outsourcingIds)).map((item) => [item.id, item]));
  const percentagesOf = async (table: 'job_matches' | 'outsourcing_matches', ids: string[]) => {
    const result = new Map<string, Map<string, string | null>>();
    for (const band of await repo.matchPercentages(ctx.db, ctx.accountId, table, ids)) {
      const bands = result.get(band.owner) ?? new Map<string, string | null>();
      bands.set(band.category, band.percentage === null ? null : String(band.percentage));
      result.set(band.owner, bands);
    }
    return result;
  };
  const jobPercentages = await percentagesOf('job_matches', jobIds);
  const outsourcingPercentages = await percentagesOf('outsourcing_matches', outsourcingIds);
  const none = new Map<string, string | null>();
  const sources = new Map<string, LineSource>();
  for (const line of document.lines) {
    if (line.group) continue; // a group line stands for several jobs: it shows the group's total only
    const job = line.job ? jobRows.get(line.job.id) : undefined;
    if (job) {
      sources.set(line.id, {
        ...sourceOf(job.estimation, job.matches_type, job.due_date, job.additional_info, jobPercentages.get(job.id) ?? none),
        languages: job.target_code ? { source: job.source_code, target: job.target_code } : null,
        service: job.service_name,
      });
    }
    const item = line.outsourcing ? outsourcingRows.get(line.outsourcing.id) : undefined;
    if (item) {
      // An outsourcing has no instructions of its own: the supplier gets those of its job.
      sources.set(line.id, {
        ...sourceOf(item.amounts, item.matches_type, item.due_date, item.additional_info, outsourcingPercentages.get(item.id) ?? none),
        minimumFee: false,
      });
    }
  }

  const ownReference = row.purchase_order.trim();
  const purchaseOrders =
    ownReference !== ''
      ? [ownReference]
      : [...new Set([...jobRows.values()].flatMap((job) => [job.purchase_order.trim(), (job.group_purchase_order ?? '').trim()]).filter((ref) => ref !== ''))];
  const clientDisplay = text(partyRow, 'document_match_display');
  const matchDisplay = (row.match_display ?? (clientDisplay === '' ? 'none' : clientDisplay)) as MatchDisplay;
  const amountPaid = (document.payments ?? []).reduce((sum, payment) => sum.plus(String(payment.amount)), new Dec(0)).toFixed();
  const partyName = (kind.party === 'client' ? document.client : document.supplier)!.name;
  const partyAddress = readAddress(text(partyRow, 'address') || '{}');

  return {
    document,
    creditedIssueDate,
    creditedAmount: kind.hasPayments ? String(document.creditedAmount ?? 0) : '0',
    accountTotal: kind.party === 'client' ? accountTotalOf(row, partyRow, account.currency.code) : null,
    row,
    language: documentLanguage(text(partyRow, 'document_language'), account.documentLanguage),
    account: {
      name: account.legalName.trim() || account.name,
      address: account.address,
      vatNumber: account.vatNumber.trim(),
      registrationNumber: account.registrationNumber.trim(),
      email: account.email.trim(),
      phone: account.phone.trim(),
      website: account.website.trim(),
    },
    bank: { iban: account.iban.trim(), bic: account.bic.trim(), bankName: account.bankName.trim() },
    logo,
    party: {
      name: partyName,
      address: partyAddress,
      vatNumber: text(partyRow, 'vat_number'),
      registrationNumber: text(partyRow, 'national_identification_number'),
      email: '',
      phone: '',
      website: '',
    },
    matchDisplay: ['breakdown', 'hiddenMatches'].includes(matchDisplay) ? matchDisplay : 'none',
    purchaseOrders: kind.source === 'jobs' ? purchaseOrders : [],
    sources,
    amountPaid,
    seller: {
      ...account.address,
      name: account.name,
      legalName: account.legalName,
      vatNumber: account.vatNumber,
      registrationNumber: account.registrationNumber,
      email: account.email,
      phone: account.phone,
    },
    buyer: {
      ...partyAddress,
      name: typeof partyRow.name === 'string' ? partyRow.name : partyName,
      legalName: partyAddress.name || (typeof partyRow.name === 'string' ? partyRow.name : ''),
      vatNumber: typeof partyRow.vat_number === 'string' ? partyRow.vat_number : '',
      registrationNumber: typeof partyRow.national_identification_number === 'string' ? partyRow.national_identification_number : '',
      email: typeof partyRow.email === 'string' ? partyRow.email : '',
      phone: typeof partyRow.phone === 'string' ? partyRow.phone : '',
    },
  };
}
