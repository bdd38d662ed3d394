import type { Ctx } from '../../core/context.js';
import { bool, isForeignKeyViolation, isTrue } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { ApiError, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { toDecimalString } from '../../core/money.js';
import { withItems, type Page } from '../../core/pagination.js';
import { clients } from '../clients/index.js';
import { entityLabels } from '../labels/index.js';
import { languagePairs } from '../language-pairs/index.js';
import { domains, masterData, services, units } from '../master-data/index.js';
import { users } from '../users/index.js';
import { loadJobs, JOB_ENTITY } from './assembly.js';
import { newJobDraft } from './draft.js';
import { jobExportColumns, jobExportPage } from './export.js';
import { jobExtensions } from './extensions.js';
import { repriceLines } from '../price-lines/index.js';
import { pageOfJobs } from './listing.js';
import { criteriaOf, pricingColumns, resolvePricing } from './pricing.js';
import { jobRepository as repo, NO_DUE_DATE, type JobRow } from './repository.js';
import type { CreateJobInput, JobFilters, JobObject, UpdateJobInput } from './schemas.js';
import { JOB_STATUS, assertTransition, sideEffects } from './status.js';
import { jobStore, type StoredJob } from './store.js';
import { nextJobNumber } from './numbering.js';
import { jobViews } from './views.js';

/** Jobs (docs/jobs.md): create, read, update, delete; pricing in pricing.ts, the price endpoint in price-service.ts, writes in store.ts. */

// The number last: migration 0037 appended it to the search text of the jobs it numbered.
const searchText = (row: Pick<JobRow, 'name' | 'external_reference' | 'purchase_order' | 'number'>) =>
  [row.name, row.external_reference, row.purchase_order, row.number ?? '']
    .filter((part) => part !== '')
    .join('\n')
    .toLowerCase();

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('name', 'must not be empty');
  return trimmed;
}

const date = (value: string | null) => (value === null ? null : toIsoDate(value));
const text = (value: string | null) => (value === null ? '' : value.trim());

