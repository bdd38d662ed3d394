import { Type, type Static } from '@sinclair/typebox';
import { CurrencyCode, CurrencyObject, DateInput, DateOut, Id, Nullable, pageQuery, Paginated, Reference, RequiredText } from '../../core/schemas.js';

export const SUPPLIER_INVOICE_STATUSES = ['submitted', 'approved', 'rejected'] as const;
const Status = Type.Union(
  SUPPLIER_INVOICE_STATUSES.map((status) => Type.Literal(status)),
  { description: '`submitted` (waiting for the agency), `approved` (owed: counted in the payables report), `rejected`' },
);

const Decimal = (description: string) =>
  Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,6})?$', maxLength: 19, description: `${description}: a decimal number written with a dot (1234.50)` });

/** A purchase order as an invoice lists it: the supplier's own amount. */
export const InvoicedOrder = Type.Object({
  id: Type.String(),
  number: Nullable(Type.String()),
  total: Type.Number({ description: 'the purchase order total at submission' }),
});

const Pdf = Type.Object({ name: Type.String(), size: Type.Integer(), sha256: Type.String() });

/** What both sides see of an invoice. */
const common = {
  id: Type.String(),
  number: Type.String({ description: "the supplier's own invoice number" }),
  date: DateOut(),
  currency: CurrencyObject,
  total: Type.Number({ description: 'the total of the invoice' }),
  purchaseOrdersTotal: Type.Number({ description: 'the sum of the totals of its purchase orders' }),
  explanation: Nullable(Type.String({ description: 'why the total differs from the purchase orders (null when it does not)' })),
  status: Status,
  rejectionReason: Nullable(Type.String()),
  purchaseOrders: Type.Array(InvoicedOrder),
  pdf: Pdf,
  decidedAt: Nullable(DateOut()),
  createdAt: DateOut(),
  updatedAt: DateOut(),
};

/** The portal's view (docs/supplier-portal.md#invoices): the supplier's own invoice, nobody of the agency named. */
export const PortalSupplierInvoice = Type.Object(common);
export type PortalSupplierInvoiceObject = Static<typeof PortalSupplierInvoice>;

/** The agency's view (docs/supplier-invoices.md). */
export const SupplierInvoice = Type.Object({
  ...common,
  supplier: Reference,
  submittedByPortalPersonId: Type.String({ description: 'the portal person who submitted it' }),
  decidedByUserId: Nullable(Type.String({ description: 'the user who approved or rejected it (null: not decided, or decided with an API key of no user)' })),
});
export type SupplierInvoiceObject = Static<typeof SupplierInvoice>;

export const SupplierInvoicePage = Paginated(SupplierInvoice);

export const SupplierInvoiceQuery = Type.Object(
  {
    status: Type.Optional(Status),
    supplierId: Type.Optional(Id('only the invoices of this supplier')),
    ...pageQuery(['createdAt', 'date'] as const),
  },
  { additionalProperties: false },
);
export type SupplierInvoiceQueryInput = Static<typeof SupplierInvoiceQuery>;

export const RejectSupplierInvoice = Type.Object(
  { reason: RequiredText('why the invoice is rejected (the supplier reads it on the portal)') },
  { additionalProperties: false },
);
export const NoParameters = Type.Object({}, { additionalProperties: false });

/** The text fields of a submission (multipart/form-data, with the PDF in the part `file`). */
export const SubmitFields = Type.Object(
  {
    number: RequiredText("your invoice's number"),
    date: DateInput("your invoice's date"),
    currency: CurrencyCode(),
    total: Decimal("your invoice's total"),
    purchaseOrderIds: Type.Array(Id('a purchase order the invoice covers'), { minItems: 1, maxItems: 100 }),
    explanation: Type.Optional(Type.String({ maxLength: 2000, description: 'required when the total differs from the sum of the purchase orders' })),
  },
  { additionalProperties: false },
);
export type SubmitFieldsInput = Static<typeof SubmitFields>;

/** A purchase order as the supplier sees it on the portal: their own amounts only. */
export const PortalPurchaseOrder = Type.Object({
  id: Type.String(),
  number: Nullable(Type.String()),
  status: Type.Union([Type.Literal('sent'), Type.Literal('accepted')]),
  issueDate: Nullable(DateOut()),
  dueDate: Nullable(DateOut()),
  currency: CurrencyObject,
  total: Type.Number({ description: 'what the agency owes you for it' }),
  completed: Type.Boolean({ description: 'every outsourcing it bills is finished by the agency or marked done by you' }),
  invoiced: Type.Boolean({ description: 'it is on one of your invoices that is not rejected' }),
  invoiceable: Type.Boolean({ description: 'completed and not invoiced: it may go on a new invoice' }),
});
export type PortalPurchaseOrderObject = Static<typeof PortalPurchaseOrder>;

export const PortalPurchaseOrderQuery = Type.Object(
  { invoiceable: Type.Optional(Type.Boolean({ description: 'true: only those that may go on a new invoice; false: only the others' })) },
  { additionalProperties: false },
);

export const PortalInvoiceQuery = Type.Object({}, { additionalProperties: false });
