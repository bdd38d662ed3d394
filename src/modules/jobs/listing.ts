import { sql } from 'kysely';
import type { Ctx } from '../../core/context.js';
import { bool, containsPattern, likeEscaped } from '../../core/db/dialect.js';
import { toIsoDate } from '../../core/dates.js';
import { invalid } from '../../core/errors.js';
import { paginateIds, rowCount, type Page } from '../../core/pagination.js';
import { clients } from '../clients/index.js';
import { languagePairs } from '../language-pairs/index.js';
import { masterData, services } from '../master-data/index.js';
import { users } from '../users/index.js';
import { jobExtensions } from './extensions.js';
import { NO_DUE_DATE } from './repository.js';
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
  if (filters.group === null) query = query.where('jobs.group_id', 'is', null);
  if (filters.group) {
    const ids = await groupJobIds(ctx, filters.group);
    query = ids.length > 0 ? query.where('jobs.id', 'in', ids) : query.where(sql<boolean>`1 = 0`);
  }
  if (filters.archive !== undefined) query = query.where('jobs.archive', '=', bool(filters.archive));
  if (filters.pinned !== undefined) query = query.where('jobs.pinned', '=', bool(filters.pinned));
  if (filters.nonBillable !== undefined) query = query.where('jobs.non_billable', '=', bool(filters.nonBillable));
  const q = filters.q?.trim();
  if (q) query = query.where(likeEscaped(sql.ref('jobs.search_text'), containsPattern(q)));
  // due_sort is the due date, or a sentinel after every date: the due-date index serves both bounds.
  if (filters.dueBefore !== undefined) query = query.where('jobs.due_sort', '<', toIsoDate(filters.dueBefore));
  if (filters.dueAfter !== undefined) query = query.where('jobs.due_sort', '>', toIsoDate(filters.dueAfter)).where('jobs.due_sort', '<>', NO_DUE_DATE);
  if (filters.updatedSince !== undefined) query = query.where('jobs.updated_at', '>=', toIsoDate(filters.updatedSince));
  // Without filters the total is the account's row count, kept by triggers (migration 0012).
  const total = query === unfiltered ? () => rowCount(ctx, 'jobs') : undefined;
  return paginateIds(query, 'jobs', filters, SORT_COLUMNS, total);
}
