import { CloneType, Type, type Static } from '@sinclair/typebox';
import { Financial } from '../../core/financials.js';
import { FileDeliverable } from '../files/index.js';
import { ProfitabilityObject } from './profitability.js';
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
import { LanguagePairRef } from '../language-pairs/index.js';
import { MatchEntry } from '../prices/index.js';
import { UserRef } from '../users/index.js';
import { Outsourcing } from '../outsourcing-view/index.js';
import { ExtraCharge, FixedPrice, MatchesType, NoteObject, PriceReference, TotalDetails, quantityProps } from '../price-lines/index.js';

/** The job object of the specification ("Job", "Job quantity", "Job estimation") and the request schemas. */
const Money = () => Type.Number();

export const EstimationObject = Type.Object(
  {
    currency: CurrencyObject,
    details: Type.Object({
      currency: CurrencyObject,
      discount: Type.Object({ amount: Money(), value: Type.Number() }),
      extraCharge: ExtraCharge,
      matches: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), value: Type.Number(), rate: Type.Number(), amount: Money() })),
      minimumFeeApplied: Type.Boolean(),
      quantity: Type.Object({ quantityType: Reference, value: Type.Number() }),
      service: Reference,
      subtotal: Money(),
      total: Money(),
      totalDetails: TotalDetails,
      unitCost: Type.Number(),
    }),
    isV2: Type.Boolean(),
    outsourcing: Type.Object({
      suppliers: Type.Array(Reference),
      totals: Type.Array(Type.Object({ currency: CurrencyObject, total: Money() })),
    }),
    performance: Type.Object({
      status: Type.String(),
      revenuePerHour: Financial(
        Type.Number({ description: 'revenue per hour tracked; absent when hidden from the caller (docs/access.md#revenue-and-margins)' }),
      ),
    }),
    profitability: Financial(
      CloneType(ProfitabilityObject, { description: 'absent when revenue and margins are hidden from the caller (docs/access.md#revenue-and-margins)' }),
    ),
    total: Money(),
    totalInvoiced: Nullable(Money()),
    type: Type.String({ description: '`estimation`, `invoiced` or `quote`' }),
  },
  { title: 'job estimation', description: 'stored whenever an input changes' },
);

export const JobFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  groupFileId: Type.Optional(Type.String()),
  outsourcing: Type.Object({ shareWithAll: Type.Boolean(), sharedWith: Type.Array(Type.String()) }),
  shareWithClient: Type.Boolean({ description: "shared with the job's client: downloadable on the client portal" }),
  deliverable: FileDeliverable,
  size: Type.Number(),
  createdAt: DateOut(),
});

export const TrackerEntry = Type.Object({
  id: Type.String(),
  duration: Type.Number(),
  billable: Type.Boolean(),
  from: DateOut(),
  to: Type.Optional(DateOut()),
  running: Type.Boolean(),
  user: UserRef,
});

export const TimeTrackers = Type.Object({ duration: Type.Number(), running: Type.Boolean(), list: Type.Array(TrackerEntry) });

export const Job = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('job'),
    number: Nullable(
      Type.String({
        readOnly: true,
        description:
          'the readable number `J-<year>-<NNNN>`, per account and year of creation, given at creation; read-only (docs/jobs.md#job-numbers). Null only for a job created by an older server during an upgrade',
      }),
    ),
    name: Type.String(),
    additionalInfo: Nullable(Type.String()),
    applyMinimumFee: Type.Boolean(),
    archive: Type.Boolean(),
    client: Reference,
    currency: CurrencyObject,
    deliveryDate: Nullable(DateOut()),
    discount: Type.Number(),
    domain: Nullable(Reference),
    dueDate: Nullable(DateOut()),
    estimation: EstimationObject,
    externalReference: TextOrNull(),
    extraCharge: ExtraCharge,
    files: Type.Array(JobFile),
    fixedPrice: FixedPrice,
    group: Nullable(Reference),
    isV2: Type.Boolean(),
    labels: Type.Array(LabelObject),
    languagePair: Type.Optional(LanguagePairRef),
    nonBillable: Type.Boolean(),
    notes: Type.Array(NoteObject),
    outsourcing: Type.Array(Outsourcing),
    pinned: Type.Boolean(),
    progress: Type.Number(),
    projectManager: Nullable(UserRef),
    purchaseOrder: TextOrNull(),
    quantity: Type.Object({
      ...quantityProps,
      timeBasedUnitCost: Type.Number(),
      timeBasedUnitCostPriceReference: Type.Optional(PriceReference),
    }),
    quantityType: Reference,
    service: Reference,
    startDate: Nullable(DateOut()),
    status: Type.Integer({ description: '1 not started, 2 in progress, 3 finished, 4 invoiced, 5 cancelled, 6 on hold' }),
    timeBasedInvoice: Type.Boolean(),
    timeTrackers: TimeTrackers,
    user: UserRef,
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'job' },
);
export type JobObject = Static<typeof Job>;
export type EstimationView = Static<typeof EstimationObject>;

