/**
 * Payables (docs/reports.md#payables): sent and accepted purchase orders, and approved supplier
 * invoices, per supplier, due day and currency: their amount in that currency and in the account's
 * (each converted with the rate it was issued with, else the rate of its issue day). An order on an
 * approved supplier invoice counts as that invoice, never twice.
 */
import { Type } from '@sinclair/typebox';
import { Dec } from '../../core/money.js';
import { documentToAccount, issueDay } from './documents.js';
import { report } from './report.js';
import { reportsRepository as repo } from './repository.js';
import type { UnconvertedItem } from './schemas.js';
import { rowSchema, type ReportColumn, type Row } from './table.js';

function columns(currency: string): ReportColumn[] {
  return [
    { key: 'supplierId', header: 'Supplier id', type: 'text', nullable: true },
    { key: 'supplier', header: 'Supplier', type: 'text' },
    { key: 'dueDate', header: 'Due date', type: 'text', nullable: true, description: 'YYYY-MM-DD; null: orders without a due date' },
    { key: 'currency', header: 'Currency', type: 'text', description: "the orders' currency" },
    { key: 'purchaseOrders', header: 'Purchase orders', type: 'count', description: 'orders on no approved supplier invoice' },
    {
      key: 'supplierInvoices',
      header: 'Supplier invoices',
      type: 'count',
      description: 'approved supplier invoices: each counts instead of the orders it covers',
    },
    { key: 'amount', header: 'Amount', type: 'money', description: 'their totals in `currency`' },
    {
      key: 'accountAmount',
      header: `Amount (${currency})`,
      type: 'money',
      nullable: true,
      description: 'the converted totals of those that have a rate; null when none has',
    },
    {
      key: 'unconverted',
      header: 'Orders without a rate',
      type: 'count',
      description: 'orders and invoices left out of accountAmount: no rate for their issue day',
    },
  ];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Group {
  supplierId: string | null;
  supplier: string;
  dueDate: string | null;
  currency: string;
  count: number;
  invoices: number;
  amount: Dec;
  converted: Dec | null;
  unconverted: number;
}

export const payables = report({
  name: 'payables',
  summary:
    'Payables: sent and accepted purchase orders, and approved supplier invoices instead of the orders they cover, by supplier and due date, in their currency and the account currency',
  query: {},
  filters: ['from', 'to', 'client', 'supplier', 'manager', 'currency'],
  columns: (_params, currency) => columns(currency),
  row: rowSchema(columns('')),
  totals: Type.Object({
    purchaseOrders: Type.Integer(),
    supplierInvoices: Type.Integer(),
    accountAmount: Type.Number({ description: 'in the account currency, what could be converted' }),
    byCurrency: Type.Array(Type.Object({ currency: Type.String(), purchaseOrders: Type.Integer(), supplierInvoices: Type.Integer(), amount: Type.Number() })),
    excludesUnconverted: Type.Boolean(),
  }),
  title: () => 'Payables',
  async run({ ctx, filters, rates }) {
    const orders = [
      ...(await repo.owedPurchaseOrders(ctx, filters)).map((order) => ({ ...order, invoice: false })),
      ...(await repo.approvedSupplierInvoices(ctx, filters)).map((invoice) => ({ ...invoice, invoice: true })),
    ];
    const groups = new Map<string, Group>();
    const unconverted = new Map<string, UnconvertedItem & { sum: Dec }>();
    const byCurrency = new Map<string, { purchaseOrders: number; supplierInvoices: number; amount: Dec }>();
    let accountAmount = new Dec(0);
    for (const order of orders) {
      const dueDate = order.due_date === null ? null : order.due_date.slice(0, 10);
      const key = `${order.supplier_id ?? ''}|${dueDate ?? ''}|${order.currency}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          supplierId: order.supplier_id,
          supplier: order.supplier_name ?? '',
          dueDate,
          currency: order.currency,
          count: 0,
          invoices: 0,
          amount: new Dec(0),
          converted: null,
          unconverted: 0,
        };
        groups.set(key, group);
      }
      const total = new Dec(order.total);
      if (order.invoice) group.invoices += 1;
      else group.count += 1;
      group.amount = group.amount.plus(total);
      const sums = byCurrency.get(order.currency) ?? { purchaseOrders: 0, supplierInvoices: 0, amount: new Dec(0) };
      byCurrency.set(order.currency, {
        purchaseOrders: sums.purchaseOrders + (order.invoice ? 0 : 1),
        supplierInvoices: sums.supplierInvoices + (order.invoice ? 1 : 0),
        amount: sums.amount.plus(total),
      });
      const converted = documentToAccount(rates, order, total);
      if (converted === null) {
        group.unconverted += 1;
        const day = issueDay(order);
        const itemKey = `${order.currency}|${day}`;
        const item = unconverted.get(itemKey) ?? { kind: 'payable', currency: order.currency, day, count: 0, amount: 0, rateMissing: true, sum: new Dec(0) };
        item.count += 1;
        item.sum = item.sum.plus(total);
        unconverted.set(itemKey, item);
        continue;
      }
      group.converted = (group.converted ?? new Dec(0)).plus(converted);
      accountAmount = accountAmount.plus(converted);
    }
    const rows: Row[] = [...groups.values()]
      .sort(
        (a, b) =>
          compare(a.supplier, b.supplier) ||
          compare(a.supplierId ?? '', b.supplierId ?? '') ||
          compare(a.dueDate ?? '~', b.dueDate ?? '~') ||
          compare(a.currency, b.currency),
      )
      .map((group) => ({
        supplierId: group.supplierId,
        supplier: group.supplier,
        dueDate: group.dueDate,
        currency: group.currency,
        purchaseOrders: group.count,
        supplierInvoices: group.invoices,
        amount: group.amount.toNumber(),
        accountAmount: group.converted === null ? null : group.converted.toNumber(),
        unconverted: group.unconverted,
      }));
    const left = [...unconverted.values()].map(({ sum, ...item }) => ({ ...item, amount: sum.toNumber() }));
    left.sort((a, b) => compare(a.day, b.day) || compare(a.currency, b.currency));
    return {
      rows,
      totals: {
        purchaseOrders: orders.filter((order) => !order.invoice).length,
        supplierInvoices: orders.filter((order) => order.invoice).length,
        accountAmount: accountAmount.toNumber(),
        byCurrency: [...byCurrency.entries()]
          .sort(([a], [b]) => compare(a, b))
          .map(([currency, sums]) => ({
            currency,
            purchaseOrders: sums.purchaseOrders,
            supplierInvoices: sums.supplierInvoices,
            amount: sums.amount.toNumber(),
          })),
        excludesUnconverted: left.length > 0,
      },
      unconverted: left,
    };
  },
});
