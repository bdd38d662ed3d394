import { sql } from 'kysely';
import type { Ctx } from '../../core/context.js';
import { bool, containsPattern, likeEscaped } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { ApiError, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { toDecimalString } from '../../core/money.js';
import { paginateIds, withItems, type Page } from '../../core/pagination.js';
import { clients } from '../clients/index.js';
import { entityLabels } from '../labels/index.js';
import { domains, masterData } from '../master-data/index.js';
import { jobs, jobStore, JOB_STATUS } from '../jobs/index.js';
import { notes } from '../notes/index.js';
import { GROUP_ENTITY, loadGroups } from './assembly.js';
import { groupViews } from './views.js';
import { assertClientFits } from './client-rule.js';
import { derivedColumns, refreshGroup } from './derive.js';
import { groupExtensions } from './extensions.js';
import { groupRepository as repo, NO_DUE_DATE, type GroupRow } from './repository.js';
import type { CreateGroupInput, GroupFilters, GroupObject, UpdateGroupInput } from './schemas.js';

/** Groups (docs/groups.md): CRUD, adding and removing jobs, keeping the derived values current. */
const SORT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name_key', dueDate: 'due_sort', status: 'status' };

const searchText = (row: Pick<GroupRow, 'name' | 'external_reference' | 'purchase_order'>) =>
  [row.name, row.external_reference, row.purchase_order]
    .filter((part) => part !== '')
    .join('\n')
    .toLowerCase();
const text = (value: string | null | undefined) => (value === null || value === undefined ? '' : value.trim());
const date = (value: string | null | undefined) => (value === null || value === undefined ? null : toIsoDate(value));

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('name', 'must not be empty');
  return trimmed;
}

async function lockGroup(ctx: Ctx, id: string, deleting = false): Promise<GroupRow> {
  const row = await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, id, deleting);
  if (!row) throw notFound('group', id);
  return row;
}

async function changedEvent(ctx: Ctx, id: string): Promise<GroupObject> {
  const group = await groups.get(ctx, id);
  await recordEvent(ctx, 'group.updated', group);
  return group;
}

async function jobEvents(ctx: Ctx, jobIds: readonly string[]): Promise<void> {
  const loaded = await jobs.getMany(ctx, jobIds);
  for (const id of jobIds) {
    const job = loaded.get(id);
    if (job) await recordEvent(ctx, 'job.updated', job);
  }
}

