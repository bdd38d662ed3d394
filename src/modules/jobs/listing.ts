import { sql } from 'kysely';
import type { Ctx } from '../../core/context.js';
import { bool, containsPattern, likeEscaped } from '../../core/db/dialect.js';
import { toIsoDate } from '../../core/dates.js';
import { invalid } from '../../core/errors.js';
import { assertIdsExist } from '../../core/filter-ids.js';
import { paginateIds, rowCount, type Page, type PageRequest } from '../../core/pagination.js';
import { clients } from '../clients/index.js';
import { entityLabels } from '../labels/index.js';
import { languagePairs } from '../language-pairs/index.js';
import { masterData, services } from '../master-data/index.js';
import { jobsOutsourcedTo } from '../outsourcing-view/index.js';
import { users } from '../users/index.js';
import { JOB_ENTITY } from './assembly.js';
import { jobExtensions } from './extensions.js';
import { NO_DUE_DATE } from './repository.js';
import { JOB_STATUS } from './status.js';
import type { JobFilters } from './schemas.js';

/**
 * `GET /v2/jobs` (docs/reference.md): filters (values of one parameter OR'ed, parameters AND'ed)
 * and sorts, each served by an index on the account and the filtered column, followed by the
 * order (migrations 0004 and 0018).
 */
const SORT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name_key', dueDate: 'due_sort', status: 'status' };

