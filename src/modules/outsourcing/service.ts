import { generateToken } from '../../core/auth.js';
import type { Ctx } from '../../core/context.js';
import { bool, isTrue } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { roundRate, toDecimalString } from '../../core/money.js';
import { accounts } from '../accounts/index.js';
import { suppliers } from '../suppliers/index.js';
import { languagePairs } from '../language-pairs/index.js';
import { masterData, matchCategories, services, units } from '../master-data/index.js';
import { applicablePrices, type ApplicablePrice } from '../prices/index.js';
import { jobs, jobStore, type JobObject, type StoredJob } from '../jobs/index.js';
import { PORTAL_CONFIRM_STATUSES } from '../outsourcing-view/index.js';
import { estimateOutsourcingPrice, type PriceEstimate } from '../estimation/index.js';
import {
  linesOfPrice,
  parseEntries,
  pricingInput,
  repriceLines,
  sumOfLines,
  takePrice,
  type Line,
  type NamedLine,
  type TakenPrice,
} from '../price-lines/index.js';
import { outsourcingRepository as repo, type OutsourcingRow } from './repository.js';
import { defaultDueDate } from '../../core/outsourcing-due-date.js';
import type { OutsourcingInput, SupplierPricesFilters } from './schemas.js';

/**
 * Outsourcing (docs/jobs.md#outsourcing): a part of a job given to a supplier. Each operation locks the job,
 * changes its outsourcing, stores the outsourcing amounts (docs/estimation.md#5-outsourcing), and lets the job recompute its
 * estimation and record `job.updated`, then records `job.outsourcing.<created|updated|status_changed|deleted>`; the answer is the job.
 */
export const OUTSOURCING_STATUS = { notStarted: 1, inProgress: 2, toBeReviewed: 3, finished: 4, cancelled: 5, onHold: 6 } as const;

/** Amounts of an outsourcing: the job rules without minimum fee (docs/estimation.md#5-outsourcing), stored on every write. */
function amountsOf(row: OutsourcingRow, lines: readonly NamedLine[]): PriceEstimate {
  return estimateOutsourcingPrice(pricingInput(row, lines));
}

async function supplierParam(ctx: Ctx, id: string, param = 'supplier'): Promise<string> {
  if (!(await suppliers.exists(ctx, id))) throw invalid(param, `no supplier with id ${id}`);
  return id;
}

/** The supplier price of docs/prices.md#which-price-applies for the outsourcing's criteria, with the job's client and domain. */
async function supplierPrice(
  ctx: Ctx,
  job: StoredJob,
  row: Pick<OutsourcingRow, 'supplier_id' | 'service_id' | 'unit_id' | 'currency' | 'language_pair_id'>,
): Promise<TakenPrice> {
  const [first] = await applicablePrices.forSupplier(ctx, {
    supplierId: row.supplier_id,
    clientId: job.row.client_id,
    serviceId: row.service_id,
    unitId: row.unit_id,
    currency: row.currency,
    languagePairId: row.language_pair_id,
    domainId: job.row.domain_id,
  });
  return takePrice(first);
}

/**
 * The price a new outsourcing takes and its currency: the supplier price in the given currency;
 * without one given (the job's is the default), when the job's currency has no supplier price,
 * the price of another currency: the supplier's own services before the account's default
 * supplier prices, then the account's currency, then the others by code (docs/jobs.md#outsourcing).
 */
async function newOutsourcingPrice(
  ctx: Ctx,
  job: StoredJob,
  base: Pick<OutsourcingRow, 'supplier_id' | 'service_id' | 'unit_id' | 'currency' | 'language_pair_id'>,
  currencyGiven: boolean,
): Promise<{ price: TakenPrice; currency: string }> {
  const price = await supplierPrice(ctx, job, base);
  if (price.priceId !== null || currencyGiven) return { price, currency: base.currency };
  const others = (
    await repo.supplierPriceCurrencies(ctx.db, ctx.accountId, { supplierId: base.supplier_id, serviceId: base.service_id, unitId: base.unit_id })
  ).filter((code) => code !== base.currency);
  if (others.length === 0) return { price, currency: base.currency };
  const accountCurrency = (await accounts.get(ctx)).currency.code;
  let best: { price: TakenPrice; currency: string; rank: number[] } | undefined;
  for (const code of others) {
    const taken = await supplierPrice(ctx, job, { ...base, currency: code });
    if (taken.priceId === null) continue;
    const rank = [taken.priceType === 'supplier' ? 0 : 1, code === accountCurrency ? 0 : 1];
    if (best === undefined || rank[0]! < best.rank[0]! || (rank[0] === best.rank[0] && rank[1]! < best.rank[1]!)) best = { price: taken, currency: code, rank };
  }
  return best ?? { price, currency: base.currency };
}

