import type { MessageKey } from '../../shared/i18n';

/**
 * The reports of `GET /v2/reports/<report>` (docs/reports.md) as the Reports page shows them: the
 * columns of each (the JSON keys the API answers, in its order), what its chart draws, and the
 * address of the page and of its downloads.
 */
export const REPORT_NAMES = ['margins', 'receivables', 'payables', 'workload'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const MARGIN_DIMENSIONS = ['client', 'service', 'languagePair', 'manager'] as const;
export type MarginDimension = (typeof MARGIN_DIMENSIONS)[number];

export type CellKind = 'text' | 'money' | 'count' | 'number' | 'rate' | 'currencyAmount';

export interface ReportColumn {
  key: string;
  label: MessageKey;
  kind: CellKind;
}

const column = (key: string, label: MessageKey, kind: CellKind = 'text'): ReportColumn => ({ key, label, kind });

export const REPORT_COLUMNS: Record<ReportName, ReportColumn[]> = {
  margins: [
    column('month', 'reports.column.month'),
    column('name', 'reports.column.name'),
    column('jobs', 'reports.column.jobs', 'count'),
    column('revenue', 'reports.column.revenue', 'money'),
    column('supplierCost', 'reports.column.supplierCost', 'money'),
    column('margin', 'reports.column.margin', 'money'),
    column('marginRate', 'reports.column.marginRate', 'rate'),
    column('unpricedOutsourcings', 'reports.column.unpriced', 'count'),
  ],
  receivables: [
    column('client', 'reports.column.client'),
    column('invoices', 'reports.column.invoices', 'count'),
    column('notDue', 'reports.column.notDue', 'money'),
    column('days0to30', 'reports.column.days0to30', 'money'),
    column('days31to60', 'reports.column.days31to60', 'money'),
    column('days61to90', 'reports.column.days61to90', 'money'),
    column('over90', 'reports.column.over90', 'money'),
    column('total', 'reports.column.total', 'money'),
  ],
  payables: [
    column('supplier', 'reports.column.supplier'),
    column('dueDate', 'reports.column.dueDate'),
    column('purchaseOrders', 'reports.column.purchaseOrders', 'count'),
    column('amount', 'reports.column.amount', 'currencyAmount'),
    column('accountAmount', 'reports.column.accountAmount', 'money'),
  ],
  workload: [
    column('manager', 'reports.column.manager'),
    column('week', 'reports.column.week'),
    column('quantityType', 'reports.column.quantityType'),
    column('jobs', 'reports.column.jobs', 'count'),
    column('quantity', 'reports.column.quantity', 'number'),
  ],
};

/** The filters of each report (docs/reports.md#parameters): a filter that does not apply is a 400 there. */
export const REPORT_TAKES_DATES: Record<ReportName, boolean> = { margins: true, receivables: true, payables: true, workload: true };

export interface ReportsSearch {
  report: ReportName;
  by: MarginDimension;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The address's view: a known report and dimension (margins by client by default), real-looking days; anything else dropped. */
export function parseReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const report = REPORT_NAMES.find((name) => name === search.report) ?? 'margins';
  const by = MARGIN_DIMENSIONS.find((name) => name === search.by) ?? 'client';
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);
  const from = day(search.from);
  const to = day(search.to);
  return { report, by, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The API's address of a report as JSON, CSV or XLSX: only the parameters it takes (`by` for the margins alone). */
export function reportUrl(search: ReportsSearch, format: 'json' | 'csv' | 'xlsx' = 'json'): string {
  const query = new URLSearchParams();
  if (search.report === 'margins') query.set('by', search.by);
  if (search.from) query.set('from', search.from);
  if (search.to) query.set('to', search.to);
  if (format !== 'json') query.set('format', format);
  const text = query.toString();
  return `/v2/reports/${search.report}${text ? `?${text}` : ''}`;
}

export interface ReportAnswer {
  report: ReportName;
  currency: { code: string; symbol: string };
  rows: Array<Record<string, unknown>>;
  totals: Record<string, unknown>;
  unconverted: Array<{ kind: string; currency: string; day: string; count: number; amount: number; rateMissing: boolean }>;
}

export interface ChartBar {
  label: string;
  values: Record<string, number>;
}

/**
 * What a report's chart draws, from its rows: the margins summed per month (revenue, supplier cost,
 * margin), the receivables' totals per aging bucket, the payables per supplier in the account's
 * currency, the workload's jobs per due week. Months and weeks in order; money summed in cents so
 * that 0.1 + 0.2 draws 0.3.
 */
export function chartBars(answer: ReportAnswer): { series: string[]; bars: ChartBar[] } {
  const add = (bars: Map<string, Record<string, number>>, label: string, key: string, value: unknown) => {
    const values = bars.get(label) ?? {};
    values[key] = Math.round(((values[key] ?? 0) + (typeof value === 'number' ? value : 0)) * 100) / 100;
    bars.set(label, values);
  };
  const sorted = (bars: Map<string, Record<string, number>>) =>
    [...bars.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([label, values]) => ({ label, values }));
  const bars = new Map<string, Record<string, number>>();
  switch (answer.report) {
    case 'margins':
      for (const row of answer.rows) for (const key of ['revenue', 'supplierCost', 'margin']) add(bars, String(row.month), key, row[key]);
      return { series: ['revenue', 'supplierCost', 'margin'], bars: sorted(bars) };
    case 'receivables': {
      const buckets = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'over90'];
      return { series: ['amount'], bars: buckets.map((key) => ({ label: key, values: { amount: Number(answer.totals[key] ?? 0) } })) };
    }
    case 'payables':
      for (const row of answer.rows) add(bars, String(row.supplier), 'accountAmount', row.accountAmount);
      return { series: ['accountAmount'], bars: sorted(bars) };
    case 'workload':
      for (const row of answer.rows) add(bars, typeof row.week === 'string' ? row.week : '—', 'jobs', row.jobs);
      return { series: ['jobs'], bars: sorted(bars) };
  }
}
