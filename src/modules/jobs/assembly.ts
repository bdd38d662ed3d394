import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { nullWhenEmpty } from '../../core/text.js';
import { currency } from '../../core/money.js';
import { basisNeedsRates, jobBasis, shownProfitability, type JobEstimation, type OutsourcingItem, type RateLookup } from '../estimation/index.js';
import { jobDay } from '../exchange-rates/index.js';
import { entityLabels, type Label } from '../labels/index.js';
import { languagePairs, type LanguagePairReference } from '../language-pairs/index.js';
import { outsourcingOfJobs, type OutsourcingObject } from '../outsourcing-view/index.js';
import { defaultParts, loadParts, type JobParts } from './extensions.js';
import { estimationView } from './estimation-view.js';
import { accountRates } from './profitability.js';
import { catFileIds, lineView, priceReference, type NamedLine } from '../price-lines/index.js';
import { jobRepository as repo, type JobRowWithNames } from './repository.js';
import type { JobObject } from './schemas.js';

/**
 * Full job objects for a page of jobs, in a constant number of queries whatever the page size:
 * the rows with their references' names, the match lines, the outsourcing (rows, lines, pairs),
 * the language pairs, the labels, the account's target margin, and one query per registered
 * extension (trackers, files, notes, group). The stored estimation is only formatted.
 */
export const JOB_ENTITY = 'job';

/** What a job object is made of besides its row. */
export interface Loaded {
  lines: NamedLine[];
  outsourcing: OutsourcingObject[];
  /** The same outsourcing as inputs of the job's estimation. */
  outsourcingItems: OutsourcingItem[];
  pair: LanguagePairReference | undefined;
  labels: Label[];
  parts: JobParts;
  targetMargin: string;
}

const num = (value: string | number) => Number(value);

/** True when showing this stored estimation needs the account's exchange rates (accountRates). */
export function needsRates(row: Pick<JobRowWithNames, 'due_date' | 'created_at'>, stored: JobEstimation): boolean {
  return basisNeedsRates(jobBasis(stored, jobDay(row)));
}

/**
 * The job object; `estimation` when the caller holds it already, else the stored one (parsed);
 * `rates` (the account's) when needsRates says so.
 */
