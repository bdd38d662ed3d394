import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import {
  Amount,
  ArrayParam,
  CurrencyCode,
  CurrencyObject,
  DateInput,
  DateOut,
  Id,
  Input,
  Nullable,
  Reference,
  RequiredText,
  Text,
  TextOrNull,
  pageQuery,
} from '../../core/schemas.js';
import { LabelObject } from '../labels/index.js';
import { NoteObject } from '../notes/index.js';
import type { KindConfig } from './kinds.js';

/** Request and response schemas of documents (docs/documents.md), built per kind. */

const TaxRef = Type.Object({ id: Type.String(), name: Type.String(), value: Type.Number({ description: 'the rate frozen on the document' }) });

export const Line = Type.Object({
  id: Type.String(),
  job: Type.Optional(Reference),
  group: Type.Optional(Reference),
  outsourcing: Type.Optional(Reference),
  description: Type.String(),
  quantity: Type.Number(),
  quantityType: Nullable(Reference),
  unitCost: Type.Number(),
  total: Type.Number(),
});

export const Payment = Type.Object({
  id: Type.String(),
  amount: Type.Number(),
  date: DateOut(),
  description: TextOrNull(),
  isFullyPaid: Type.Boolean(),
  createdAt: DateOut(),
});

/** How a PDF shows the match breakdown of job lines (docs/documents.md#pdf-documents). */
export const MATCH_DISPLAYS = ['none', 'breakdown', 'hiddenMatches'] as const;
export type MatchDisplay = (typeof MATCH_DISPLAYS)[number];
const MatchDisplaySchema = Type.Union(
  MATCH_DISPLAYS.map((value) => Type.Literal(value)),
  { description: 'none, breakdown (a sub-row per match band) or hiddenMatches (the equivalent full-rate quantity)' },
);

export const Totals = Type.Object({ subtotal: Type.Number(), discount: Type.Number(), tax1: Type.Number(), tax2: Type.Number(), total: Type.Number() });