const priceColumns = (price: TakenPrice): Partial<OutsourcingRow> => ({
  unit_cost: price.unitCost,
  unit_cost_price_id: price.priceId,
  unit_cost_price_type: price.priceType,
  matches_type: price.matchesType,
  price_matches: JSON.stringify(price.entries),
});

/** Stores the lines and the amounts of an outsourcing after a change. */
async function storeAmounts(ctx: Ctx, id: string, jobId: string, lines: readonly Line[] | null): Promise<void> {
  if (lines !== null) await repo.replaceLines(ctx.db, ctx.accountId, id, lines);
  const row = (await repo.find(ctx.db, ctx.accountId, jobId, id))!;
  const named = (await repo.lines(ctx.db, ctx.accountId, [id])).get(id) ?? [];
  await repo.update(ctx.db, ctx.accountId, id, { amounts: JSON.stringify(amountsOf(row, named)) });
}

/** Columns of the parameters shared by create and update (references checked; `current` stays valid when disabled). */
async function commonColumns(ctx: Ctx, input: OutsourcingInput, current?: OutsourcingRow): Promise<Partial<OutsourcingRow>> {
  const columns: Partial<OutsourcingRow> = {};
  if (input.supplier !== undefined) columns.supplier_id = await supplierParam(ctx, input.supplier);
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') throw invalid('name', 'must not be empty');
    columns.name = name;
  }
  if (input.service !== undefined) columns.service_id = (await masterData.reference(ctx, services, input.service, 'service', current?.service_id)).id;
  if (input.quantityType !== undefined) columns.unit_id = (await masterData.reference(ctx, units, input.quantityType, 'quantityType', current?.unit_id)).id;
  if (input.languagePair !== undefined) {
    columns.language_pair_id =
      input.languagePair === null ? null : (await languagePairs.reference(ctx, input.languagePair, 'languagePair', current?.language_pair_id)).id;
  }
  if (input.currency !== undefined) columns.currency = input.currency;
  if (input.dueDate !== undefined) columns.due_date = input.dueDate === null ? null : toIsoDate(input.dueDate);
  if (input.startDate !== undefined) columns.start_date = input.startDate === null ? null : toIsoDate(input.startDate);
  if (input.discount !== undefined) columns.discount = toDecimalString(input.discount);
  if (input.fixedPrice !== undefined) columns.fixed_price = input.fixedPrice === null ? null : toDecimalString(input.fixedPrice);
  return columns;
}

/**
 * The portal columns of a new outsourcing (docs/jobs.md#portal): off, empty, and its own reference,
 * 32 random bytes that never change.
 */
const newPortalColumns = () =>
  ({
    portal_reference: generateToken(),
    portal_enabled: 0,
    portal_instructions: null,
    portal_checklist: '[]',
    portal_confirm: 0,
    portal_generate_purchase_order: 0,
    portal_confirm_status: null,
    portal_accepted_date: null,
    portal_confirm_comment: null,
    portal_sent_date: null,
    portal_sent_date_status: null,
    portal_done_date: null,
    portal_supplier_comments: null,
    portal_upload_file_on_group: 0,
  }) satisfies Partial<OutsourcingRow>;

/** A reference for an outsourcing that an older server inserted during an upgrade without one (migration 0039). */
export const missingReference = (row: OutsourcingRow): Partial<OutsourcingRow> => (row.portal_reference === '' ? { portal_reference: generateToken() } : {});

export async function load(ctx: Ctx, jobId: string, id: string): Promise<OutsourcingRow> {
  const row = await repo.find(ctx.db, ctx.accountId, jobId, id);
  if (!row) throw notFound('outsourcing', id);
  return row;
}

/** After a change of the job's outsourcing (an input of its estimation): updated_at, and the store saves the job (`job.updated`). */
export function changed(ctx: Ctx, job: StoredJob): Promise<JobObject> {
  job.row.updated_at = nowIso();
  return jobStore.save(ctx, job);
}

/**
 * `job.outsourcing.<type>` (docs/webhooks.md#event-types): the outsourcing as the job shows it, with
 * its job's id (and, for `status_changed`, the status it left).
 */
export async function outsourcingEvent(ctx: Ctx, type: string, job: JobObject, id: string, extra: Record<string, unknown> = {}): Promise<void> {
  const outsourcing = job.outsourcing.find((item) => item.id === id);
  if (outsourcing) await recordEvent(ctx, `job.outsourcing.${type}`, { ...outsourcing, jobId: job.id, ...extra });
}

