import type { Ctx } from '../../core/context.js';
import { bool, isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { notFound } from '../../core/errors.js';
import { roundRate, toDecimalString } from '../../core/money.js';
import { languagePairs } from '../language-pairs/index.js';
import { domains, masterData, matchCategories, services, units } from '../master-data/index.js';
import type { ApplicablePrice } from '../prices/index.js';
import { linesFromParams, linesOfPrice, nameLines, parseEntries, repriceLines, sumOfLines, type Line, type StoredLine } from '../price-lines/index.js';
import { criteriaOf, pricesFor, pricingColumns, resolvePricing, type JobCriteria } from './pricing.js';
import { jobRepository as repo, type JobRow } from './repository.js';
import type { JobObject, JobPricesFilters, UpdateJobPriceInput } from './schemas.js';
import { jobStore } from './store.js';

/** `PUT /v2/jobs/:id/price` (docs/jobs.md#the-price-endpoint) and `GET /v2/jobs/:id/prices` (docs/prices.md#which-price-applies). */
export const jobPricing = {
  /**
   * Edits the pricing of a job. Order: a new currency takes the price again (in that currency),
   * then `unitCost`, `matchesType`, and the `matches` (whose rates use the final unit cost and
   * mode); then the other parameters.
   */
  async update(ctx: Ctx, id: string, input: UpdateJobPriceInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, id);
    const current = job.row;
    const changes: Partial<JobRow> = {};
    let lines: Line[] | null = null;
    const stored = job.lines as StoredLine[];
    let frozen = parseEntries(current.price_matches);
    // The categories' names of the lines to store, for the answer (those of the job's lines and of the others sent).
    const names = new Map(stored.map((line) => [line.id, line.name]));
    let unitCost = String(current.unit_cost);
    let matchesType = current.matches_type;
    let hasMatches = isTrue(current.has_matches);

    if (input.currency !== undefined && input.currency !== current.currency) {
      const pricing = await resolvePricing(ctx, { ...criteriaOf(current), currency: input.currency });
      Object.assign(changes, pricingColumns(pricing), { currency: input.currency });
      frozen = pricing.main.entries;
      for (const [categoryId, name] of pricing.main.names) names.set(categoryId, name);
      unitCost = pricing.main.unitCost;
      matchesType = pricing.main.matchesType;
      lines = repriceLines(stored, frozen, hasMatches);
    }
    if (input.unitCost !== undefined) unitCost = changes.unit_cost = roundRate(input.unitCost).toFixed();
    if (input.matchesType !== undefined) matchesType = changes.matches_type = input.matchesType;
    if (input.matches !== undefined) {
      // A category must be the account's; a disabled one only when the job already has it. The
      // categories of the job's own lines pass both (their rows reference them): only the others
      // are looked up, so that editing the values of the job's lines reads no category.
      const onLines = new Set(stored.map((line) => line.id));
      const known = new Set([...onLines, ...frozen.map((entry) => entry.id)]);
      const others = input.matches.flatMap((match, i) =>
        onLines.has(match.id) ? [] : [{ id: match.id, param: `matches[${i}][id]`, current: known.has(match.id) ? match.id : undefined }],
      );
      if (others.length > 0) for (const ref of await masterData.referenceAll(ctx, matchCategories, others)) names.set(ref.id, ref.name);
      if (input.matches.length === 0) {
        hasMatches = false;
        lines = linesOfPrice(frozen);
      } else {
        hasMatches = true;
        lines = linesFromParams(input.matches, matchesType, unitCost, frozen);
        changes.quantity = sumOfLines(lines);
      }
      changes.has_matches = bool(hasMatches);
    }
    if (input.discount !== undefined) changes.discount = toDecimalString(input.discount);
    if (input.extraCharge !== undefined) changes.extra_charge = toDecimalString(input.extraCharge);
    if (input.fixedPrice !== undefined) changes.fixed_price = input.fixedPrice === null ? null : toDecimalString(input.fixedPrice);
    if (input.applyMinimumFee !== undefined) changes.apply_minimum_fee = bool(input.applyMinimumFee);
    if (input.timeBasedInvoice !== undefined) changes.time_based_invoice = bool(input.timeBasedInvoice);
    if (input.nonBillable !== undefined) changes.non_billable = bool(input.nonBillable);
    changes.updated_at = nowIso();
    Object.assign(job.row, changes);
    // A line of the job's frozen price whose category is on none of its lines has no name at hand: the store reads it back.
    if (lines !== null) job.lines = nameLines(lines, names) ?? lines;
    return jobStore.save(ctx, job);
  },

  /** The applicable prices of the job (docs/prices.md#which-price-applies), each query parameter replacing the job's value. */
  async prices(ctx: Ctx, id: string, query: JobPricesFilters): Promise<ApplicablePrice[]> {
    const row = await repo.find(ctx.db, ctx.accountId, id);
    if (!row) throw notFound('job', id);
    // Disabled records are valid here: the listing only looks prices up.
    const criteria: JobCriteria = { ...criteriaOf(row) };
    if (query.currency !== undefined) criteria.currency = query.currency;
    if (query.serviceId !== undefined) criteria.serviceId = (await masterData.reference(ctx, services, query.serviceId, 'serviceId', query.serviceId)).id;
    if (query.quantityTypeId !== undefined) {
      criteria.unitId = (await masterData.reference(ctx, units, query.quantityTypeId, 'quantityTypeId', query.quantityTypeId)).id;
    }
    if (query.languagePairId !== undefined) {
      criteria.languagePairId =
        query.languagePairId === null ? null : (await languagePairs.reference(ctx, query.languagePairId, 'languagePairId', query.languagePairId)).id;
    }
    if (query.domainId !== undefined) {
      criteria.domainId = query.domainId === null ? null : (await masterData.reference(ctx, domains, query.domainId, 'domainId', query.domainId)).id;
    }
    return pricesFor(ctx, criteria, query.isTimeBased === true);
  },
};
