import { Type, type Static } from '@sinclair/typebox';
import { isTrue } from '../../core/db/dialect.js';
import { DateOut, Nullable } from '../../core/schemas.js';
import type { OutsourcingRow } from './repository.js';

/**
 * The supplier portal of an outsourcing (docs/jobs.md#portal): what the supplier is shown and asked,
 * and what they answered. The agency changes its settings with `PUT …/outsourcing/:outsourcingId/portal`;
 * the dates, the confirmation's answer and the supplier's comments are the portal's to set.
 */
export const PORTAL_CONFIRM_STATUSES = { pending: 1, accepted: 2, refused: 3 } as const;

export const PortalChecklistItem = Type.Object({ id: Type.String(), name: Type.String(), done: Type.Boolean() }, { title: 'portal checklist item' });
export type PortalChecklistItemObject = Static<typeof PortalChecklistItem>;

export const Portal = Type.Object(
  {
    enabled: Type.Boolean({ description: 'the outsourcing is on the supplier portal' }),
    reference: Type.String({ description: "the outsourcing's unguessable reference on the portal; never changes" }),
    instructions: Nullable(Type.String({ description: 'sanitised rich text for the supplier; null when none' })),
    checklist: Type.Array(PortalChecklistItem),
    confirm: Type.Object({
      enabled: Type.Boolean({ description: 'the supplier must accept or refuse the outsourcing' }),
      generatePurchaseOrderOnAcceptation: Type.Boolean({ description: "the supplier's acceptance makes a purchase order" }),
      status: Nullable(
        Type.Integer({
          minimum: 1,
          maximum: 3,
          description: '1 pending, 2 accepted, 3 refused; null while no confirmation was asked (or it was withdrawn pending)',
        }),
      ),
      acceptedDate: Nullable(DateOut()),
      comment: Nullable(Type.String({ description: "the supplier's comment on accepting or refusing" })),
    }),
    sentDate: Nullable(DateOut()),
    sentDateStatus: Nullable(DateOut()),
    doneDate: Nullable(DateOut()),
    supplierComments: Nullable(Type.String()),
    uploadFileOnGroup: Type.Boolean({ description: "the supplier's deliverables go to the job's group instead of the job" }),
  },
  { title: 'outsourcing portal' },
);
export type PortalObject = Static<typeof Portal>;

type PortalColumns = Pick<OutsourcingRow, Extract<keyof OutsourcingRow, `portal_${string}`>>;

/** The checklist as stored (JSON text of `{ id, name, done }`). */
export function checklistOf(row: Pick<OutsourcingRow, 'portal_checklist'>): PortalChecklistItemObject[] {
  return JSON.parse(row.portal_checklist) as PortalChecklistItemObject[];
}

export function portalOf(row: PortalColumns): PortalObject {
  return {
    enabled: isTrue(row.portal_enabled),
    reference: row.portal_reference,
    instructions: row.portal_instructions,
    checklist: checklistOf(row),
    confirm: {
      enabled: isTrue(row.portal_confirm),
      generatePurchaseOrderOnAcceptation: isTrue(row.portal_generate_purchase_order),
      status: row.portal_confirm_status,
      acceptedDate: row.portal_accepted_date,
      comment: row.portal_confirm_comment,
    },
    sentDate: row.portal_sent_date,
    sentDateStatus: row.portal_sent_date_status,
    doneDate: row.portal_done_date,
    supplierComments: row.portal_supplier_comments,
    uploadFileOnGroup: isTrue(row.portal_upload_file_on_group),
  };
}
