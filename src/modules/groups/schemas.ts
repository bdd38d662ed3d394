import { CloneType, Type, type Static } from '@sinclair/typebox';
import { Financial } from '../../core/financials.js';
import { FileDeliverable } from '../files/index.js';
import { ProfitabilityObject } from '../jobs/index.js';
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

/** The group object of the specification ("Group", "Group estimation") and the request schemas. */
const Money = () => Type.Number();

export const GroupEstimationObject = Type.Object(
  {
    currency: Type.Optional(CurrencyObject),
    isV2: Type.Boolean(),
    outsourcing: Type.Object({
      suppliers: Type.Array(Reference),
      totals: Type.Array(Type.Object({ currency: CurrencyObject, total: Money() })),
    }),
    profitability: Financial(
      CloneType(ProfitabilityObject, { description: 'absent when revenue and margins are hidden from the caller (docs/access.md#revenue-and-margins)' }),
    ),
    total: Money(),
    totalInvoiced: Money(),
    totalTime: Type.Number({ description: 'tracked time of the jobs (ms)' }),
  },
  { description: 'the group estimation, stored whenever a job of the group changes' },
);

/** Specification "File of a group" (filled by the files module through groupExtensions). */
export const GroupFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  outsourcing: Type.Object({ shareWithAll: Type.Boolean(), sharedWith: Type.Array(Type.String()) }),
  shareWithClient: Type.Boolean({ description: "shared with the job's client: downloadable on the client portal" }),
  deliverable: FileDeliverable,
  size: Type.Integer(),
  createdAt: DateOut(),
});

export const Group = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('group'),
    name: Type.String(),
    archived: Type.Boolean(),
    budget: Type.Object({ amount: Nullable(Money()), currency: CurrencyObject }),
    client: Nullable(Reference),
    color: Type.String(),
    currency: CurrencyObject,
    domain: Nullable(Reference),
    dueDate: Nullable(DateOut()),
    dueDateAuto: Type.Boolean(),
    estimation: GroupEstimationObject,
    externalReference: TextOrNull(),
    files: Type.Array(GroupFile),
    groupOnInvoice: Type.Boolean(),
    jobs: Type.Array(Type.String(), { description: 'job ids, in the order added' }),
    labels: Type.Array(LabelObject),
    notes: Type.Array(NoteObject),
    pinned: Type.Boolean(),
    progress: Type.Number(),
    purchaseOrder: TextOrNull(),
    services: Type.Array(Reference),
    status: Type.Integer(),
    suppliers: Type.Array(Reference),
    users: Type.Array(Reference),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { $id: undefined, title: 'group', description: 'a group of jobs' },
);
export type GroupObject = Static<typeof Group>;
export type GroupEstimationView = Static<typeof GroupEstimationObject>;

const Color = () => Type.String({ pattern: '^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$', description: 'hexadecimal colour, #rrggbb or #rgb' });

export const CreateGroup = Input({
  name: RequiredText('group name'),
  client: Type.Optional(Nullable(Id('client id'))),
  color: Type.Optional(Color()),
  currency: Type.Optional(CurrencyCode()),
  domain: Type.Optional(Nullable(Id('domain id'))),
  dueDate: Type.Optional(Nullable(DateInput())),
  dueDateAuto: Type.Optional(Type.Boolean()),
  externalReference: Type.Optional(Nullable(Text())),
  purchaseOrder: Type.Optional(Nullable(Text())),
});
export type CreateGroupInput = Static<typeof CreateGroup>;

export const UpdateGroup = Input({
  name: Type.Optional(RequiredText('group name')),
  archived: Type.Optional(Type.Boolean()),
  budget: Type.Optional(Nullable(Amount({ minimum: 0, description: 'budget amount in the group currency; null clears it' }))),
  color: Type.Optional(Color()),
  domain: Type.Optional(Nullable(Id('domain id; null to clear'))),
  dueDate: Type.Optional(Nullable(DateInput())),
  dueDateAuto: Type.Optional(Type.Boolean()),
  externalReference: Type.Optional(Nullable(Text())),
  groupOnInvoice: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  purchaseOrder: Type.Optional(Nullable(Text())),
});
export type UpdateGroupInput = Static<typeof UpdateGroup>;

export const GROUP_SORTS = ['createdAt', 'updatedAt', 'name', 'dueDate', 'status'] as const;

/** `GET /v2/groups` (docs/reference.md#paginated-listings, docs/reference.md#filters). */
export const GroupListQuery = Input({
  ...pageQuery(GROUP_SORTS),
  status: ArrayParam(Type.Integer({ minimum: 1, maximum: 6 })),
  client: ArrayParam(Id('client id')),
  archived: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  q: Type.Optional(Text({ description: 'case-insensitive substring of name, externalReference or purchaseOrder' })),
  updatedSince: Type.Optional(DateInput('groups updated at or after')),
});
export type GroupFilters = Static<typeof GroupListQuery>;

export const GroupJobParams = Type.Object({ id: Id(), jobId: Id() }, { additionalProperties: false });
