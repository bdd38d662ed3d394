import type { Ctx } from '../../core/context.js';
import type { ExportColumn } from '../../core/csv-columns.js';
import { isTrue } from '../../core/db/dialect.js';
import { withItems, type Page } from '../../core/pagination.js';
import { shownProfitability, jobBasis, type JobEstimation, type Profitability } from '../estimation/index.js';
import { jobDay } from '../exchange-rates/index.js';
import { entityLabels } from '../labels/index.js';
import { languagePairs, type LanguagePairReference } from '../language-pairs/index.js';
import { masterData, matchCategories } from '../master-data/index.js';
import { outsourcingOfJobs } from '../outsourcing-view/index.js';
import { JOB_ENTITY, needsRates } from './assembly.js';
import { loadExtras } from './extensions.js';
import { pageOfJobs } from './listing.js';
import { accountRates } from './profitability.js';
import { jobRepository as repo, type JobExportRow } from './repository.js';
import type { JobFilters } from './schemas.js';
import { JOB_STATUS_NAMES } from './status.js';

/**
 * The jobs CSV export (docs/jobs.md#csv-export): made for a spreadsheet, so unlike the other
 * listings' exports (derived from the JSON item) every cell is one plain value — the status by
 * name, the match quantities one column per match category of the account, labels and suppliers
 * as names joined by "; " — and no cell holds JSON. Amounts are the stored exact decimals, not
 * floating-point numbers.
 *
 * Each step reads only what the file shows — the job rows' own columns with their references'
 * names (not their search keys or frozen price entries), the suppliers, language pairs, labels and
 * tracked time of the page, one query each, scoped to the caller's account — and writes the cells
 * straight from them: no job object, estimation view or JSON is built (that was most of the
 * export's time when its cells were the JSON item's). The match quantities and amounts are the
 * stored estimation's, written by every change of the job.
 */

type Cell = string | number | boolean | null;

/** A fixed column: its header and how a job gives its cell. */
interface JobColumn {
  header: string;
  cell: (job: ExportedJob) => Cell;
  /** Revenue or margins (core/financials.ts): left out of the file of a caller they are hidden from. */
  financial?: true;
}

interface ExportedJob {
  row: JobExportRow;
  pair: LanguagePairReference | undefined;
  suppliers: readonly string[];
  labels: readonly string[];
  trackedMs: number;
  stored: JobEstimation;
  profitability: Profitability;
}

const joined = (names: readonly string[]) => names.join('; ');
/** `in progress` → `In progress`. */
const statusName = (status: number) => {
  const name = JOB_STATUS_NAMES[status] ?? String(status);
  return name.charAt(0).toUpperCase() + name.slice(1);
};
/**
 * A stored decimal as written in the file: no trailing zeros (`12.50` → `12.5`), exact; what
 * core/money.ts toDecimalString gives, without a Decimal per cell (some fifteen cells a job, every job).
 */
export const decimalCell = (value: string | number | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
};
const hours = (ms: number) => decimalCell((ms / 3_600_000).toFixed(2));
const margin = (p: Profitability, key: 'revenue' | 'cost' | 'margin' | 'marginRate') =>
  'margin' in p ? decimalCell((p as unknown as Record<string, string | null | undefined>)[key]) : null;

/** The columns before the match categories', in order. */
const FIXED: readonly JobColumn[] = [
  { header: 'id', cell: (j) => j.row.id },
  { header: 'number', cell: (j) => j.row.number ?? null },
  { header: 'name', cell: (j) => j.row.name },
  { header: 'status', cell: (j) => statusName(j.row.status) },
  { header: 'client.id', cell: (j) => j.row.client_id },
  { header: 'client.name', cell: (j) => j.row.client_name },
  { header: 'service', cell: (j) => j.row.service_name },
  { header: 'languagePair.source', cell: (j) => j.pair?.source?.code ?? null },
  { header: 'languagePair.target', cell: (j) => j.pair?.target.code ?? null },
  { header: 'domain', cell: (j) => j.row.domain_name },
  { header: 'quantityType', cell: (j) => j.row.unit_name },
  { header: 'quantity', cell: (j) => decimalCell(j.row.quantity) },
  { header: 'matchesType', cell: (j) => j.row.matches_type },
  { header: 'unitCost', cell: (j) => decimalCell(j.row.unit_cost) },
  { header: 'currency', cell: (j) => j.row.currency },
  { header: 'discount', cell: (j) => decimalCell(j.row.discount) },
  { header: 'extraCharge', cell: (j) => decimalCell(j.row.extra_charge) },
  { header: 'fixedPrice', cell: (j) => decimalCell(j.row.fixed_price) },
  { header: 'applyMinimumFee', cell: (j) => isTrue(j.row.apply_minimum_fee) },
  { header: 'minimumFeeApplied', cell: (j) => j.stored.details.minimumFeeApplied },
  { header: 'nonBillable', cell: (j) => isTrue(j.row.non_billable) },
  { header: 'subtotal', cell: (j) => decimalCell(j.stored.details.subtotal) },
  { header: 'total', cell: (j) => decimalCell(j.stored.total) },
  { header: 'totalInvoiced', cell: (j) => decimalCell(j.stored.totalInvoiced) },
  { header: 'estimationType', cell: (j) => j.stored.type },
  { header: 'suppliers', cell: (j) => joined(j.suppliers) },
  { header: 'profitability', financial: true, cell: (j) => j.profitability.status },
  { header: 'revenue', financial: true, cell: (j) => margin(j.profitability, 'revenue') },
  { header: 'cost', financial: true, cell: (j) => margin(j.profitability, 'cost') },
  { header: 'margin', financial: true, cell: (j) => margin(j.profitability, 'margin') },
  { header: 'marginRate', financial: true, cell: (j) => margin(j.profitability, 'marginRate') },
  { header: 'profitabilityCurrency', financial: true, cell: (j) => ('currency' in j.profitability ? (j.profitability.currency?.code ?? null) : null) },
  { header: 'hoursTracked', cell: (j) => hours(j.trackedMs) },
  { header: 'group.id', cell: (j) => j.row.group_id ?? null },
  { header: 'group.name', cell: (j) => j.row.group_name },
  { header: 'labels', cell: (j) => joined(j.labels) },
  { header: 'projectManager', cell: (j) => j.row.project_manager_name },
  { header: 'owner', cell: (j) => j.row.user_name },
  { header: 'externalReference', cell: (j) => j.row.external_reference || null },
  { header: 'purchaseOrder', cell: (j) => j.row.purchase_order || null },
  { header: 'startDate', cell: (j) => j.row.start_date },
  { header: 'dueDate', cell: (j) => j.row.due_date },
  { header: 'deliveryDate', cell: (j) => j.row.delivery_date },
  { header: 'progress', cell: (j) => decimalCell(j.row.progress) },
  { header: 'archive', cell: (j) => isTrue(j.row.archive) },
  { header: 'pinned', cell: (j) => isTrue(j.row.pinned) },
  { header: 'additionalInfo', cell: (j) => j.row.additional_info },
  { header: 'createdAt', cell: (j) => j.row.created_at },
  { header: 'updatedAt', cell: (j) => j.row.updated_at },
];