export const groups = {
  /** A page of groups as JSON, each from the group view cache when it is current (views.ts). */
  async listJson(ctx: Ctx, filters: GroupFilters): Promise<Page<Buffer>> {
    if (filters.client?.length) await clients.references(ctx, filters.client, 'client');
    let query = ctx.db.selectFrom('groups').where('groups.account_id', '=', ctx.accountId);
    if (filters.status?.length) query = query.where('groups.status', 'in', filters.status);
    if (filters.client?.length) query = query.where('groups.client_id', 'in', filters.client);
    if (filters.archived !== undefined) query = query.where('groups.archived', '=', bool(filters.archived));
    if (filters.pinned !== undefined) query = query.where('groups.pinned', '=', bool(filters.pinned));
    const q = filters.q?.trim();
    if (q) query = query.where(likeEscaped(sql.ref('groups.search_text'), containsPattern(q)));
    if (filters.updatedSince !== undefined) query = query.where('groups.updated_at', '>=', toIsoDate(filters.updatedSince));
    return withItems(await paginateIds(query, 'groups', filters, SORT_COLUMNS), (ids) => groupViews.json(ctx, ids));
  },

  /** A group as JSON, from the group view cache when it is current (views.ts). */
  async getJson(ctx: Ctx, id: string): Promise<Buffer> {
    const json = (await groupViews.json(ctx, [id])).get(id);
    if (json === undefined) throw notFound('group', id);
    return json;
  },

  async get(ctx: Ctx, id: string): Promise<GroupObject> {
    const group = (await loadGroups(ctx, [id])).get(id);
    if (!group) throw notFound('group', id);
    return group;
  },

  getMany: loadGroups,

  async create(ctx: Ctx, input: CreateGroupInput): Promise<GroupObject> {
    const clientId = input.client ? (await clients.references(ctx, [input.client], 'client'))[0]!.id : null;
    const domainId = input.domain ? (await masterData.reference(ctx, domains, input.domain, 'domain')).id : null;
    const groupCurrency = input.currency ?? (await repo.defaultCurrency(ctx.db, ctx.accountId, clientId));
    const ownDueDate = date(input.dueDate);
    // Specification: true on a group created with a due date and without the parameter.
    const auto = input.dueDateAuto ?? ownDueDate !== null;
    const now = nowIso();
    const row: GroupRow = {
      id: newId(),
      account_id: ctx.accountId,
      name: cleanName(input.name),
      name_key: '',
      search_text: '',
      archived: 0,
      pinned: 0,
      client_id: clientId,
      domain_id: domainId,
      color: input.color ?? '',
      currency: groupCurrency,
      budget: null,
      own_due_date: ownDueDate,
      due_date_auto: bool(auto),
      due_date: ownDueDate,
      due_sort: ownDueDate ?? NO_DUE_DATE,
      external_reference: text(input.externalReference),
      purchase_order: text(input.purchaseOrder),
      group_on_invoice: 0,
      status: 1,
      progress: '0',
      service_ids: '[]',
      user_ids: '[]',
      supplier_ids: '[]',
      estimation: '{}',
      created_at: now,
      updated_at: now,
    };
    row.name_key = row.name.toLowerCase();
    row.search_text = searchText(row);
    Object.assign(row, await derivedColumns(ctx, row, []));
    await repo.insert(ctx.db, row);
    const group = await groups.get(ctx, row.id);
    await recordEvent(ctx, 'group.created', group);
    return group;
  },

  async update(ctx: Ctx, id: string, input: UpdateGroupInput): Promise<GroupObject> {
    const current = await lockGroup(ctx, id);
    const changes: Partial<GroupRow> = {};
    if (input.name !== undefined) changes.name = cleanName(input.name);
    if (input.archived !== undefined) changes.archived = bool(input.archived);
    if (input.pinned !== undefined) changes.pinned = bool(input.pinned);
    if (input.groupOnInvoice !== undefined) changes.group_on_invoice = bool(input.groupOnInvoice);
    if (input.budget !== undefined) changes.budget = input.budget === null ? null : toDecimalString(input.budget);
    if (input.color !== undefined) changes.color = input.color;
    if (input.domain !== undefined) {
      changes.domain_id = input.domain === null ? null : (await masterData.reference(ctx, domains, input.domain, 'domain', current.domain_id)).id;
    }
    if (input.dueDate !== undefined) changes.own_due_date = date(input.dueDate);
    if (input.dueDateAuto !== undefined) changes.due_date_auto = bool(input.dueDateAuto);
    if (input.externalReference !== undefined) changes.external_reference = text(input.externalReference);
    if (input.purchaseOrder !== undefined) changes.purchase_order = text(input.purchaseOrder);
    if (changes.name !== undefined) changes.name_key = changes.name.toLowerCase();
    changes.search_text = searchText({ ...current, ...changes });
    changes.updated_at = nowIso();
    await refreshGroup(ctx, id, changes);
    const group = await changedEvent(ctx, id);
    // The jobs' `group` reference shows the name: a rename changes them (no event per job: it is a name).
    return group;
  },

  /** docs/groups.md#endpoints: 204; 409 while the group holds invoiced jobs; otherwise its jobs stay and leave it. */
  async remove(ctx: Ctx, id: string): Promise<void> {
    // Jobs first, then the group: the order of every job write that refreshes a group.
    const members = await repo.lockMembers(ctx.db, ctx.dialect, ctx.accountId, id);
    await lockGroup(ctx, id, true);
    const invoiced = members.find((member) => member.status === JOB_STATUS.invoiced);
    if (invoiced) throw new ApiError('resource_in_use', `Group holds the invoiced job "${invoiced.name}" and cannot be deleted; archive it instead`);
    const group = await groups.get(ctx, id);
    await jobStore.releaseGroup(ctx, id, nowIso());
    await entityLabels.removeAll(ctx, GROUP_ENTITY, id);
    await notes.removeAllFor(ctx, GROUP_ENTITY, id);
    for (const extension of groupExtensions.list()) await extension.deleteParts?.(ctx, id);
    await repo.delete(ctx.db, ctx.accountId, id);
    await recordEvent(ctx, 'group.deleted', group);
    await jobEvents(ctx, group.jobs);
  },

  /** Adds a job (moving it from its group, if any); answers the group. Adding it again changes nothing. */
  async addJob(ctx: Ctx, id: string, jobId: string): Promise<GroupObject> {
    if (!(await repo.find(ctx.db, ctx.accountId, id))) throw notFound('group', id);
    // The job first, then the groups in id order: the lock order of every job write.
    const job = await jobStore.lock(ctx, jobId);
    const previous = job.group_id ?? null;
    if (previous === id) return groups.get(ctx, id);
    let target: GroupRow | undefined;
    for (const groupId of [id, previous].filter((g): g is string => g !== null).sort()) {
      const locked = await lockGroup(ctx, groupId);
      if (groupId === id) target = locked;
    }
    await assertClientFits(ctx, target!, job);
    const now = nowIso();
    await jobStore.joinGroup(ctx, jobId, id, now);
    if (previous !== null) {
      await refreshGroup(ctx, previous, { updated_at: now });
      await changedEvent(ctx, previous);
    }
    await refreshGroup(ctx, id, { updated_at: now });
    await jobEvents(ctx, [jobId]);
    return changedEvent(ctx, id);
  },

  /** Removes a job from the group (404 when the job is not in it); answers the group. */
  async removeJob(ctx: Ctx, id: string, jobId: string): Promise<GroupObject> {
    if (!(await repo.find(ctx.db, ctx.accountId, id))) throw notFound('group', id);
    const job = await jobStore.lock(ctx, jobId);
    if (job.group_id !== id) throw notFound(`job ${jobId} in this group`);
    await lockGroup(ctx, id);
    const now = nowIso();
    await jobStore.leaveGroup(ctx, jobId, now);
    await refreshGroup(ctx, id, { updated_at: now });
    await jobEvents(ctx, [jobId]);
    return changedEvent(ctx, id);
  },

  touch(ctx: Ctx, id: string, now: string): Promise<void> {
    return repo.update(ctx.db, ctx.accountId, id, { updated_at: now });
  },

  /**
   * Jobs changed (their stored estimation was just written): refresh their groups (`groupIds`
   * when the caller knows them); `group.updated` when one changed.
   */
  async jobsChanged(ctx: Ctx, jobIds: readonly string[], groupIds?: readonly string[]): Promise<void> {
    for (const groupId of groupIds ?? (await repo.groupsOfJobs(ctx.db, ctx.accountId, jobIds))) {
      if (await refreshGroup(ctx, groupId)) await changedEvent(ctx, groupId);
    }
  },

  /** A grouped job is to change client: refused (409) when its group would then hold jobs of two clients (the job is locked). */
  async beforeClientChange(ctx: Ctx, job: { id: string; name: string; group_id: string | null }, clientId: string): Promise<void> {
    if (job.group_id === null) return;
    await assertClientFits(ctx, await lockGroup(ctx, job.group_id), { ...job, client_id: clientId });
  },

  /** Locks the groups of some locked jobs, in id order, before they are written (`jobs.lockAll`). */
  async lockOfJobs(ctx: Ctx, jobIds: readonly string[]): Promise<void> {
    for (const groupId of await repo.groupsOfJobs(ctx.db, ctx.accountId, jobIds)) await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, groupId);
  },

  /** A job is being deleted: it leaves its group, which is refreshed without it. */
  async jobDeleting(ctx: Ctx, jobId: string): Promise<void> {
    const [groupId] = await repo.groupsOfJobs(ctx.db, ctx.accountId, [jobId]);
    if (groupId === undefined) return;
    await jobStore.leaveGroup(ctx, jobId, nowIso());
    await refreshGroup(ctx, groupId, { updated_at: nowIso() });
    await changedEvent(ctx, groupId);
  },

  /** The job ids of a group of the caller (null when there is none): the jobs listing's `group` filter. */
  async jobIds(ctx: Ctx, groupId: string): Promise<string[] | null> {
    if (!(await repo.find(ctx.db, ctx.accountId, groupId))) return null;
    return (await repo.jobIds(ctx.db, ctx.accountId, [groupId])).get(groupId) ?? [];
  },
};
