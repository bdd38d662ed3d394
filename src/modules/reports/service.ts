/**
 * Running a report (docs/reports.md): the shared filters checked (real days, `from` ≤ `to`, only
 * the filters the report takes), the account's currency and rates read once, then the report's
 * rows, answered as JSON or rendered as CSV or XLSX.
 */
import type { Ctx } from '../../core/context.js';
import { invalid } from '../../core/errors.js';
import { currency, type Currency } from '../../core/money.js';
import { loadRateBook } from '../exchange-rates/index.js';
import { isDay } from './calendar.js';
import type { ReportDefinition, ReportResult } from './report.js';
import type { FilterName, Filters, Format } from './schemas.js';
import { toCsv, toXlsx, XLSX_CONTENT_TYPE, type ReportColumn, type Sheet } from './table.js';
import { CSV_CONTENT_TYPE } from '../../core/csv.js';

const FILTERS: readonly FilterName[] = ['from', 'to', 'client', 'supplier', 'manager', 'currency'];
/** Query parameters that are days, checked to be real ones (2026-02-30 is not). */
const DAY_PARAMS = ['from', 'to', 'asOf'];

export interface ReportAnswer extends ReportResult {
  object: 'report';
  report: string;
  currency: Currency;
  filters: Record<FilterName, string | null>;
  columns: ReportColumn[];
  title: string;
}

/** The query split into the filters and the report's own params; 400 naming the field when one is wrong. */
export function readQuery(definition: ReportDefinition, query: Record<string, unknown>): { filters: Filters; params: Record<string, unknown>; format: Format } {
  for (const name of DAY_PARAMS) {
    const value = query[name];
    if (typeof value === 'string' && !isDay(value)) throw invalid(name, `${value} is not a day (YYYY-MM-DD)`);
  }
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = query[name];
    if (value === undefined) continue;
    if (!definition.filters.includes(name)) throw invalid(name, `does not apply to the ${definition.name} report`);
    filters[name] = value as string; // validated by the route schema: strings
  }
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) throw invalid('from', `must not be after to (${filters.to})`);
  const params = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'format' && !(FILTERS as readonly string[]).includes(name)));
  return { filters, params, format: (query.format as Format | undefined) ?? 'json' };
}

export async function runReport(ctx: Ctx, definition: ReportDefinition, filters: Filters, params: Record<string, unknown>): Promise<ReportAnswer> {
  const rates = await loadRateBook(ctx.db, ctx.accountId);
  const result = await definition.run({ ctx, params, filters, rates });
  return {
    object: 'report',
    report: definition.name,
    currency: currency(rates.accountCurrency),
    filters: Object.fromEntries(FILTERS.map((name) => [name, filters[name] ?? null])) as Record<FilterName, string | null>,
    ...result,
    columns: definition.columns(params, rates.accountCurrency),
    title: definition.title(params),
  };
}

/** The columns of the workbook's second sheet: what could not be converted. */
const UNCONVERTED_COLUMNS: ReportColumn[] = [
  { key: 'kind', header: 'Kind', type: 'text' },
  { key: 'currency', header: 'Currency', type: 'text' },
  { key: 'day', header: 'Day', type: 'text' },
  { key: 'count', header: 'Count', type: 'count' },
  { key: 'amount', header: 'Amount', type: 'money' },
  { key: 'rateMissing', header: 'Rate missing', type: 'text' },
];

export interface RenderedFile {
  contentType: string;
  filename: string;
  body: Buffer;
}

/** The file's name: the title slugged, and the range when one was asked (`margins-by-client-2026-01-01-2026-03-31.csv`). */
function filename(answer: ReportAnswer, extension: string): string {
  const slug = answer.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const range = [answer.filters.from, answer.filters.to].filter((day) => day !== null).join('-');
  return `${slug}${range === '' ? '' : `-${range}`}.${extension}`;
}

/**
 * CSV holds the rows only (one table); the workbook adds a sheet "Not converted" when amounts
 * were left out, so that a reader of the file sees that the totals exclude them.
 */
export async function renderFile(answer: ReportAnswer, format: 'csv' | 'xlsx'): Promise<RenderedFile> {
  if (format === 'csv')
    return { contentType: CSV_CONTENT_TYPE, filename: filename(answer, 'csv'), body: Buffer.from(await toCsv(answer.columns, answer.rows)) };
  const sheets: Sheet[] = [{ name: answer.title, columns: answer.columns, rows: answer.rows }];
  if (answer.unconverted.length > 0) {
    sheets.push({
      name: 'Not converted',
      columns: UNCONVERTED_COLUMNS,
      rows: answer.unconverted.map((item) => ({ ...item, rateMissing: item.rateMissing ? 'yes' : 'no' })),
    });
  }
  return { contentType: XLSX_CONTENT_TYPE, filename: filename(answer, 'xlsx'), body: await toXlsx(sheets) };
}