/** The state of a sent document's e-mail (docs/documents.md#e-mailing-documents). */
export const EMAIL_STATUSES = ['processed', 'delivered', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

const SentDateStatus = Type.Object(
  {
    status: Type.Union(
      EMAIL_STATUSES.map((value) => Type.Literal(value)),
      { description: 'processed (queued, or retrying), delivered (taken by the SMTP server) or failed (given up)' },
    ),
    updatedAt: DateOut(),
  },
  { description: "the document's e-mail; null when none was sent (no SMTP, no recipient, not sent yet)" },
);

/** Why sending a document e-mailed no one: SMTP is not configured, or the party has no contact marked for this kind. */
export const NOT_EMAILED_REASONS = ['smtp_not_configured', 'no_recipients'] as const;
export type NotEmailedReason = (typeof NOT_EMAILED_REASONS)[number];

/** What a send (and a credit, which sends its credit note) adds to the document: whether an e-mail was queued. */
export interface SendAnswer {
  emailed: boolean;
  notEmailedReason: NotEmailedReason | null;
}

export interface DocumentObject {
  id: string;
  object: string;
  number: string | null;
  status: number;
  type?: number;
  creditedInvoice?: { id: string; number: string | null } | null;
  creditReason?: string | null;
  creditedAmount?: number;
  issueDate: string | null;
  dueDate: string | null;
  validityDate?: string | null;
  currency: { code: string; symbol: string };
  client?: { id: string; name: string };
  supplier?: { id: string; name: string };
  lines: Array<Static<typeof Line>>;
  paymentTerms: number;
  discount: number;
  tax1: Static<typeof TaxRef> | null;
  tax2: Static<typeof TaxRef> | null;
  applyVATReverseCharge: boolean;
  terms: string | null;
  purchaseOrder?: string | null;
  matchDisplay?: MatchDisplay | null;
  total: Static<typeof Totals>;
  exchangeRates: Array<Static<typeof IssuedRate>>;
  payments?: Array<Static<typeof Payment>>;
  isPartiallyPaid?: boolean;
  paymentDate?: string | null;
  sentDate: string | null;
  sentDateStatus: Static<typeof SentDateStatus> | null;
  notes: Array<Static<typeof NoteObject>>;
  labels: Array<Static<typeof LabelObject>>;
  archive: boolean;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A rate a document was issued with (docs/exchange-rates.md#documents): 1 account currency unit = `rate` units of `currency`, the rate of `date`. */
export const IssuedRate = Type.Object(
  {
    currency: Type.String({ description: "the document's currency" }),
    date: Type.String({ description: 'the day of the rate used (`YYYY-MM-DD`): the latest on or before the issue date' }),
    rate: Type.Number({ description: 'units of `currency` one unit of the account currency buys' }),
  },
  { title: 'Issued exchange rate' },
);

/** The document object of a kind (docs/documents.md#rules). */
export function documentSchema(kind: KindConfig): TSchema {
  return Type.Object(documentProps(kind), { title: kind.object });
}

/** The answer of a send (and of a credit: its credit note): the document, and whether it was e-mailed. */
export function sentDocumentSchema(kind: KindConfig): TSchema {
  return Type.Object(
    {
      ...documentProps(kind),
      emailed: Type.Boolean({ description: "an e-mail with the document was queued for the party's contacts; sentDateStatus follows it" }),
      notEmailedReason: Nullable(
        Type.Union(
          NOT_EMAILED_REASONS.map((value) => Type.Literal(value)),
          { description: 'why no e-mail was sent: smtp_not_configured (no SMTP_URL) or no_recipients (no contact with an e-mail marked for this kind)' },
        ),
      ),
    },
    { title: `${kind.object}Sent` },
  );
}

function documentProps(kind: KindConfig): TProperties {
  const props: TProperties = {
    id: Type.String(),
    object: Type.Literal(kind.object),
    number: Nullable(Type.String({ description: 'assigned when the document leaves draft' })),
    status: Type.Integer({
      description: Object.entries(kind.statuses)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    }),
  };
  if (kind.hasPayments) {
    props.type = Type.Integer({ description: '1 invoice, 2 credit note' });
    props.creditedInvoice = Nullable(
      Type.Object({ id: Type.String(), number: Nullable(Type.String()) }, { description: 'credit notes: the invoice credited' }),
    );
    props.creditReason = Nullable(Type.String({ description: 'credit notes: why it was issued; null when none was given (and on invoices)' }));
    props.creditedAmount = Type.Number({ description: 'invoices: the sum of its credit notes, as a positive amount (0 on credit notes)' });
  }
  Object.assign(props, {
    issueDate: Nullable(DateOut()),
    dueDate: Nullable(DateOut()),
    ...(kind.hasValidityDate ? { validityDate: Nullable(DateOut()) } : {}),
    currency: CurrencyObject,
    [kind.party]: Reference,
    lines: Type.Array(Line),
    paymentTerms: Type.Integer({ description: 'days from the issue date to the due date' }),
    discount: Type.Number({ description: 'fraction of the subtotal' }),
    tax1: Nullable(TaxRef),
    tax2: Nullable(TaxRef),
    applyVATReverseCharge: Type.Boolean(),
    terms: TextOrNull(),
    ...(kind.source === 'jobs'
      ? {
          purchaseOrder: TextOrNull(),
          matchDisplay: Nullable(MatchDisplaySchema),
        }
      : {}),
    total: Totals,
    exchangeRates: Type.Array(IssuedRate, {
      description:
        "the rate of the document's currency against the account currency on the issue date, recorded when it leaves draft (a credit note: its invoice's); empty while draft, in the account currency, or when no rate was known",
    }),
  });
  if (kind.hasPayments) Object.assign(props, { payments: Type.Array(Payment), isPartiallyPaid: Type.Boolean(), paymentDate: Nullable(DateOut()) });
  Object.assign(props, {
    sentDate: Nullable(DateOut()),
    sentDateStatus: Nullable(SentDateStatus),
    notes: Type.Array(NoteObject),
    labels: Type.Array(LabelObject),
    archive: Type.Boolean(),
    pinned: Type.Boolean(),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  });
  return props;
}

export const FreeLineInput = Input({
  description: RequiredText('line text'),
  quantity: Amount({ description: 'quantity (may be negative)' }),
  quantityType: Type.Optional(Nullable(Id('unit id'))),
  unitCost: Amount({ description: 'unit cost (up to 6 decimals kept)' }),
});

/**
 * The parameters of every kind in one place, in their order: each kind's schema is these without
 * the ones it does not take (`notTaken`), so that a route's body and query have the schema's
 * static type (the parameters every kind takes; the kind's own ones are read as `DocumentInput`).
 * EDITABLE: the parameters editable while draft (plus archive and pinned, editable always).
 */
const EDITABLE = {
  issueDate: Type.Optional(Nullable(DateInput())),
  dueDate: Type.Optional(Nullable(DateInput())),
  validityDate: Type.Optional(Nullable(DateInput())),
  paymentTerms: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650, description: 'days' })),
  currency: Type.Optional(CurrencyCode()),
  discount: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'fraction of the subtotal, 0 to 1' })),
  tax1: Type.Optional(Nullable(Id('tax id'))),
  tax2: Type.Optional(Nullable(Id('tax id'))),
  applyVATReverseCharge: Type.Optional(Type.Boolean()),
  terms: Type.Optional(Nullable(Type.String({ maxLength: 100_000 }))),
  purchaseOrder: Type.Optional(Nullable(Text({ description: "the client's purchase-order reference; null or empty clears it" }))),
  matchDisplay: Type.Optional(Nullable(MatchDisplaySchema)),
  archive: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
};

