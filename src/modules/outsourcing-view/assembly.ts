import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { currency, Dec } from '../../core/money.js';
import type { OutsourcingItem, PriceEstimate } from '../estimation/index.js';
import { languagePairs, type LanguagePairReference } from '../language-pairs/index.js';
import { catFileIds, lineView, parseEntries, priceReference, type NamedLine } from '../price-lines/index.js';
import { marginWarnings } from './margin-warnings.js';
import { portalOf } from './portal.js';
import { outsourcingViewRepository as repo, type OutsourcingRow, type OutsourcingRowWithNames } from './repository.js';
import type { OutsourcingObject } from './schemas.js';

/**
 * The outsourcing of a page of jobs as objects (a constant number of queries: rows, match lines,
 * language pairs) and as items of the job estimation, read from their stored amounts (docs/estimation.md#5-outsourcing).
 */
const num = (value: string | number | null) => Number(value);

function toObject(
  row: OutsourcingRowWithNames,
  lines: readonly NamedLine[],
  pair: OutsourcingObject['languagePair'],
  names: ReadonlyMap<string, string>,
): OutsourcingObject {
  const amounts = JSON.parse(row.amounts) as PriceEstimate;
  const d = amounts.details;
  const part = (p: { amount: string; discount: string; total: string }) => ({ amount: num(p.amount), discount: num(p.discount), total: num(p.total) });
  const unitCost = String(row.unit_cost);
  const reference = priceReference(row.unit_cost_price_id, row.unit_cost_price_type);
  return {
    id: row.id,
    name: row.name,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    service: { id: row.service_id, name: row.service_name },
    quantityType: { id: row.unit_id, name: row.unit_name },
    ...(pair ? { languagePair: pair } : {}),
    quantity: {
      catFile: { fileIds: catFileIds(row.cat_file_ids) },
      hasMatches: isTrue(row.has_matches),
      matches: lines.map((line) => lineView(row.matches_type, unitCost, line)),
      matchesType: row.matches_type,
      unitCost: num(unitCost),
      ...(reference ? { unitCostPriceReference: reference } : {}),
      value: num(row.quantity),
    },
    currency: currency(row.currency),
    discount: num(row.discount),
    extraCharge: { amount: num(d.extraCharge.amount), percentage: num(d.extraCharge.percentage), type: 'percentage' },
    fixedPrice: { amount: row.fixed_price === null ? null : num(row.fixed_price), currency: currency(row.currency) },
    dueDate: row.due_date,
    startDate: row.start_date,
    deliveryDate: row.delivery_date,
    status: row.status,
    subtotal: num(d.subtotal),
    total: num(amounts.total),
    totalDetails: { subtotal: part(d.totalDetails.subtotal), extraCharge: part(d.totalDetails.extraCharge), total: num(d.totalDetails.total) },
    notes: [],
    warnings: marginWarnings(row, parseEntries(row.job_price_matches), lines, names),
    portal: portalOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Unpriced (docs/estimation.md#6-profitability-and-performance): no supplier price applied (unit
 * cost 0 and no price reference) and no fixed price; its total is no cost. A free outsourcing is
 * one with a fixed price of 0.
 */
export function isUnpriced(row: Pick<OutsourcingRow, 'fixed_price' | 'unit_cost' | 'unit_cost_price_id'>): boolean {
  return row.fixed_price === null && row.unit_cost_price_id === null && new Dec(String(row.unit_cost)).isZero();
}

function itemOf(row: OutsourcingRowWithNames): OutsourcingItem {
  const amounts = JSON.parse(row.amounts) as PriceEstimate;
  const item: OutsourcingItem = {
    status: row.status,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    currency: row.currency,
    total: amounts.total,
  };
  if (isUnpriced(row)) item.unpriced = true;
  return item;
}

export const outsourcingOfJobs = {
  /**
   * The outsourcing of some jobs (the caller's), by job id, in creation order: as objects, and as
   * the estimation inputs of the job, from the same rows.
   */
  async objects(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, Array<{ object: OutsourcingObject; item: OutsourcingItem }>>> {
    const result = new Map<string, Array<{ object: OutsourcingObject; item: OutsourcingItem }>>(jobIds.map((id) => [id, []]));
    const rows = await repo.rowsOfJobs(ctx.db, ctx.accountId, jobIds);
    if (rows.length === 0) return result;
    const lines = await repo.lines(
      ctx.db,
      ctx.accountId,
      rows.map((row) => row.id),
    );
    const pairIds = rows.flatMap((row) => (row.language_pair_id ? [row.language_pair_id] : []));
    const pairs = pairIds.length > 0 ? await languagePairs.referencesByIds(ctx, pairIds) : new Map<string, LanguagePairReference>();
    const names = await repo.categoryNames(ctx.db, ctx.accountId, [
      ...new Set(rows.flatMap((row) => parseEntries(row.job_price_matches).map((entry) => entry.id))),
    ]);
    for (const row of rows) {
      const pair = row.language_pair_id === null ? undefined : pairs.get(row.language_pair_id);
      result.get(row.job_id)?.push({ object: toObject(row, lines.get(row.id) ?? [], pair, names), item: itemOf(row) });
    }
    return result;
  },

  /** The estimation inputs of the outsourcing of some jobs: status, supplier, currency, stored total. */
  async items(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, OutsourcingItem[]>> {
    const result = new Map<string, OutsourcingItem[]>(jobIds.map((id) => [id, []]));
    for (const row of await repo.rowsOfJobs(ctx.db, ctx.accountId, jobIds)) result.get(row.job_id)?.push(itemOf(row));
    return result;
  },
};

/** The ids of the account's jobs with an outsourcing to any of the suppliers, as a subquery (the jobs listing's `supplier` filter). */
export const jobsOutsourcedTo = (ctx: Ctx, supplierIds: readonly string[]) => repo.jobIdsOutsourcedTo(ctx.db, ctx.accountId, supplierIds);

/**
 * The outsourcing of a supplier on the portal (modules/supplier-portal), as objects, in the order of
 * the work list (soonest due first), at most `limit`: only the supplier's own, only those on the portal
 * (`only`: the one of this id, if it is such).
 */
export async function onPortalOf(ctx: Ctx, supplierId: string, limit: number, only?: string): Promise<OutsourcingObject[]> {
  const ids = await repo.onPortalOf(ctx.db, ctx.accountId, supplierId, limit, only);
  if (ids.length === 0) return [];
  const byJob = await outsourcingOfJobs.objects(ctx, [...new Set(ids.map((row) => row.job_id))]);
  const byId = new Map([...byJob.values()].flat().map(({ object }) => [object.id, object]));
  // Checked again on the objects: the supplier's own, on the portal (a second guard on the query's scope).
  return ids.flatMap((row) => {
    const object = byId.get(row.id);
    return object !== undefined && object.supplier.id === supplierId && object.portal.enabled ? [object] : [];
  });
}