/** Ids in filter parameters must be the account's (docs/reference.md#accounts-and-tenancy: 400, never an empty result). */
async function validateFilterIds(ctx: Ctx, filters: JobFilters): Promise<void> {
  if (filters.client?.length) await clients.references(ctx, filters.client, 'client');
  for (const id of filters.service ?? []) await masterData.reference(ctx, services, id, 'service', id);
  const check = async (ids: string[] | undefined, param: string, label: string, found: (ids: string[]) => Promise<Map<string, unknown>>) => {
    if (!ids?.length) return;
    const known = await found(ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw invalid(param, `no ${label} with id ${unknown}`);
  };
  await check(filters.languagePair, 'languagePair', 'language pair', (ids) => languagePairs.referencesByIds(ctx, ids));
  await check(filters.user, 'user', 'user', (ids) => users.referencesByIds(ctx, ids));
  await assertIdsExist(ctx, 'labels', filters.label, 'label', 'label');
  await assertIdsExist(ctx, 'suppliers', filters.supplier, 'supplier', 'supplier');
}

/** The group filter: jobs of a group come from the groups module; null means jobs in no group. */
async function groupJobIds(ctx: Ctx, groupId: string): Promise<string[]> {
  for (const extension of jobExtensions.list()) {
    if (!extension.jobsOfGroup) continue;
    const ids = await extension.jobsOfGroup(ctx, groupId);
    if (ids !== null) return ids;
  }
  throw invalid('group', `no group with id ${groupId}`);
}

export async function pageOfJobs(ctx: Ctx, filters: JobFilters): Promise<Page<string>> {
  await validateFilterIds(ctx, filters);
  const unfiltered = ctx.db.selectFrom('jobs').where('jobs.account_id', '=', ctx.accountId);
  let query = unfiltered;
  if (filters.status?.length) query = query.where('jobs.status', 'in', filters.status);
  if (filters.client?.length) query = query.where('jobs.client_id', 'in', filters.client);
  if (filters.service?.length) query = query.where('jobs.service_id', 'in', filters.service);
  if (filters.languagePair?.length) query = query.where('jobs.language_pair_id', 'in', filters.languagePair);
  if (filters.user?.length) query = query.where('jobs.user_id', 'in', filters.user);
  if (filters.supplier?.length) query = query.where('jobs.id', 'in', jobsOutsourcedTo(ctx, filters.supplier));
  if (filters.group === null) query = query.where('jobs.group_id', 'is', null);
  if (filters.group) {
    const ids = await groupJobIds(ctx, filters.group);
    query = ids.length > 0 ? query.where('jobs.id', 'in', ids) : query.where(sql<boolean>`1 = 0`);
  }
  if (filters.archive !== undefined) query = query.where('jobs.archive', '=', bool(filters.archive));
  if (filters.pinned !== undefined) query = query.where('jobs.pinned', '=', bool(filters.pinned));
  if (filters.nonBillable !== undefined) query = query.where('jobs.non_billable', '=', bool(filters.nonBillable));
  // A job on a live invoice is always in status 4 (docs/documents.md#rules: the invoice moves it there, and it
  // cannot leave 4 while on one): the status index serves the filter, no look-up of the invoices needed.
  if (filters.invoiced !== undefined) query = query.where('jobs.status', filters.invoiced ? '=' : '<>', JOB_STATUS.invoiced);
  const q = filters.q?.trim();
  if (q) query = query.where(likeEscaped(sql.ref('jobs.search_text'), containsPattern(q)));
  // due_sort is the due date, or a sentinel after every date: the due-date index serves both bounds.
  if (filters.dueBefore !== undefined) query = query.where('jobs.due_sort', '<', toIsoDate(filters.dueBefore));
  if (filters.dueAfter !== undefined) query = query.where('jobs.due_sort', '>', toIsoDate(filters.dueAfter)).where('jobs.due_sort', '<>', NO_DUE_DATE);
  if (filters.updatedSince !== undefined) query = query.where('jobs.updated_at', '>=', toIsoDate(filters.updatedSince));
  if (filters.label?.length) return pageWithLabels(ctx, query, filters, filters.label, query !== unfiltered);
  // Without filters the total is the account's row count, kept by triggers (migration 0012).
  const total = query === unfiltered ? () => rowCount(ctx, 'jobs') : undefined;
  return paginateIds(query, 'jobs', filters, SORT_COLUMNS, total);
}

/**
 * Shares of the account's jobs under which the labels' attachments are few enough to start from
 * them: for the page, and for the count when other filters apply (measured at 100 000 jobs,
 * docs/jobs.md#listing).
 */
const FEW_FOR_PAGE = 1 / 20;
const FEW_FOR_COUNT = 1 / 10;

type JobQuery = Parameters<typeof paginateIds<'jobs'>>[0];

/**
 * The label filter (jobs carrying any of the labels) as a semi-join started from the side that
 * reads less, which SQLite's planner cannot tell (it always starts from the labels):
 * - from the labels: the labels' index (`entity_labels_label`), then each attached job by id. The
 *   count alone needs nothing else (`jobs_group_of` covers id and account); a page, or a count with
 *   other filters, reads each attached job's row: the cost grows with the attachments;
 * - from the jobs: the index of the order (or of another filter), probing each job's attachments
 *   by primary key (entity type, id, label), index only. The count walks every job the other
 *   filters let through; a page stops after about pageSize × (jobs / matches) entries, half the
 *   jobs at most for a page in the middle (pages past it are read from the other end).
 */
async function pageWithLabels(ctx: Ctx, query: JobQuery, filters: JobFilters, labelIds: string[], otherFilters: boolean): Promise<Page<string>> {
  const [attached, jobs] = await Promise.all([entityLabels.countAttached(ctx, JOB_ENTITY, labelIds), rowCount(ctx, 'jobs')]);
  const fromLabels = query.where('jobs.id', 'in', entityLabels.entityIdsWithLabels(ctx, JOB_ENTITY, labelIds));
  const fromJobs = query.where(entityLabels.carriesAnyLabel(JOB_ENTITY, 'jobs.id', labelIds));
  // An export's walk counts nothing (core/pagination.ts).
  if ((filters as PageRequest).walk) return paginateIds(attached < jobs * FEW_FOR_PAGE ? fromLabels : fromJobs, 'jobs', filters, SORT_COLUMNS);
  const counted = !otherFilters || attached < jobs * FEW_FOR_COUNT ? fromLabels : fromJobs;
  const total = Number(
    (
      await counted
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  return paginateIds(attached < jobs * FEW_FOR_PAGE ? fromLabels : fromJobs, 'jobs', filters, SORT_COLUMNS, () => Promise.resolve(total));
}
