import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { currency } from '../../core/money.js';
import { applicablePrices } from '../prices/index.js';
import { jobs } from '../jobs/index.js';
import { supplierCandidates } from '../suppliers/index.js';
import type { SupplierCandidatesObject } from './schemas.js';

/** How many suppliers a job's candidates list holds at most (each is priced: one price look-up per supplier). */
export const CANDIDATES_LIMIT = 50;

/**
 * `GET /v2/jobs/:id/supplier-candidates` (docs/jobs.md#supplier-candidates): the account's suppliers who
 * work in the job's language pair or have its service, each with the supplier price an
 * outsourcing of the job would take (the same look-up as `POST …/outsourcing`, in the job's
 * currency), their rating and whether an unavailability overlaps the job's period. Ranked: both
 * matches before one, available before not, higher rating, lower price, then name.
 */
export async function candidatesForJob(ctx: Ctx, jobId: string): Promise<SupplierCandidatesObject> {
  const job = await jobs.get(ctx, jobId);
  const from = job.startDate ?? nowIso();
  // Without a due date the period is its first moment: is the supplier free to start?
  const to = job.dueDate !== null && job.dueDate > from ? job.dueDate : from;
  const rows = await supplierCandidates(ctx, {
    languagePairId: job.languagePair?.id ?? null,
    serviceId: job.service.id,
    from,
    to,
    limit: CANDIDATES_LIMIT,
  });
  const items: SupplierCandidatesObject['items'] = [];
  for (const row of rows) {
    const [price] = await applicablePrices.forSupplier(ctx, {
      supplierId: row.id,
      clientId: job.client.id,
      serviceId: job.service.id,
      unitId: job.quantityType.id,
      currency: job.currency.code,
      languagePairId: job.languagePair?.id ?? null,
      domainId: job.domain?.id ?? null,
    });
    items.push({
      supplier: { id: row.id, name: row.name },
      rating: row.rating,
      hasLanguagePair: row.hasLanguagePair,
      hasService: row.hasService,
      price: price ? { unitCost: price.unitCost, currency: currency(job.currency.code), type: price.type } : null,
      available: row.unavailabilities.length === 0,
      unavailabilities: row.unavailabilities,
    });
  }
  items.sort(compareCandidates);
  return { object: 'supplier_candidates', period: { from, to }, items };
}

type Candidate = SupplierCandidatesObject['items'][number];
const matches = (item: Candidate) => (item.hasLanguagePair === true ? 1 : 0) + (item.hasService ? 1 : 0);

/** The ranking of docs/jobs.md#supplier-candidates (pure). */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    matches(b) - matches(a) ||
    Number(b.available) - Number(a.available) ||
    (b.rating ?? -1) - (a.rating ?? -1) ||
    (a.price?.unitCost ?? Infinity) - (b.price?.unitCost ?? Infinity) ||
    a.supplier.name.localeCompare(b.supplier.name, 'en') ||
    (a.supplier.id < b.supplier.id ? -1 : 1)
  );
}
