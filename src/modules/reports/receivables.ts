/**
 * Receivables aging (docs/reports.md#receivables): what clients still owe on sent invoices
 * (total − payments), per client, by how long it is overdue on `asOf` (default today, UTC), in the
 * account's currency. Unpaid invoices are few beside jobs: each is read and converted on its own.
 */
import { Type } from '@sinclair/typebox';
import { Dec } from '../../core/money.js';
import { AGING_BUCKETS, agingBucket, type AgingBucket } from './calendar.js';
import { documentToAccount, issueDay } from './documents.js';
import { report } from './report.js';
import { reportsRepository as repo } from './repository.js';
import type { UnconvertedItem } from './schemas.js';
import { sumValue } from './sql.js';
import { rowSchema, type ReportColumn, type Row } from './table.js';

export interface ReceivablesParams {
  asOf?: string;
}

const BUCKET_HEADERS: Record<AgingBucket, string> = {
  notDue: 'Not yet due',
  days0to30: '0–30 days overdue',
  days31to60: '31–60 days overdue',
  days61to90: '61–90 days overdue',
  over90: '> 90 days overdue',
};

function columns(currency: string): ReportColumn[] {
  return [
    { key: 'clientId', header: 'Client id', type: 'text', nullable: true },
    { key: 'client', header: 'Client', type: 'text' },
    { key: 'invoices', header: 'Invoices', type: 'count', description: 'unpaid sent invoices' },
    ...AGING_BUCKETS.map((bucket): ReportColumn => ({ key: bucket, header: `${BUCKET_HEADERS[bucket]} (${currency})`, type: 'money' })),
    { key: 'total', header: `Total (${currency})`, type: 'money', description: 'what the client still owes' },
  ];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const receivables = report<ReceivablesParams>({
  name: 'receivables',
  financialOnly: true,
  summary: 'Receivables aging: unpaid invoices per client by days overdue (not yet due, 0–30, 31–60, 61–90, > 90), in the account currency',
  query: {
    asOf: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'the day the aging is counted on (YYYY-MM-DD; default today, UTC)' })),
  },
  // Invoices have no supplier: that filter does not apply.
  filters: ['from', 'to', 'client', 'manager', 'currency'],
  columns: (_params, currency) => columns(currency),
  row: rowSchema(columns('')),
  totals: Type.Object({
    invoices: Type.Integer(),
    ...Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, Type.Number()])),
    total: Type.Number(),
    asOf: Type.String({ description: 'the day the aging was counted on' }),
    excludesUnconverted: Type.Boolean(),
  }),
  title: () => 'Receivables aging',
  async run({ ctx, params, filters, rates }) {
    const asOf = params.asOf ?? new Date().toISOString().slice(0, 10);
    const invoices = await repo.unpaidInvoices(ctx, filters);
    const byClient = new Map<string, Row & { buckets: Record<AgingBucket, Dec>; count: number }>();
    const totals = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, new Dec(0)])) as Record<AgingBucket, Dec>;
    let count = 0;
    const unconverted = new Map<string, UnconvertedItem & { sum: Dec }>();
    for (const invoice of invoices) {
      const remaining = new Dec(invoice.total).minus(sumValue(ctx.dialect, invoice.paid ?? '0'));
      if (remaining.lte(0)) continue;
      const converted = documentToAccount(rates, invoice, remaining);
      if (converted === null) {
        const day = issueDay(invoice);
        const key = `${invoice.currency}|${day}`;
        const item = unconverted.get(key) ?? { kind: 'receivable', currency: invoice.currency, day, count: 0, amount: 0, rateMissing: true, sum: new Dec(0) };
        item.count += 1;
        item.sum = item.sum.plus(remaining);
        unconverted.set(key, item);
        continue;
      }
      const bucket = agingBucket((invoice.due_date ?? invoice.issue_date ?? asOf).slice(0, 10), asOf);
      const key = invoice.client_id ?? '';
      let row = byClient.get(key);
      if (!row) {
        row = {
          clientId: invoice.client_id,
          client: invoice.client_name ?? '',
          count: 0,
          buckets: Object.fromEntries(AGING_BUCKETS.map((b) => [b, new Dec(0)])) as never,
        };
        byClient.set(key, row);
      }
      row.count += 1;
      row.buckets[bucket] = row.buckets[bucket].plus(converted);
      totals[bucket] = totals[bucket].plus(converted);
      count += 1;
    }
    const amounts = (buckets: Record<AgingBucket, Dec>) => ({
      ...Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, buckets[bucket].toNumber()])),
      total: AGING_BUCKETS.reduce((sum, bucket) => sum.plus(buckets[bucket]), new Dec(0)).toNumber(),
    });
    const rows: Row[] = [...byClient.values()]
      .map((row) => ({ clientId: row.clientId!, client: row.client!, invoices: row.count, ...amounts(row.buckets) }))
      .sort((a, b) => compare(String(a.client), String(b.client)) || compare(String(a.clientId ?? ''), String(b.clientId ?? '')));
    const left = [...unconverted.values()].map(({ sum, ...item }) => ({ ...item, amount: sum.toNumber() }));
    left.sort((a, b) => compare(a.day, b.day) || compare(a.currency, b.currency));
    return { rows, totals: { invoices: count, ...amounts(totals), asOf, excludesUnconverted: left.length > 0 }, unconverted: left };
  },
});