const Discount = () => Type.Number({ minimum: -1, maximum: 1, description: 'fraction between -1 and 1 (0.1 = 10 %)' });
const Progress = () => Type.Number({ minimum: 0, maximum: 100, description: 'percentage from 0 to 100' });
const Status = () => Type.Integer({ minimum: 1, maximum: 6, description: '1 not started, 2 in progress, 3 finished, 4 invoiced, 5 cancelled, 6 on hold' });
const Quantity = () => Amount({ minimum: 0, description: 'the quantity, in the unit' });

/** Create parameters: exactly the specification's table. */
export const CreateJob = Input({
  name: RequiredText('job name'),
  client: Id('client id'),
  quantity: Quantity(),
  quantityType: Id('unit (quantity type) id'),
  service: Id('service id'),
  additionalInfo: Type.Optional(Nullable(Text({ description: 'text shown on quote or invoice' }))),
  currency: Type.Optional(CurrencyCode()),
  domain: Type.Optional(Nullable(Id('domain id'))),
  dueDate: Type.Optional(Nullable(DateInput())),
  externalReference: Type.Optional(Nullable(Text())),
  fixedPrice: Type.Optional(Nullable(Amount({ minimum: 0, description: 'fixed price amount' }))),
  languagePair: Type.Optional(Nullable(Id('language pair id'))),
  nonBillable: Type.Optional(Type.Boolean()),
  projectManager: Type.Optional(Nullable(Id('user id'))),
  purchaseOrder: Type.Optional(Nullable(Text())),
  startDate: Type.Optional(Nullable(DateInput())),
  timeBasedInvoice: Type.Optional(Nullable(Type.Boolean())),
});
export type CreateJobInput = Static<typeof CreateJob>;

/** Update parameters: the specification's list. */
export const UpdateJob = Input({
  name: Type.Optional(RequiredText('job name')),
  additionalInfo: Type.Optional(Nullable(Text())),
  archive: Type.Optional(Type.Boolean()),
  client: Type.Optional(Id('client id')),
  deliveryDate: Type.Optional(Nullable(DateInput())),
  domain: Type.Optional(Nullable(Id('domain id; null to clear'))),
  dueDate: Type.Optional(Nullable(DateInput())),
  externalReference: Type.Optional(Nullable(Text())),
  languagePair: Type.Optional(Nullable(Id('language pair id; null to clear'))),
  owner: Type.Optional(Id('user id: the job `user`')),
  pinned: Type.Optional(Type.Boolean()),
  progress: Type.Optional(Progress()),
  projectManager: Type.Optional(Nullable(Id('user id; null to clear'))),
  purchaseOrder: Type.Optional(Nullable(Text())),
  quantity: Type.Optional(Quantity()),
  quantityType: Type.Optional(Id('unit (quantity type) id')),
  service: Type.Optional(Id('service id')),
  startDate: Type.Optional(Nullable(DateInput())),
  status: Type.Optional(Status()),
});
export type UpdateJobInput = Static<typeof UpdateJob>;

const MatchLineInput = Type.Object(
  {
    id: Id('match category id'),
    value: Amount({ minimum: 0, description: 'quantity in the category' }),
    unitCost: Type.Optional(Amount({ minimum: 0, description: 'rate of the category (matchesType fixed)' })),
    percentage: Type.Optional(Type.Number({ minimum: 0, maximum: 10, description: 'fraction of the unit cost (matchesType percentage)' })),
  },
  { additionalProperties: false },
);

/** `PUT /v2/jobs/:id/price` (docs/jobs.md#the-price-endpoint). */
export const UpdateJobPrice = Input({
  unitCost: Type.Optional(Amount({ minimum: 0, description: 'cost per unit (6 decimals kept)' })),
  matchesType: Type.Optional(MatchesType),
  matches: Type.Optional(Type.Array(MatchLineInput, { maxItems: 100, description: 'quantity per match category; empty: no matches' })),
  discount: Type.Optional(Discount()),
  extraCharge: Type.Optional(Type.Number({ minimum: 0, maximum: 10, description: 'fraction of the subtotal (0.1 = 10 %)' })),
  fixedPrice: Type.Optional(Nullable(Amount({ minimum: 0, description: 'fixed price; null for none' }))),
  applyMinimumFee: Type.Optional(Type.Boolean()),
  timeBasedInvoice: Type.Optional(Type.Boolean()),
  nonBillable: Type.Optional(Type.Boolean()),
  currency: Type.Optional(CurrencyCode()),
});
export type UpdateJobPriceInput = Static<typeof UpdateJobPrice>;