/** The prefix of a match category's column: `matches.Repetitions` holds the job's quantity in that category. */
export const MATCH_COLUMN_PREFIX = 'matches.';

/** A match category's column, with the category's id to find the job's line by. */
interface MatchColumn extends ExportColumn {
  matchId: string;
}

/** A fixed column, with its place in FIXED: the export may leave some out (core/http/csv-export.ts). */
interface FixedColumn extends ExportColumn {
  fixed: number;
}

/**
 * The columns of the caller's export: the fixed ones, then one per match category of the account
 * (in the account's order, disabled ones too: an older job may still have lines there).
 */
export async function jobExportColumns(ctx: Ctx): Promise<ExportColumn[]> {
  const categories = await masterData.list(ctx, matchCategories);
  return [
    ...FIXED.map((column, index): FixedColumn => ({
      key: String(index),
      header: column.header,
      path: [column.header],
      json: false,
      fixed: index,
      ...(column.financial ? { financial: true } : {}),
    })),
    ...categories.map((category, index): MatchColumn => ({
      key: String(FIXED.length + index),
      header: `${MATCH_COLUMN_PREFIX}${category.name}`,
      path: [],
      json: false,
      matchId: category.id,
    })),
  ];
}

function cellsOfJob(job: ExportedJob, columns: readonly ExportColumn[]): Cell[] {
  const cells = new Array<Cell>(columns.length);
  let quantities: Map<string, string> | undefined;
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c] as FixedColumn | MatchColumn;
    if ('fixed' in column) {
      cells[c] = FIXED[column.fixed]!.cell(job);
      continue;
    }
    if (quantities === undefined) {
      quantities = new Map<string, string>();
      // Only jobs priced by match category have quantities there; the others' lines are the price's categories at 0.
      if (isTrue(job.row.has_matches)) for (const line of job.stored.details.matches) quantities.set(line.id, line.value);
    }
    cells[c] = decimalCell(quantities.get(column.matchId)) ?? null;
  }
  return cells;
}

/**
 * A step of the export: the page of the listing's order and filters (the JSON listing's own
 * `pageOfJobs`), each job as its row of cells in the order of `columns` (jobExportColumns).
 */
export async function jobExportPage(ctx: Ctx, filters: JobFilters, columns: readonly ExportColumn[]): Promise<Page<Cell[]>> {
  return withItems(await pageOfJobs(ctx, filters), async (ids) => {
    const rows = await repo.findManyForExport(ctx.db, ctx.accountId, ids);
    const pairIds = [...new Set(rows.flatMap((row) => (row.language_pair_id ? [row.language_pair_id] : [])))];
    const [outsourcing, pairs, labels, extras, account] = await Promise.all([
      outsourcingOfJobs.items(ctx, ids),
      pairIds.length > 0 ? languagePairs.referencesByIds(ctx, pairIds) : new Map<string, LanguagePairReference>(),
      entityLabels.listFor(ctx, JOB_ENTITY, ids),
      loadExtras(ctx, ids),
      repo.account(ctx.db, ctx.accountId),
    ]);
    const targetMargin = account?.target_margin ?? '0.3';
    const read = rows.map((row) => ({ row, stored: JSON.parse(row.estimation) as JobEstimation }));
    // The account's rates only when a job is in several currencies, as the JSON does (assembly.ts loadJobs).
    const rates = read.some(({ row, stored }) => needsRates(row, stored)) ? await accountRates(ctx) : undefined;
    const cells = new Map<string, Cell[]>();
    for (const { row, stored } of read) {
      const job: ExportedJob = {
        row,
        stored,
        pair: row.language_pair_id === null ? undefined : pairs.get(row.language_pair_id),
        suppliers: (outsourcing.get(row.id) ?? []).map((item) => item.supplier.name),
        labels: (labels.get(row.id) ?? []).map((label) => label.name),
        trackedMs: extras.get(row.id)?.trackedMs ?? 0,
        profitability: shownProfitability(stored.profitability, jobBasis(stored, jobDay(row)), targetMargin, rates),
      };
      cells.set(row.id, cellsOfJob(job, columns));
    }
    return cells;
  });
}