export function toJob(row: JobRowWithNames, loaded: Loaded, estimation?: JobEstimation, rates?: RateLookup): JobObject {
  const service = { id: row.service_id, name: row.service_name };
  const quantityType = { id: row.unit_id, name: row.unit_name };
  const stored = estimation ?? (JSON.parse(row.estimation) as JobEstimation);
  const supplierNames = new Map(loaded.outsourcing.map((item) => [item.supplier.id, item.supplier.name]));
  const profitability = shownProfitability(stored.profitability, jobBasis(stored, jobDay(row)), loaded.targetMargin, rates);
  const view = estimationView(stored, { service, quantityType, supplierNames, profitability });
  const unitCost = String(row.unit_cost);
  const unitCostReference = priceReference(row.unit_cost_price_id, row.unit_cost_price_type);
  const timeBasedReference = priceReference(row.time_based_price_id, row.time_based_price_type);
  return {
    id: row.id,
    object: 'job',
    number: row.number ?? null,
    name: row.name,
    additionalInfo: row.additional_info,
    applyMinimumFee: isTrue(row.apply_minimum_fee),
    archive: isTrue(row.archive),
    client: { id: row.client_id, name: row.client_name },
    currency: currency(row.currency),
    deliveryDate: row.delivery_date,
    discount: num(row.discount),
    domain: row.domain_id === null ? null : { id: row.domain_id, name: row.domain_name ?? '' },
    dueDate: row.due_date,
    estimation: view,
    externalReference: nullWhenEmpty(row.external_reference),
    extraCharge: { amount: view.details.extraCharge.amount, percentage: num(row.extra_charge), type: 'percentage' },
    files: loaded.parts.files,
    fixedPrice: { amount: row.fixed_price === null ? null : num(row.fixed_price), currency: currency(row.currency) },
    group: loaded.parts.group,
    isV2: true,
    labels: loaded.labels,
    ...(loaded.pair ? { languagePair: loaded.pair } : {}),
    nonBillable: isTrue(row.non_billable),
    notes: loaded.parts.notes,
    outsourcing: loaded.outsourcing,
    pinned: isTrue(row.pinned),
    progress: num(row.progress),
    projectManager: row.project_manager_id === null ? null : { id: row.project_manager_id, name: row.project_manager_name ?? '' },
    purchaseOrder: nullWhenEmpty(row.purchase_order),
    quantity: {
      catFile: { fileIds: catFileIds(row.cat_file_ids) },
      hasMatches: isTrue(row.has_matches),
      matches: loaded.lines.map((line) => lineView(row.matches_type, unitCost, line)),
      matchesType: row.matches_type,
      timeBasedUnitCost: num(row.time_based_unit_cost),
      ...(timeBasedReference ? { timeBasedUnitCostPriceReference: timeBasedReference } : {}),
      unitCost: num(unitCost),
      ...(unitCostReference ? { unitCostPriceReference: unitCostReference } : {}),
      value: num(row.quantity),
    },
    quantityType,
    service,
    startDate: row.start_date,
    status: row.status,
    timeBasedInvoice: isTrue(row.time_based_invoice),
    timeTrackers: loaded.parts.timeTrackers,
    user: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The rows (with names) of some ids of the caller's account and what their objects are made of
 * (unknown ids are left out). `created`: the jobs were inserted by the caller's transaction, so
 * nothing can reference them yet (no outsourcing, labels, notes, files, trackers or group): those
 * are their defaults, not read (nine statements of a new job's eighteen). `known`: the row and the
 * lines of the one job, as the job store is about to write them (store.ts), and its language
 * pair when the caller has it: not read.
 */
export async function readJobs(
  ctx: Ctx,
  ids: readonly string[],
  { created = false, known }: { created?: boolean; known?: { row: JobRowWithNames; lines: NamedLine[]; pair?: LanguagePairReference | null } } = {},
): Promise<Array<{ row: JobRowWithNames; loaded: Loaded }>> {
  const rows = known ? [known.row] : await repo.findManyWithNames(ctx.db, ctx.accountId, ids);
  if (rows.length === 0) return [];
  const rowIds = rows.map((row) => row.id);
  const knownPair = known?.pair && known.pair.id === known.row.language_pair_id ? known.pair : undefined;
  const pairIds = knownPair ? [] : rows.flatMap((row) => (row.language_pair_id ? [row.language_pair_id] : []));
  // Independent reads, sent together: on PostgreSQL they overlap over the pool (on SQLite they
  // run one after another anyway).
  const [lines, outsourcing, pairs, labels, parts, account] = await Promise.all([
    known ? new Map([[known.row.id, known.lines]]) : repo.lines(ctx.db, ctx.accountId, rowIds),
    created ? new Map<string, never[]>() : outsourcingOfJobs.objects(ctx, rowIds),
    pairIds.length > 0 ? languagePairs.referencesByIds(ctx, pairIds) : new Map<string, LanguagePairReference>(),
    created ? new Map<string, Label[]>() : entityLabels.listFor(ctx, JOB_ENTITY, rowIds),
    created ? new Map(rowIds.map((id) => [id, defaultParts()])) : loadParts(ctx, rowIds),
    repo.account(ctx.db, ctx.accountId),
  ]);
  const targetMargin = account?.target_margin ?? '0.3';
  return rows.map((row) => ({
    row,
    loaded: {
      lines: lines.get(row.id) ?? [],
      outsourcing: (outsourcing.get(row.id) ?? []).map(({ object }) => object),
      outsourcingItems: (outsourcing.get(row.id) ?? []).map(({ item }) => item),
      pair: row.language_pair_id === null ? undefined : (knownPair ?? pairs.get(row.language_pair_id)),
      labels: labels.get(row.id) ?? [],
      parts: parts.get(row.id)!,
      targetMargin,
    },
  }));
}

/** The job objects of some ids of the caller's account (unknown ids are left out), by id. */
export async function loadJobs(ctx: Ctx, ids: readonly string[]): Promise<Map<string, JobObject>> {
  const read = (await readJobs(ctx, ids)).map((job) => ({ ...job, stored: JSON.parse(job.row.estimation) as JobEstimation }));
  // The account's rates only when a job is in several currencies (docs/estimation.md#6-profitability-and-performance).
  const rates = read.some(({ row, stored }) => needsRates(row, stored)) ? await accountRates(ctx) : undefined;
  return new Map(read.map(({ row, loaded, stored }) => [row.id, toJob(row, loaded, stored, rates)]));
}
