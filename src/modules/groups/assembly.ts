import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { nullWhenEmpty } from '../../core/text.js';
import { currency } from '../../core/money.js';
import { basisNeedsRates, groupBasis, shownProfitability, type GroupEstimation, type Profitability } from '../estimation/index.js';
import { accountRates, profitabilityJson } from '../jobs/index.js';
import { entityLabels } from '../labels/index.js';
import { notes } from '../notes/index.js';
import { loadGroupParts } from './extensions.js';
import { groupRepository as repo, type GroupRowWithNames } from './repository.js';
import type { GroupEstimationView, GroupObject } from './schemas.js';

/**
 * Full group objects for a page of groups in a constant number of queries whatever the page size
 * and the number of jobs: the rows (with the derived values stored on them) and their references'
 * names, the job ids, the names of services, users and suppliers, labels, notes, the target
 * margin, one per registered group extension (files). No job is loaded.
 */
export const GROUP_ENTITY = 'group';

const num = (value: string | number) => Number(value);
const ids = (json: string) => JSON.parse(json) as string[];

function estimationView(stored: GroupEstimation, supplierNames: Map<string, string>, profitability: Profitability): GroupEstimationView {
  return {
    ...(stored.currency ? { currency: stored.currency } : {}),
    isV2: true,
    outsourcing: {
      suppliers: stored.outsourcing.suppliers.map((s) => ({ id: s.id, name: supplierNames.get(s.id) ?? s.name })),
      totals: stored.outsourcing.totals.map((t) => ({ currency: t.currency, total: num(t.total) })),
    },
    // Against the account's current target margin and rates (docs/estimation.md#6-profitability-and-performance).
    profitability: profitabilityJson(profitability),
    total: num(stored.total),
    totalInvoiced: num(stored.totalInvoiced),
    totalTime: stored.totalTime,
  };
}

/** The group objects of some ids of the caller's account (unknown ids are left out), by id. */
export async function loadGroups(ctx: Ctx, groupIds: readonly string[]): Promise<Map<string, GroupObject>> {
  const result = new Map<string, GroupObject>();
  const rows: GroupRowWithNames[] = await repo.findManyWithNames(ctx.db, ctx.accountId, groupIds);
  if (rows.length === 0) return result;
  const rowIds = rows.map((row) => row.id);
  // Independent reads, sent together: on PostgreSQL they overlap over the pool (on SQLite they
  // run one after another anyway).
  const [jobIds, services, users, suppliers, labels, noteLists, parts, targetMargin] = await Promise.all([
    repo.jobIds(ctx.db, ctx.accountId, rowIds),
    repo.names(
      ctx.db,
      'services',
      ctx.accountId,
      rows.flatMap((row) => ids(row.service_ids)),
    ),
    repo.names(
      ctx.db,
      'users',
      ctx.accountId,
      rows.flatMap((row) => ids(row.user_ids)),
    ),
    repo.names(
      ctx.db,
      'suppliers',
      ctx.accountId,
      rows.flatMap((row) => ids(row.supplier_ids)),
    ),
    entityLabels.listFor(ctx, GROUP_ENTITY, rowIds),
    notes.listFor(ctx, GROUP_ENTITY, rowIds),
    loadGroupParts(ctx, rowIds),
    repo.targetMargin(ctx.db, ctx.accountId),
  ]);
  const stored = new Map(rows.map((row) => [row.id, JSON.parse(row.estimation) as GroupEstimation]));
  const bases = new Map([...stored].map(([id, estimation]) => [id, groupBasis(estimation)]));
  // The account's rates only when a group is in several currencies.
  const rates = [...bases.values()].some(basisNeedsRates) ? await accountRates(ctx) : undefined;
  const refs = (list: string[], names: Map<string, string>) => list.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
  for (const row of rows) {
    const groupCurrency = currency(row.currency);
    result.set(row.id, {
      id: row.id,
      object: 'group',
      name: row.name,
      archived: isTrue(row.archived),
      budget: { amount: row.budget === null ? null : num(row.budget), currency: groupCurrency },
      client: row.client_id === null ? null : { id: row.client_id, name: row.client_name ?? '' },
      color: row.color,
      currency: groupCurrency,
      domain: row.domain_id === null ? null : { id: row.domain_id, name: row.domain_name ?? '' },
      dueDate: row.due_date,
      dueDateAuto: isTrue(row.due_date_auto),
      estimation: estimationView(
        stored.get(row.id)!,
        suppliers,
        shownProfitability(stored.get(row.id)!.profitability, bases.get(row.id)!, targetMargin, rates),
      ),
      externalReference: nullWhenEmpty(row.external_reference),
      files: parts.get(row.id)?.files ?? [],
      groupOnInvoice: isTrue(row.group_on_invoice),
      jobs: jobIds.get(row.id) ?? [],
      labels: labels.get(row.id) ?? [],
      notes: noteLists.get(row.id) ?? [],
      pinned: isTrue(row.pinned),
      progress: num(row.progress),
      purchaseOrder: nullWhenEmpty(row.purchase_order),
      services: refs(ids(row.service_ids), services),
      status: row.status,
      suppliers: refs(ids(row.supplier_ids), suppliers),
      users: refs(ids(row.user_ids), users),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }
  return result;
}
