import type { Ctx } from '../../core/context.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { supplierRepository as repo, type UnavailabilityRow } from './repository.js';
import type { UnavailabilityInput, UnavailabilityObject } from './schemas.js';
import { suppliers } from './service.js';

/**
 * Unavailabilities of a supplier (docs/clients-suppliers.md#endpoints): periods `from`–`to` with a reason. A change is a
 * change of the supplier: its updated_at moves and `supplier.updated` is recorded.
 */
function toUnavailability(row: UnavailabilityRow): UnavailabilityObject {
  return { id: row.id, from: row.from_at, to: row.to_at, reason: row.reason, createdAt: row.created_at, updatedAt: row.updated_at };
}

function assertOrder(from: string, to: string): void {
  if (to < from) throw invalid('to', 'must not be before from');
}

async function load(ctx: Ctx, supplierId: string, id: string): Promise<UnavailabilityRow> {
  await suppliers.assertExists(ctx, supplierId);
  const row = await repo.findUnavailability(ctx.db, ctx.accountId, supplierId, id);
  if (!row) throw notFound('unavailability', id);
  return row;
}

export const unavailabilities = {
  /** `old`: ended before now; `currents`: running or to come. Each ordered by `from`. */
  async list(ctx: Ctx, supplierId: string): Promise<{ currents: UnavailabilityObject[]; old: UnavailabilityObject[] }> {
    await suppliers.assertExists(ctx, supplierId);
    const now = nowIso();
    const result = { currents: [] as UnavailabilityObject[], old: [] as UnavailabilityObject[] };
    for (const row of await repo.unavailabilities(ctx.db, ctx.accountId, supplierId)) {
      (row.to_at < now ? result.old : result.currents).push(toUnavailability(row));
    }
    return result;
  },

  async create(ctx: Ctx, supplierId: string, input: Required<Pick<UnavailabilityInput, 'from' | 'to'>> & UnavailabilityInput): Promise<UnavailabilityObject> {
    await suppliers.assertExists(ctx, supplierId);
    const from = toIsoDate(input.from);
    const to = toIsoDate(input.to);
    assertOrder(from, to);
    const now = nowIso();
    const row: UnavailabilityRow = {
      id: newId(),
      account_id: ctx.accountId,
      supplier_id: supplierId,
      from_at: from,
      to_at: to,
      reason: input.reason?.trim() ?? '',
      created_at: now,
      updated_at: now,
    };
    await repo.insertUnavailability(ctx.db, row);
    await suppliers.changed(ctx, supplierId);
    return toUnavailability(row);
  },

  async update(ctx: Ctx, supplierId: string, id: string, input: UnavailabilityInput): Promise<UnavailabilityObject> {
    const current = await load(ctx, supplierId, id);
    const changes: Partial<UnavailabilityRow> = { updated_at: nowIso() };
    if (input.from !== undefined) changes.from_at = toIsoDate(input.from);
    if (input.to !== undefined) changes.to_at = toIsoDate(input.to);
    if (input.reason !== undefined) changes.reason = input.reason.trim();
    const next = { ...current, ...changes };
    assertOrder(next.from_at, next.to_at);
    await repo.updateUnavailability(ctx.db, ctx.accountId, id, changes);
    await suppliers.changed(ctx, supplierId);
    return toUnavailability(next);
  },

  async remove(ctx: Ctx, supplierId: string, id: string): Promise<void> {
    await load(ctx, supplierId, id);
    await repo.deleteUnavailability(ctx.db, ctx.accountId, id);
    await suppliers.changed(ctx, supplierId);
  },
};
