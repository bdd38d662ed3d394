import { Type, type Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { DateOut, Nullable, Reference } from '../../core/schemas.js';
import { FIRST_FEW } from './service.js';

/**
 * `GET /v2/dashboard/portal` (docs/dashboard.md#the-supplier-portal): the agency's view of its
 * supplier portal — the offers its suppliers have not answered yet, and the work they marked done
 * that waits for the project manager's review. Names, ids and dates only: no amount, so every
 * role reads it the same, like the rest of the project work.
 */

/** Outsourcing statuses (outsourcing/schemas.ts): to be reviewed, cancelled. */
const TO_BE_REVIEWED = 3;
const CANCELLED = 5;
const PENDING = 1;

const PortalWork = Type.Object({
  id: Type.String({ description: "the outsourcing's id" }),
  name: Type.String({ description: "the outsourcing's name" }),
  job: Reference,
  supplier: Reference,
  dueDate: Nullable(DateOut()),
  sentDate: Nullable(Type.String({ format: 'date-time', description: 'when it was last sent to the portal' })),
  doneDate: Nullable(Type.String({ format: 'date-time', description: 'when the supplier marked it done' })),
});

const PortalList = Type.Object({
  count: Type.Integer({ minimum: 0, description: 'how many' }),
  first: Type.Array(PortalWork, { description: 'the first few, the longest waiting first' }),
});

export const DashboardPortal = Type.Object(
  {
    object: Type.Literal('dashboard_portal'),
    offersWaiting: PortalList,
    deliveriesToCheck: PortalList,
  },
  { $id: undefined, description: "the supplier portal's offers waiting and deliveries to check" },
);
export type DashboardPortalObject = Static<typeof DashboardPortal>;

const base = (ctx: Ctx) =>
  ctx.db
    .selectFrom('outsourcing')
    .innerJoin('jobs', (join) => join.onRef('jobs.id', '=', 'outsourcing.job_id').onRef('jobs.account_id', '=', 'outsourcing.account_id'))
    .innerJoin('suppliers', (join) => join.onRef('suppliers.id', '=', 'outsourcing.supplier_id').onRef('suppliers.account_id', '=', 'outsourcing.account_id'))
    .where('outsourcing.account_id', '=', ctx.accountId);

/** Offers the supplier has not answered: on the portal, an answer asked and pending, not cancelled. */
const offersWaiting = (ctx: Ctx) =>
  base(ctx)
    .where('outsourcing.portal_enabled', '=', 1)
    .where('outsourcing.portal_confirm', '=', 1)
    .where('outsourcing.portal_confirm_status', '=', PENDING)
    .where('outsourcing.status', '!=', CANCELLED);

/** Work the supplier marked done that the agency has not reviewed yet (status still "to be reviewed"). */
const deliveriesToCheck = (ctx: Ctx) => base(ctx).where('outsourcing.portal_done_date', 'is not', null).where('outsourcing.status', '=', TO_BE_REVIEWED);

type Query = ReturnType<typeof base>;

async function listOf(query: Query, order: 'outsourcing.portal_sent_date' | 'outsourcing.portal_done_date') {
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    query
      .select([
        'outsourcing.id',
        'outsourcing.name',
        'outsourcing.due_date',
        'outsourcing.portal_sent_date',
        'outsourcing.portal_done_date',
        'jobs.id as job_id',
        'jobs.name as job_name',
        'suppliers.id as supplier_id',
        'suppliers.name as supplier_name',
      ])
      // The longest waiting first; a pending answer never sent (asked by the settings alone) last.
      .orderBy((eb) => eb.case().when(order, 'is', null).then(1).else(0).end())
      .orderBy(order)
      .orderBy('outsourcing.id')
      .limit(FIRST_FEW)
      .execute(),
  ]);
  return {
    count: Number(total.count),
    first: rows.map((row) => ({
      id: row.id,
      name: row.name,
      job: { id: row.job_id, name: row.job_name },
      supplier: { id: row.supplier_id, name: row.supplier_name },
      dueDate: row.due_date,
      sentDate: row.portal_sent_date,
      doneDate: row.portal_done_date,
    })),
  };
}

export const dashboardPortal = {
  async get(ctx: Ctx): Promise<DashboardPortalObject> {
    const [offers, deliveries] = await Promise.all([
      listOf(offersWaiting(ctx), 'outsourcing.portal_sent_date'),
      listOf(deliveriesToCheck(ctx), 'outsourcing.portal_done_date'),
    ]);
    return { object: 'dashboard_portal', offersWaiting: offers, deliveriesToCheck: deliveries };
  },
};
