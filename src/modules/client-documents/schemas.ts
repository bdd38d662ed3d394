import { Type, type Static } from '@sinclair/typebox';
import { CurrencyObject, DateOut, Nullable } from '../../core/schemas.js';

/**
 * What the client portal shows of the client's quotes and invoices (docs/client-portal.md#quotes,
 * #invoices): the client's own prices and totals, never a cost, a margin, a supplier or a note of
 * the agency's. Status words, not the agency's numbers.
 */

export const NoQuery = Type.Object({}, { additionalProperties: false });

/** The longest comment a client may give with an answer. */
export const MAX_COMMENT = 2000;

export const AcceptQuoteBody = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: MAX_COMMENT, description: 'a word for the agency (optional)' })) },
  { additionalProperties: false },
);
export const RefuseQuoteBody = Type.Object(
  { comment: Type.String({ minLength: 1, maxLength: MAX_COMMENT, description: 'why the quote is refused (required: the agency needs the reason)' }) },
  { additionalProperties: false },
);

const Tax = Type.Object({ name: Type.String(), rate: Type.Number({ description: 'e.g. 0.21' }), amount: Type.Number() });

export const PortalTotals = Type.Object({
  subtotal: Type.Number(),
  discount: Type.Number({ description: 'the amount taken off' }),
  taxes: Type.Array(Tax),
  total: Type.Number(),
});

export const PortalLine = Type.Object({
  description: Type.String(),
  quantity: Type.Number(),
  unit: Nullable(Type.String()),
  unitPrice: Type.Number(),
  amount: Type.Number(),
});

export const ClientAnswer = Type.Object(
  {
    answer: Type.Union([Type.Literal('accepted'), Type.Literal('refused')]),
    personName: Type.String(),
    answeredAt: DateOut(),
    comment: Type.String(),
  },
  { description: 'the answer given on the portal; null when the agency recorded it (or none yet)' },
);

export const PortalQuote = Type.Object({
  id: Type.String(),
  object: Type.Literal('quote'),
  number: Nullable(Type.String()),
  status: Type.Union([Type.Literal('sent'), Type.Literal('accepted'), Type.Literal('refused')]),
  expired: Type.Boolean({ description: 'sent, and its valid-until date has passed: it can no longer be answered here' }),
  issueDate: Nullable(DateOut()),
  validityDate: Nullable(DateOut()),
  currency: CurrencyObject,
  total: Type.Number(),
  answer: Nullable(ClientAnswer),
});

export const PortalQuoteDetail = Type.Composite([
  PortalQuote,
  Type.Object({ lines: Type.Array(PortalLine), totals: PortalTotals, terms: Nullable(Type.String()), reverseCharge: Type.Boolean() }),
]);

export const PortalInvoice = Type.Object({
  id: Type.String(),
  object: Type.Literal('invoice'),
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('creditNote')]),
  number: Nullable(Type.String()),
  status: Type.Union([Type.Literal('sent'), Type.Literal('paid'), Type.Literal('credited')]),
  issueDate: Nullable(DateOut()),
  dueDate: Nullable(DateOut({ description: 'none on a credit note' })),
  overdue: Type.Boolean({ description: 'an invoice with something outstanding after its due date' }),
  currency: CurrencyObject,
  total: Type.Number({ description: 'negative on a credit note' }),
  paid: Type.Number(),
  credited: Type.Number({ description: 'what credit notes took off the invoice' }),
  outstanding: Type.Number({ description: 'what is still to be paid: total − paid − credited (never below 0; 0 on a credit note)' }),
  creditedInvoice: Nullable(Type.Object({ id: Type.String(), number: Nullable(Type.String()) })),
  purchaseOrder: Nullable(Type.String()),
});

export const PortalInvoiceDetail = Type.Composite([
  PortalInvoice,
  Type.Object({
    lines: Type.Array(PortalLine),
    totals: PortalTotals,
    payments: Type.Array(Type.Object({ date: DateOut(), amount: Type.Number() })),
    terms: Nullable(Type.String()),
    reverseCharge: Type.Boolean(),
  }),
]);

/** The evidence of a portal answer, as the agency reads it on the quote. */
export const QuotePortalAnswer = Type.Object(
  {
    object: Type.Literal('quotePortalAnswer'),
    quote: Type.Object({ id: Type.String() }),
    answer: Type.Union([Type.Literal('accepted'), Type.Literal('refused')]),
    person: Type.Object({ id: Type.String(), name: Type.String({ description: 'as it was when they answered' }) }),
    answeredAt: DateOut(),
    ip: Type.String(),
    userAgent: Type.String(),
    comment: Type.String(),
  },
  { description: "the client's answer on the client portal, with its evidence; null when the quote was not answered there" },
);

export type PortalQuoteObject = Static<typeof PortalQuote>;
export type PortalQuoteDetailObject = Static<typeof PortalQuoteDetail>;
export type PortalInvoiceObject = Static<typeof PortalInvoice>;
export type PortalInvoiceDetailObject = Static<typeof PortalInvoiceDetail>;
export type QuotePortalAnswerObject = Static<typeof QuotePortalAnswer>;
export type ClientAnswerObject = Static<typeof ClientAnswer>;