export const jobs = {
  async get(ctx: Ctx, id: string): Promise<JobObject> {
    const job = (await loadJobs(ctx, [id])).get(id);
    if (!job) throw notFound('job', id);
    return job;
  },

  /** A page of jobs as JSON, each from the job view cache when it is current (views.ts). */
  async listJson(ctx: Ctx, filters: JobFilters): Promise<Page<Buffer>> {
    return withItems(await pageOfJobs(ctx, filters), (ids) => jobViews.json(ctx, ids));
  },

  /** A step of the jobs CSV export: each job as its row of cells (export.ts). */
  exportPage: jobExportPage,

  /** The columns of the caller's jobs CSV export (export.ts). */
  exportColumns: jobExportColumns,

  /** A job as JSON, from the job view cache when it is current (views.ts). */
  async getJson(ctx: Ctx, id: string): Promise<Buffer> {
    const json = (await jobViews.json(ctx, [id])).get(id);
    if (json === undefined) throw notFound('job', id);
    return json;
  },

  /** Full objects of several jobs of the caller, by id (for other modules: groups, documents). */
  getMany: loadJobs,

  async create(ctx: Ctx, input: CreateJobInput): Promise<JobObject> {
    const job = await newJobDraft(ctx, input);
    const row = job.row;
    row.name = cleanName(input.name);
    row.name_key = row.name.toLowerCase();
    row.number = await nextJobNumber(ctx, row.created_at);
    row.search_text = searchText(row);
    // As authenticated for this request (the CLI and tests have no name at hand: read).
    row.user_name = ctx.userName ?? (await users.caller(ctx)).name;
    return jobStore.save(ctx, jobStore.create(job));
  },

  async update(ctx: Ctx, id: string, input: UpdateJobInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, id);
    const current = job.row;
    const changes: Partial<JobRow> = {};
    const now = nowIso();
    if (input.name !== undefined) changes.name = cleanName(input.name);
    if (input.additionalInfo !== undefined) changes.additional_info = input.additionalInfo;
    if (input.archive !== undefined) changes.archive = bool(input.archive);
    if (input.pinned !== undefined) changes.pinned = bool(input.pinned);
    if (input.client !== undefined) changes.client_id = (await clients.references(ctx, [input.client], 'client'))[0]!.id;
    if (changes.client_id !== undefined && changes.client_id !== current.client_id) {
      for (const extension of jobExtensions.list())
        await extension.beforeClientChange?.(ctx, { ...current, group_id: current.group_id ?? null }, changes.client_id);
    }
    if (input.service !== undefined) changes.service_id = (await masterData.reference(ctx, services, input.service, 'service', current.service_id)).id;
    if (input.quantityType !== undefined) changes.unit_id = (await masterData.reference(ctx, units, input.quantityType, 'quantityType', current.unit_id)).id;
    if (input.domain !== undefined) {
      changes.domain_id = input.domain === null ? null : (await masterData.reference(ctx, domains, input.domain, 'domain', current.domain_id)).id;
    }
    if (input.languagePair !== undefined) {
      changes.language_pair_id =
        input.languagePair === null ? null : (await languagePairs.reference(ctx, input.languagePair, 'languagePair', current.language_pair_id)).id;
    }
    if (input.owner !== undefined) changes.user_id = (await users.reference(ctx, input.owner, 'owner')).id;
    if (input.projectManager !== undefined) {
      changes.project_manager_id = input.projectManager === null ? null : (await users.reference(ctx, input.projectManager, 'projectManager')).id;
    }
    if (input.externalReference !== undefined) changes.external_reference = text(input.externalReference);
    if (input.purchaseOrder !== undefined) changes.purchase_order = text(input.purchaseOrder);
    if (input.dueDate !== undefined) {
      changes.due_date = date(input.dueDate);
      changes.due_sort = changes.due_date ?? NO_DUE_DATE;
    }
    if (input.startDate !== undefined) changes.start_date = date(input.startDate);
    if (input.deliveryDate !== undefined) changes.delivery_date = date(input.deliveryDate);
    if (input.progress !== undefined) changes.progress = toDecimalString(input.progress);
    if (input.status !== undefined && input.status !== current.status) {
      assertTransition(current.status, input.status);
      for (const extension of jobExtensions.list()) await extension.beforeStatusChange?.(ctx, current, input.status);
      changes.status = input.status;
      const sent = { progress: input.progress !== undefined, deliveryDate: input.deliveryDate !== undefined, startDate: input.startDate !== undefined };
      Object.assign(changes, sideEffects(current.status, input.status, current, sent, now));
    }

    const next = { ...current, ...changes };
    let lines: StoredJob['lines'] | null = null;
    // docs/jobs.md#update: a new client, service, unit, language pair or domain takes the price again.
    const criteria = ['client_id', 'service_id', 'unit_id', 'language_pair_id', 'domain_id'] as const;
    if (criteria.some((column) => next[column] !== current[column])) {
      const pricing = await resolvePricing(ctx, criteriaOf(next));
      Object.assign(changes, pricingColumns(pricing));
      lines = repriceLines(job.lines, pricing.main.entries, isTrue(current.has_matches));
    }
    if (input.quantity !== undefined) {
      // A plain quantity replaces the match lines' quantities.
      changes.quantity = toDecimalString(input.quantity);
      changes.has_matches = 0;
      // The categories keep their names (none for a line of a price taken again above).
      lines = (lines ?? job.lines).map((line) => ({ ...line, value: '0' }));
    }
    if (changes.name !== undefined) changes.name_key = changes.name.toLowerCase();
    changes.search_text = searchText({ ...current, ...changes });
    changes.updated_at = now;
    Object.assign(job.row, changes);
    if (lines !== null) job.lines = lines;
    return jobStore.save(ctx, job);
  },

  /** docs/jobs.md#delete: 204; 409 while invoiced (or on a quote or invoice); its own parts go with it. */
  async remove(ctx: Ctx, id: string): Promise<void> {
    const row = await jobStore.lock(ctx, id);
    if (row.status === JOB_STATUS.invoiced) {
      throw new ApiError('resource_in_use', `Job "${row.name}" is invoiced and cannot be deleted; archive it instead`);
    }
    for (const extension of jobExtensions.list()) await extension.beforeDelete?.(ctx, row);
    const job = await jobs.get(ctx, id);
    await entityLabels.removeAll(ctx, JOB_ENTITY, id);
    for (const extension of jobExtensions.list()) await extension.deleteParts?.(ctx, id);
    try {
      await repo.delete(ctx.db, ctx.accountId, id);
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new ApiError('resource_in_use', `Job "${row.name}" is still referenced by other records and cannot be deleted; archive it instead`);
      throw error;
    }
    await recordEvent(ctx, 'job.deleted', job);
  },

  /**
   * The estimation of jobs depends on their client's minimum fee and currency (docs/estimation.md#3-minimum-fee-and-non-billable): the
   * clients module calls this when they change. Jobs whose estimation changed record `job.updated`.
   */
  async recomputeForClient(ctx: Ctx, clientId: string): Promise<void> {
    await jobStore.recompute(ctx, await repo.idsOfClient(ctx.db, ctx.accountId, clientId));
  },
};