export const outsourcingService = {
  /**
   * `offer`: the outsourcing is an offer of a round (offer-rounds.ts): on the portal, asking an
   * answer (pending), sent at `sentAt`. Answers the job and the new outsourcing's id.
   */
  async create(ctx: Ctx, jobId: string, input: OutsourcingInput & { supplier: string }, offer?: { roundId: string; sentAt: string }): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const columns = await commonColumns(ctx, input);
    const now = nowIso();
    const wanted = {
      supplier_id: columns.supplier_id!,
      service_id: columns.service_id ?? job.row.service_id,
      unit_id: columns.unit_id ?? job.row.unit_id,
      currency: columns.currency ?? job.row.currency,
      language_pair_id: columns.language_pair_id === undefined ? job.row.language_pair_id : columns.language_pair_id,
    };
    const { price, currency } = await newOutsourcingPrice(ctx, job, wanted, columns.currency !== undefined);
    const base = { ...wanted, currency };
    // Without a quantity, the job's: its match lines (with the supplier's rates) when it has matches.
    const copyMatches = input.quantity === undefined && isTrue(job.row.has_matches);
    const lines = copyMatches ? repriceLines(job.lines, price.entries, true) : linesOfPrice(price.entries);
    const row: OutsourcingRow = {
      id: newId(),
      account_id: ctx.accountId,
      job_id: jobId,
      ...base,
      name: columns.name ?? job.row.name,
      status: OUTSOURCING_STATUS.notStarted,
      quantity: input.quantity === undefined ? String(job.row.quantity) : toDecimalString(input.quantity),
      ...(priceColumns(price) as Pick<OutsourcingRow, 'unit_cost' | 'unit_cost_price_id' | 'unit_cost_price_type' | 'matches_type' | 'price_matches'>),
      has_matches: bool(copyMatches),
      discount: columns.discount ?? '0',
      extra_charge: '0',
      fixed_price: columns.fixed_price ?? null,
      start_date: columns.start_date === undefined ? job.row.start_date : columns.start_date,
      due_date:
        columns.due_date === undefined
          ? defaultDueDate(job.row.due_date, columns.start_date === undefined ? job.row.start_date : columns.start_date, now)
          : columns.due_date,
      delivery_date: null,
      amounts: '{}',
      created_at: now,
      updated_at: now,
      ...newPortalColumns(),
      offer_round_id: null,
      ...(offer === undefined
        ? {}
        : {
            offer_round_id: offer.roundId,
            portal_enabled: 1,
            portal_confirm: 1,
            portal_confirm_status: PORTAL_CONFIRM_STATUSES.pending,
            portal_sent_date: offer.sentAt,
          }),
    };
    if (input.unitCost !== undefined) row.unit_cost = roundRate(input.unitCost).toFixed();
    await repo.insert(ctx.db, row);
    await storeAmounts(ctx, row.id, jobId, lines);
    const answer = await changed(ctx, job);
    await outsourcingEvent(ctx, 'created', answer, row.id);
    return answer;
  },

  async update(ctx: Ctx, jobId: string, id: string, input: OutsourcingInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const current = await load(ctx, jobId, id);
    const changes = { ...(await commonColumns(ctx, input, current)), ...missingReference(current) };
    const next = { ...current, ...changes };
    let lines: Line[] | null = null;
    const currentLines = (await repo.lines(ctx.db, ctx.accountId, [id])).get(id) ?? [];
    // A new supplier, service, unit, pair or currency takes the supplier price again (as docs/jobs.md#update does for jobs).
    const criteria = ['supplier_id', 'service_id', 'unit_id', 'language_pair_id', 'currency'] as const;
    if (criteria.some((column) => next[column] !== current[column])) {
      const price = await supplierPrice(ctx, job, next);
      Object.assign(changes, priceColumns(price));
      lines = repriceLines(currentLines, price.entries, isTrue(current.has_matches));
    }
    if (input.quantity !== undefined) {
      changes.quantity = toDecimalString(input.quantity);
      changes.has_matches = 0;
      lines = (lines ?? currentLines).map((line) => ({ ...line, value: '0' }));
    }
    if (input.unitCost !== undefined) changes.unit_cost = roundRate(input.unitCost).toFixed();
    if (input.status !== undefined && input.status !== current.status) {
      changes.status = input.status;
      const now = nowIso();
      if (input.status === OUTSOURCING_STATUS.inProgress && current.start_date === null && input.startDate === undefined) changes.start_date = now;
      if (input.status === OUTSOURCING_STATUS.finished && current.delivery_date === null) changes.delivery_date = now;
    }
    changes.updated_at = nowIso();
    await repo.update(ctx.db, ctx.accountId, id, changes);
    await storeAmounts(ctx, id, jobId, lines);
    const answer = await changed(ctx, job);
    await outsourcingEvent(ctx, 'updated', answer, id);
    if (changes.status !== undefined) await outsourcingEvent(ctx, 'status_changed', answer, id, { previousStatus: current.status });
    return answer;
  },

  /**
   * CAT analysis import (docs/cat-analysis.md): the outsourcing's unit (a new one takes the supplier
   * price again) and its match lines with exact decimal quantities, rates from its price (the full
   * rate for a category the price lacks); quantity = their sum, hasMatches true.
   */
  async importMatches(
    ctx: Ctx,
    jobId: string,
    id: string,
    input: { unitId: string; matches: ReadonlyArray<{ id: string; value: string }>; catFileIds: readonly string[] },
  ): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const current = await load(ctx, jobId, id);
    const changes: Partial<OutsourcingRow> = { cat_file_ids: JSON.stringify(input.catFileIds), ...missingReference(current) };
    if (input.unitId !== current.unit_id) {
      changes.unit_id = (await masterData.reference(ctx, units, input.unitId, 'quantityType', current.unit_id)).id;
      Object.assign(changes, priceColumns(await supplierPrice(ctx, job, { ...current, ...changes })));
    }
    const next = { ...current, ...changes };
    const entries = new Map(parseEntries(next.price_matches).map((entry) => [entry.id, entry]));
    const known = new Set([...((await repo.lines(ctx.db, ctx.accountId, [id])).get(id) ?? []).map((line) => line.id), ...entries.keys()]);
    const lines: Line[] = [];
    // As on the job's price endpoint: a disabled category only when the outsourcing already has it.
    await masterData.referenceAll(
      ctx,
      matchCategories,
      input.matches.map((match, i) => ({ id: match.id, param: `matches[${i}][id]`, current: known.has(match.id) ? match.id : undefined })),
    );
    for (const match of input.matches) {
      const entry = entries.get(match.id);
      lines.push({ id: match.id, value: toDecimalString(match.value), entry: entry ? { unitCost: entry.unitCost, percentage: entry.percentage } : null });
    }
    Object.assign(changes, { quantity: sumOfLines(lines), has_matches: 1, updated_at: nowIso() });
    await repo.update(ctx.db, ctx.accountId, id, changes);
    await storeAmounts(ctx, id, jobId, lines);
    const answer = await changed(ctx, job);
    await outsourcingEvent(ctx, 'updated', answer, id);
    return answer;
  },

  /**
   * `GET /v2/jobs/:id/supplier-prices`: the supplier prices an outsourcing of the job would take
   * (the same resolution as `create`: the supplier, the job's client and domain, and the service,
   * unit, currency and pair given or else the job's), best first. The first is the one `create`
   * takes with the same values. Disabled records are accepted: a look-up, not a new reference.
   */
  async prices(ctx: Ctx, jobId: string, query: SupplierPricesFilters): Promise<ApplicablePrice[]> {
    const job = await jobs.get(ctx, jobId);
    const supplierId = await supplierParam(ctx, query.supplierId, 'supplierId');
    const lookUp = async (table: typeof services, id: string, param: string) => (await masterData.reference(ctx, table, id, param, id)).id;
    const serviceId = query.serviceId === undefined ? job.service.id : await lookUp(services, query.serviceId, 'serviceId');
    const unitId = query.quantityTypeId === undefined ? job.quantityType.id : await lookUp(units, query.quantityTypeId, 'quantityTypeId');
    let languagePairId = job.languagePair?.id ?? null;
    if (query.languagePairId !== undefined) {
      languagePairId =
        query.languagePairId === null ? null : (await languagePairs.reference(ctx, query.languagePairId, 'languagePairId', query.languagePairId)).id;
    }
    return applicablePrices.forSupplier(ctx, {
      supplierId,
      clientId: job.client.id,
      serviceId,
      unitId,
      currency: query.currency ?? job.currency.code,
      languagePairId,
      domainId: job.domain?.id ?? null,
    });
  },

  async remove(ctx: Ctx, jobId: string, id: string): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    await load(ctx, jobId, id);
    // The last state, for `job.outsourcing.deleted`.
    const before = await jobs.get(ctx, jobId);
    await repo.delete(ctx.db, ctx.accountId, id);
    const answer = await changed(ctx, job);
    await outsourcingEvent(ctx, 'deleted', before, id);
    return answer;
  },
};
