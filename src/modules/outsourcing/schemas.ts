import { Type, type Static } from '@sinclair/typebox';
import { Amount, CurrencyCode, CurrencyObject, DateInput, DateOut, Id, Input, Nullable, Reference, RequiredText, RichText } from '../../core/schemas.js';
import { MatchesType } from '../price-lines/index.js';
import { MatchEntry } from '../prices/index.js';

/** Outsourcing of a job (docs/jobs.md#outsourcing): the request bodies and the answers of its own routes (the object embedded in the job is outsourcing-view's). */
export const OUTSOURCING_STATUSES = { 1: 'not started', 2: 'in progress', 3: 'to be reviewed', 4: 'finished', 5: 'cancelled', 6: 'on hold' } as const;

const props = {
  name: Type.Optional(RequiredText('name; default: the job name')),
  service: Type.Optional(Id('service id; default: the job service')),
  quantity: Type.Optional(Amount({ minimum: 0, description: 'default: the job quantity (and its match lines)' })),
  quantityType: Type.Optional(Id('unit id; default: the job unit')),
  languagePair: Type.Optional(Nullable(Id('language pair id; default: the job pair'))),
  currency: Type.Optional(CurrencyCode()),
  unitCost: Type.Optional(Amount({ minimum: 0, description: 'default: the first applicable supplier price' })),
  dueDate: Type.Optional(Nullable(DateInput())),
  startDate: Type.Optional(Nullable(DateInput())),
  discount: Type.Optional(Type.Number({ minimum: -1, maximum: 1, description: 'fraction between -1 and 1' })),
  fixedPrice: Type.Optional(Nullable(Amount({ minimum: 0, description: 'fixed amount; null for none' }))),
};

export const CreateOutsourcing = Input({ supplier: Id('supplier id'), ...props });
export const UpdateOutsourcing = Input({
  supplier: Type.Optional(Id('supplier id')),
  ...props,
  status: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 6, description: '1 not started, 2 in progress, 3 to be reviewed, 4 finished, 5 cancelled, 6 on hold' }),
  ),
});

export interface OutsourcingInput {
  supplier?: string;
  name?: string;
  service?: string;
  quantity?: number;
  quantityType?: string;
  languagePair?: string | null;
  currency?: string;
  unitCost?: number;
  dueDate?: string | null;
  startDate?: string | null;
  discount?: number;
  fixedPrice?: number | null;
  status?: number;
}

/** At most this many items on an outsourcing's portal checklist. */
export const CHECKLIST_LIMIT = 50;

/** `PUT /v2/jobs/:id/outsourcing/:outsourcingId/portal` (docs/jobs.md#portal): a partial update of the portal settings. */
export const UpdatePortal = Input({
  enabled: Type.Optional(Type.Boolean({ description: 'puts the outsourcing on the supplier portal' })),
  confirm: Type.Optional(Type.Boolean({ description: 'the supplier must accept or refuse; on: pending unless already answered' })),
  generatePurchaseOrderOnAcceptation: Type.Optional(Type.Boolean()),
  instructions: Type.Optional(Nullable(RichText())),
  uploadFileOnGroup: Type.Optional(Type.Boolean()),
  checklist: Type.Optional(
    Type.Array(
      Type.Object(
        {
          id: Type.Optional(Id('an item of the current checklist, kept; none: a new item')),
          name: Type.String({ minLength: 1, maxLength: 200 }),
          done: Type.Optional(Type.Boolean({ description: 'a current item (sent with its id) keeps its tick when not sent; a new one defaults to false' })),
        },
        { additionalProperties: false },
      ),
      { maxItems: CHECKLIST_LIMIT, description: 'replaces the whole checklist' },
    ),
  ),
});
export type PortalInput = Static<typeof UpdatePortal>;

export const OutsourcingParams = Type.Object({ id: Id('job id'), outsourcingId: Id('outsourcing id') }, { additionalProperties: false });

/**
 * `GET /v2/jobs/:id/supplier-prices` (docs/jobs.md#supplier-prices): the supplier prices an outsourcing of the job
 * would take, best first. Without the optional parameters, the job's values (as `POST …/outsourcing` defaults them).
 */
export const SupplierPricesQuery = Input({
  supplierId: Id('supplier id'),
  serviceId: Type.Optional(Id("service id; default: the job's")),
  quantityTypeId: Type.Optional(Id("unit id; default: the job's")),
  languagePairId: Type.Optional(Nullable(Id("language pair id; empty: none; default: the job's"))),
  currency: Type.Optional(CurrencyCode()),
});
export type SupplierPricesFilters = Static<typeof SupplierPricesQuery>;

export const SupplierPriceObject = Type.Object(
  {
    id: Type.String(),
    currency: CurrencyObject,
    matches: Type.Array(MatchEntry),
    matchesType: MatchesType,
    type: Type.String({ description: '`supplier` (a supplier service) or `account` (a default supplier price)' }),
    unitCost: Type.Number(),
  },
  { title: 'applicable supplier price' },
);

/** `GET /v2/jobs/:id/supplier-candidates` (docs/jobs.md#supplier-candidates): suppliers ranked for an outsourcing of the job. */
export const SupplierCandidate = Type.Object(
  {
    supplier: Reference,
    rating: Nullable(Type.Number({ minimum: 0, maximum: 5 })),
    hasLanguagePair: Nullable(
      Type.Boolean({ description: "works in the job's language pair (its own list or a supplier service of the pair); null when the job has none" }),
    ),
    hasService: Type.Boolean({ description: "has a supplier service of the job's service" }),
    price: Nullable(
      Type.Object(
        {
          unitCost: Type.Number(),
          currency: CurrencyObject,
          type: Type.String({ description: '`supplier` (a supplier service) or `account` (a default supplier price)' }),
        },
        { description: "the supplier price an outsourcing of the job would take, in the job's currency; null when none applies" },
      ),
    ),
    available: Type.Boolean({ description: "no unavailability overlaps the job's period" }),
    unavailabilities: Type.Array(Type.Object({ from: DateOut(), to: DateOut(), reason: Type.String() }), {
      description: "the supplier's unavailabilities that overlap the job's period",
    }),
  },
  { title: 'supplier candidate' },
);

export const SupplierCandidates = Type.Object(
  {
    object: Type.Literal('supplier_candidates'),
    period: Type.Object(
      { from: DateOut(), to: DateOut() },
      { description: "the job's period availability is checked on: its start date (or now) to its due date (or the start)" },
    ),
    items: Type.Array(SupplierCandidate),
  },
  { title: 'supplier candidates' },
);
export type SupplierCandidatesObject = Static<typeof SupplierCandidates>;

/** The project manager's answer for the supplier (docs/supplier-portal.md#the-agencys-hand). */
export const OnBehalfAccept = Input({ comment: Type.Optional(Type.String({ maxLength: 2000, description: "a comment, kept as the supplier's answer's" })) });
export const OnBehalfRefuse = Input({ reason: Type.String({ maxLength: 2000, description: 'why the supplier refuses' }) });
