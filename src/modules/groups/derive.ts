import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { Dec, toDecimalString } from '../../core/money.js';
import { buildGroupEstimation, type GroupEstimation, type JobEstimation } from '../estimation/index.js';
import { estimationExtrasOf } from '../jobs/index.js';
import { jobDay } from '../exchange-rates/index.js';
import { groupRepository as repo, NO_DUE_DATE, type GroupRow, type MemberRow } from './repository.js';

/**
 * The values of a group derived from its jobs (docs/groups.md#derived-values, docs/estimation.md#7-group-estimation), computed when a job of the
 * group changes and stored on the group row: reads never load the jobs.
 */
export interface Derived {
  status: number;
  progress: string;
  latestDueDate: string | null;
  serviceIds: string[];
  userIds: string[];
  supplierIds: string[];
}

const CANCELLED = 5;
const distinct = (values: string[]) => [...new Set(values)];

/** docs/groups.md#derived-values status: no jobs 1; all cancelled 5; of the others: all invoiced 4, all finished or invoiced 3, all on hold 6, all not started 1; else 2. */
export function groupStatus(statuses: readonly number[]): number {
  if (statuses.length === 0) return 1;
  const live = statuses.filter((status) => status !== CANCELLED);
  if (live.length === 0) return 5;
  const all = (...allowed: number[]) => live.every((status) => allowed.includes(status));
  if (all(4)) return 4;
  if (all(3, 4)) return 3;
  if (all(6)) return 6;
  if (all(1)) return 1;
  return 2;
}

/** docs/groups.md#derived-values progress: the mean progress of the non-cancelled jobs (0 without), rounded half away from zero to 2 decimals. */
export function groupProgress(members: ReadonlyArray<Pick<MemberRow, 'status' | 'progress'>>): string {
  const live = members.filter((member) => member.status !== CANCELLED);
  if (live.length === 0) return '0';
  const sum = live.reduce((total, member) => total.plus(new Dec(String(member.progress))), new Dec(0));
  return toDecimalString(sum.dividedBy(live.length).toDecimalPlaces(2, Dec.ROUND_HALF_UP));
}

export function derive(members: readonly MemberRow[]): Derived {
  const estimations = members.map((member) => JSON.parse(member.estimation) as Partial<JobEstimation>);
  const dueDates = members.flatMap((member) => (member.due_date ? [member.due_date] : [])).sort();
  return {
    status: groupStatus(members.map((member) => member.status)),
    progress: groupProgress(members),
    latestDueDate: dueDates.at(-1) ?? null,
    serviceIds: distinct(members.map((member) => member.service_id)),
    userIds: distinct(members.map((member) => member.user_id)),
    supplierIds: distinct(estimations.flatMap((estimation) => (estimation.outsourcing?.suppliers ?? []).map((supplier) => supplier.id))),
  };
}

/** The answered due date: the latest job due date when automatic and a job has one, else the group's own. */
export function effectiveDueDate(row: Pick<GroupRow, 'due_date_auto' | 'own_due_date'>, latestDueDate: string | null): string | null {
  return isTrue(row.due_date_auto) && latestDueDate !== null ? latestDueDate : row.own_due_date;
}

/** The columns of a group derived from these members (with the group's currency and own due date). */
export async function derivedColumns(ctx: Ctx, row: GroupRow, members: readonly MemberRow[]): Promise<Partial<GroupRow>> {
  const derived = derive(members);
  const extras = await estimationExtrasOf(
    ctx,
    members.map((member) => member.id),
  );
  const targetMargin = await repo.targetMargin(ctx.db, ctx.accountId);
  const estimation: GroupEstimation = buildGroupEstimation({
    currency: row.currency,
    targetMargin,
    jobs: members
      .filter((member) => member.estimation !== '{}')
      .map((member) => ({
        status: member.status,
        day: jobDay(member),
        nonBillable: isTrue(member.non_billable),
        trackedMs: extras.get(member.id)?.trackedMs ?? 0,
        estimation: JSON.parse(member.estimation) as JobEstimation,
      })),
  });
  const dueDate = effectiveDueDate(row, derived.latestDueDate);
  return {
    status: derived.status,
    progress: derived.progress,
    due_date: dueDate,
    due_sort: dueDate ?? NO_DUE_DATE,
    service_ids: JSON.stringify(derived.serviceIds),
    user_ids: JSON.stringify(derived.userIds),
    supplier_ids: JSON.stringify(derived.supplierIds),
    estimation: JSON.stringify(estimation),
  };
}

const DERIVED_KEYS = ['status', 'progress', 'due_date', 'due_sort', 'service_ids', 'user_ids', 'supplier_ids', 'estimation'] as const;

/**
 * Recomputes and stores the derived values of one group (locked first, so that concurrent job
 * writes each see the others' committed jobs). Answers true when a value changed; then the group's
 * `updated_at` moves too. `changes` are the group's own columns changed in the same write.
 */
export async function refreshGroup(ctx: Ctx, groupId: string, changes: Partial<GroupRow> = {}): Promise<boolean> {
  const current = await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, groupId);
  if (!current) return false;
  const next = { ...current, ...changes };
  const members = await repo.members(ctx.db, ctx.accountId, groupId);
  const derived = await derivedColumns(ctx, next, members);
  const differs = DERIVED_KEYS.some((key) => String(derived[key]) !== String(current[key])) || Object.keys(changes).length > 0;
  if (!differs) return false;
  await repo.update(ctx.db, ctx.accountId, groupId, { ...changes, ...derived, updated_at: changes.updated_at ?? nowIso() });
  return true;
}