type KindParameter = 'client' | 'supplier' | 'jobs' | 'outsourcing' | 'validityDate' | 'purchaseOrder' | 'matchDisplay' | 'creditedInvoice';

/** The parameters of other kinds that this kind does not take. */
function notTaken(kind: KindConfig): KindParameter[] {
  const out: KindParameter[] = [kind.party === 'client' ? 'supplier' : 'client'];
  if (kind.source === 'jobs') out.push('outsourcing');
  else out.push('jobs', 'purchaseOrder', 'matchDisplay');
  if (!kind.hasValidityDate) out.push('validityDate');
  if (!kind.hasPayments) out.push('creditedInvoice');
  return out;
}

export const createSchema = (kind: KindConfig) =>
  Type.Omit(
    Input({
      client: Id('client id'),
      supplier: Id('supplier id'),
      jobs: ArrayParam(Id('job id')),
      outsourcing: ArrayParam(Id('outsourcing id')),
      lines: Type.Optional(Type.Array(FreeLineInput, { maxItems: 100 })),
      ...EDITABLE,
    }),
    notTaken(kind),
  );

export const updateSchema = (kind: KindConfig) => Type.Omit(Input(EDITABLE), notTaken(kind));

export const DOCUMENT_SORTS = ['createdAt', 'updatedAt', 'issueDate', 'dueDate', 'status', 'number'] as const;

export const listSchema = (kind: KindConfig) =>
  Type.Omit(
    Input({
      ...pageQuery(DOCUMENT_SORTS),
      status: ArrayParam(Type.Integer({ minimum: 1, maximum: 4 })),
      client: ArrayParam(Id('client id')),
      supplier: ArrayParam(Id('supplier id')),
      q: Type.Optional(Text({ description: 'case-insensitive substring of the number or of the party name' })),
      issuedAfter: Type.Optional(DateInput('issue date strictly after')),
      issuedBefore: Type.Optional(DateInput('issue date strictly before')),
      creditedInvoice: Type.Optional(Id('an invoice id: only the credit notes issued against that invoice')),
    }),
    notTaken(kind),
  );

export const CreatePayment = Input({
  amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }),
  date: DateInput(),
  description: Type.Optional(Nullable(Text())),
  isFullyPaid: Type.Optional(Type.Boolean()),
});

/** `POST /v2/invoices/:id/credit` (docs/documents.md#credit-notes): no body credits the whole invoice. */
export const CreditInput = Input({
  reason: Type.Optional(Text({ maxLength: 1000, description: 'why the invoice is credited; required with lines or an amount' })),
  lines: Type.Optional(
    Type.Array(
      Input({
        line: Id('a line id of the invoice'),
        quantity: Type.Optional(
          Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'the quantity to credit (up to 6 decimals); left out: what is left of the line' }),
        ),
      }),
      { minItems: 1, maxItems: 1000, description: 'the lines to credit, each whole or a quantity of it' },
    ),
  ),
  amount: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: 1e12,
      description: "an amount to credit, before the invoice's discount and taxes (at most the currency's decimals)",
    }),
  ),
});

export interface CreditInput {
  reason?: string;
  lines?: Array<{ line: string; quantity?: number }>;
  amount?: number;
}

export interface FreeLine {
  description: string;
  quantity: number;
  quantityType?: string | null;
  unitCost: number;
}

export interface DocumentInput {
  client?: string;
  supplier?: string;
  jobs?: string[];
  outsourcing?: string[];
  lines?: FreeLine[];
  issueDate?: string | null;
  dueDate?: string | null;
  validityDate?: string | null;
  paymentTerms?: number;
  currency?: string;
  discount?: number;
  tax1?: string | null;
  tax2?: string | null;
  applyVATReverseCharge?: boolean;
  terms?: string | null;
  purchaseOrder?: string | null;
  matchDisplay?: MatchDisplay | null;
  archive?: boolean;
  pinned?: boolean;
}

export interface DocumentFilters {
  page?: number;
  pageSize?: number;
  sort?: string;
  direction?: 'asc' | 'desc';
  status?: number[];
  client?: string[];
  supplier?: string[];
  q?: string;
  issuedAfter?: string;
  issuedBefore?: string;
  /** invoices: the credit notes of this invoice */
  creditedInvoice?: string;
}

export interface PaymentInput {
  amount: number;
  date: string;
  description?: string | null;
  isFullyPaid?: boolean;
}
