import { Type, type Static } from '@sinclair/typebox';
import { CurrencyObject, DateOut, Id, Input, Nullable } from '../../core/schemas.js';
import { LanguagePairRef } from '../language-pairs/index.js';

/**
 * One piece of work as its supplier sees it on the portal (docs/supplier-portal.md#what-a-supplier-sees):
 * built field by field from the outsourcing, so that nothing else of it reaches the portal — never
 * the client, the client's price, the margin, the agency's notes or another supplier.
 */
export const WORK_STATES = ['offered', 'open', 'done', 'refused', 'cancelled', 'expired'] as const;
export type WorkState = (typeof WORK_STATES)[number];

const Named = Type.Object({ id: Type.String(), name: Type.String() });

/** The agency's purchase order for the work, once issued (sent or accepted): the supplier's own figures only. */
export const PortalPurchaseOrder = Type.Object(
  {
    id: Type.String(),
    number: Type.String(),
    date: Nullable(DateOut()),
    total: Type.Number({ description: 'what the order says the agency owes you, taxes included' }),
    currency: CurrencyObject,
  },
  { description: 'the purchase order of this work, once the agency issued it (GET /v2/portal/work/:id/purchase-order is its PDF); null before' },
);
export type PortalPurchaseOrderObject = Static<typeof PortalPurchaseOrder>;

export const PortalWork = Type.Object(
  {
    id: Type.String(),
    reference: Type.String({ description: "the work's reference on the portal (its link: /portal/work/<id>)" }),
    name: Type.String(),
    state: Type.Union(
      WORK_STATES.map((state) => Type.Literal(state)),
      {
        description:
          '`offered`: your answer is asked; `open`: yours to do; `done`: you marked it done or the agency finished it; `refused`; `cancelled` by the agency; `expired`: an offer not answered before `expiresAt`',
      },
    ),
    status: Type.Integer({
      description: "the agency's status of the work: 1 not started, 2 in progress, 3 to be reviewed, 4 finished, 5 cancelled, 6 on hold",
    }),
    service: Named,
    languagePair: Nullable(LanguagePairRef),
    startDate: Nullable(DateOut()),
    dueDate: Nullable(DateOut()),
    quantity: Type.Object({
      value: Type.Number(),
      unit: Named,
      weighted: Type.Number({ description: 'the quantity weighted by the match rates: what you are paid for, in units at the full rate' }),
      matches: Type.Array(
        Type.Object({
          name: Type.String({ description: 'the match category' }),
          value: Type.Number({ description: 'quantity in the category' }),
          rate: Type.Number({ description: 'fraction of your unit price paid for it (1 = 100 %)' }),
        }),
      ),
    }),
    currency: CurrencyObject,
    unitCost: Type.Number({ description: 'your price per unit' }),
    fixedPrice: Nullable(Type.Number({ description: 'your fixed price for the whole work, when one was agreed' })),
    total: Type.Number({ description: 'what the agency owes you for this work' }),
    instructions: Nullable(Type.String({ description: "the agency's instructions (sanitised rich text)" })),
    checklist: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), done: Type.Boolean() })),
    confirm: Type.Object({
      required: Type.Boolean({ description: 'the agency asks you to accept or refuse' }),
      status: Nullable(Type.Integer({ minimum: 1, maximum: 3, description: '1 pending, 2 accepted, 3 refused' })),
      answeredAt: Nullable(DateOut()),
      comment: Nullable(Type.String({ description: 'your comment on accepting, or your reason for refusing' })),
    }),
    sentDate: Nullable(DateOut()),
    expiresAt: Nullable(
      DateOut({ description: 'when an offer made to several suppliers expires: it can no longer be accepted after it; null: it does not expire' }),
    ),
    doneDate: Nullable(DateOut()),
    comments: Nullable(Type.String({ description: 'your comments to the agency' })),
    uploadFileOnGroup: Type.Boolean({ description: "your deliverables go to the job's group" }),
    purchaseOrder: Nullable(PortalPurchaseOrder),
    clientName: Nullable(Type.String({ description: "the name of the agency's client the work is for, when the agency shows it; null otherwise" })),
  },
  { title: 'Portal work' },
);
export type PortalWorkObject = Static<typeof PortalWork>;

export const SendParams = Type.Object({ id: Id('job id'), outsourcingId: Id('outsourcing id') }, { additionalProperties: false });
export const WorkParams = Type.Object({ id: Id('work id') }, { additionalProperties: false });
export const ChecklistItemParams = Type.Object({ id: Id('work id'), itemId: Id('checklist item id') }, { additionalProperties: false });

export const WorkListQuery = Input({
  state: Type.Optional(
    Type.Array(Type.Union(WORK_STATES.map((state) => Type.Literal(state))), {
      maxItems: 6,
      description: 'only work in these states (several values are OR); default: all',
    }),
  ),
});

export const AcceptWork = Input({ comment: Type.Optional(Type.String({ maxLength: 2000, description: 'a comment for the agency' })) });
export const RefuseWork = Input({ reason: Type.String({ maxLength: 2000, description: 'why you refuse, for the agency' }) });
export const TickChecklistItem = Input({ done: Type.Boolean() });
export const WorkComments = Input({ comments: Type.String({ maxLength: 10_000, description: 'your comments to the agency (plain text; empty clears them)' }) });
/** The writes that take no parameters. */
export const NoParameters = Input({});

export const WorkFileParams = Type.Object({ id: Id('work id'), fileId: Id('file id') }, { additionalProperties: false });

/**
 * A file of the work as its supplier sees it (docs/supplier-portal.md#files): the files the agency
 * shares with this work, and the supplier's own deliverables; nothing of who at the agency put it there.
 */
export const PortalFile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    size: Type.Integer({ description: 'bytes' }),
    contentType: Type.String({ description: 'the content type it is downloaded with (from its name)' }),
    kind: Type.Union([Type.Literal('job'), Type.Literal('group')], {
      description: "`job`: a file of this work's job; `group`: a file of the group of jobs it belongs to",
    }),
    deliverable: Type.Boolean({ description: 'true for the files you delivered for this work (you may remove them while the work is open)' }),
    createdAt: DateOut(),
  },
  { title: 'Portal file' },
);
export type PortalFileObject = Static<typeof PortalFile>;