export const JOB_SORTS = ['createdAt', 'updatedAt', 'name', 'dueDate', 'status'] as const;

/** `GET /v2/jobs` (docs/reference.md#paginated-listings, docs/reference.md#filters). */
export const JobListQuery = Input({
  ...pageQuery(JOB_SORTS),
  status: ArrayParam(Status()),
  client: ArrayParam(Id('client id')),
  group: Type.Optional(Nullable(Id('group id; empty: jobs in no group'))),
  service: ArrayParam(Id('service id')),
  languagePair: ArrayParam(Id('language pair id')),
  user: ArrayParam(Id('user id')),
  supplier: ArrayParam(Id('supplier id; jobs with an outsourcing to any of them')),
  label: ArrayParam(Id('label id; jobs carrying any of them')),
  archive: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  nonBillable: Type.Optional(Type.Boolean()),
  invoiced: Type.Optional(
    Type.Boolean({
      description:
        'true: jobs invoiced (status 4: on a live invoice, or marked invoiced by hand); false: the others, i.e. those that may still go on an invoice',
    }),
  ),
  q: Type.Optional(Text({ description: 'case-insensitive substring of name, externalReference or purchaseOrder' })),
  dueBefore: Type.Optional(DateInput('jobs due strictly before')),
  dueAfter: Type.Optional(DateInput('jobs due strictly after')),
  updatedSince: Type.Optional(DateInput('jobs updated at or after')),
});
export type JobFilters = Static<typeof JobListQuery>;

/** `GET /v2/jobs/:id/prices`: each parameter replaces the job's value. */
export const JobPricesQuery = Input({
  currency: Type.Optional(CurrencyCode()),
  serviceId: Type.Optional(Id('service id')),
  quantityTypeId: Type.Optional(Id('unit id')),
  languagePairId: Type.Optional(Nullable(Id('language pair id; empty: none'))),
  domainId: Type.Optional(Nullable(Id('domain id; empty: none'))),
  isTimeBased: Type.Optional(Type.Boolean({ description: 'true: prices of the unit flagged isHours' })),
});
export type JobPricesFilters = Static<typeof JobPricesQuery>;

export const ApplicablePriceObject = Type.Object(
  {
    id: Type.String(),
    currency: CurrencyObject,
    matches: Type.Array(MatchEntry),
    matchesType: MatchesType,
    type: Type.String({ description: '`client` or `account`' }),
    unitCost: Type.Number(),
  },
  { title: 'applicable price' },
);

/**
 * `GET /v2/jobs/price-preview` (docs/jobs.md#price-preview): the parameters of `POST /v2/jobs` that
 * a new job's price and estimation depend on, with the same names and rules.
 */
export const JobPricePreviewQuery = Input({
  client: Id('client id'),
  quantity: Quantity(),
  quantityType: Id('unit (quantity type) id'),
  service: Id('service id'),
  currency: Type.Optional(CurrencyCode()),
  domain: Type.Optional(Nullable(Id('domain id; empty: none'))),
  fixedPrice: Type.Optional(Nullable(Amount({ minimum: 0, description: 'fixed price amount; empty: none' }))),
  languagePair: Type.Optional(Nullable(Id('language pair id; empty: none'))),
  nonBillable: Type.Optional(Type.Boolean()),
  timeBasedInvoice: Type.Optional(Nullable(Type.Boolean())),
});
export type JobPricePreviewParams = Static<typeof JobPricePreviewQuery>;

/** What a job created with the same parameters would take: its currency, price (`quantity`) and estimation. */
export const JobPricePreview = Type.Object(
  {
    object: Type.Literal('job_price_preview'),
    client: Reference,
    currency: CurrencyObject,
    minimumFee: Nullable(
      Type.Number({ description: "the client's minimum fee when it is in the job's currency (docs/estimation.md#3-minimum-fee-and-non-billable)" }),
    ),
    quantity: Job.properties.quantity,
    estimation: EstimationObject,
  },
  { title: 'job price preview' },
);
export type JobPricePreviewObject = Static<typeof JobPricePreview>;
