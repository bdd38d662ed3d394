import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../helper.js';
import { buildWorld, ok, type World } from './fixture.js';

/** GET /v2/reports/payables (docs/reports.md#payables) over the world of fixture.ts. */
let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 60_000);
afterAll(async () => w.t.close());

const get = (query: string) => w.t.api.get(`/v2/reports/payables${query === '' ? '' : `?${query}`}`);

describe('GET /v2/reports/payables', () => {
  it('sums sent and accepted purchase orders by supplier, due date and currency, in theirs and in EUR', async () => {
    const body = await ok(get(''));
    expect(body.rows).toEqual([
      {
        supplierId: w.ids.sam,
        supplier: 'Sam',
        dueDate: '2026-07-01',
        currency: 'EUR',
        purchaseOrders: 2,
        supplierInvoices: 0,
        amount: 150,
        accountAmount: 150,
        unconverted: 0,
      },
      {
        supplierId: w.ids.sam,
        supplier: 'Sam',
        dueDate: '2026-08-01',
        currency: 'EUR',
        purchaseOrders: 1,
        supplierInvoices: 0,
        amount: 400,
        accountAmount: 400,
        unconverted: 0,
      },
      {
        supplierId: w.ids.uma,
        supplier: 'Uma',
        dueDate: '2025-07-01',
        currency: 'USD',
        purchaseOrders: 1,
        supplierInvoices: 0,
        amount: 10,
        accountAmount: null,
        unconverted: 1,
      },
      {
        supplierId: w.ids.uma,
        supplier: 'Uma',
        dueDate: '2026-07-15',
        currency: 'USD',
        purchaseOrders: 1,
        supplierInvoices: 0,
        amount: 125,
        accountAmount: 100,
        unconverted: 0,
      },
    ]);
    expect(body.totals).toEqual({
      purchaseOrders: 5,
      supplierInvoices: 0,
      accountAmount: 650,
      byCurrency: [
        { currency: 'EUR', purchaseOrders: 3, supplierInvoices: 0, amount: 550 },
        { currency: 'USD', purchaseOrders: 2, supplierInvoices: 0, amount: 135 },
      ],
      excludesUnconverted: true,
    });
    expect(body.unconverted).toEqual([{ kind: 'payable', currency: 'USD', day: '2025-06-01', count: 1, amount: 10, rateMissing: true }]);
  });

  it('filters by due date range, supplier, currency, client and manager (through the orders’ outsourcing)', async () => {
    expect((await ok(get('from=2026-07-01&to=2026-07-31'))).totals).toMatchObject({ purchaseOrders: 3, accountAmount: 250, excludesUnconverted: false });
    expect((await ok(get(`supplier=${w.ids.uma}`))).rows.map((row: any) => row.supplier)).toEqual(['Uma', 'Uma']);
    expect((await ok(get('currency=USD'))).totals.purchaseOrders).toBe(2);
    expect((await ok(get(`client=${w.ids.acme}`))).rows).toEqual([expect.objectContaining({ dueDate: '2026-08-01', amount: 400 })]);
    expect((await ok(get(`client=${w.ids.britco}`))).rows).toEqual([]);
    expect((await ok(get(`manager=${w.ids.owner}`))).totals.purchaseOrders).toBe(1);
  });

  it('answers CSV and XLSX', async () => {
    const csv = await get('supplier=' + w.ids.uma + '&format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parse(csv.raw.body, { bom: true })).toEqual([
      ['Supplier id', 'Supplier', 'Due date', 'Currency', 'Purchase orders', 'Supplier invoices', 'Amount', 'Amount (EUR)', 'Orders without a rate'],
      [w.ids.uma, 'Uma', '2025-07-01', 'USD', '1', '0', '10', '', '1'],
      [w.ids.uma, 'Uma', '2026-07-15', 'USD', '1', '0', '125', '100', '0'],
    ]);
    const xlsx = await w.t.app.inject({ method: 'GET', url: '/v2/reports/payables?format=xlsx', headers: { authorization: `Bearer ${w.t.account.apiKey}` } });
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="payables.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.getWorksheet('Payables')!;
    expect(sheet.getRow(2).values).toEqual([undefined, w.ids.sam, 'Sam', '2026-07-01', 'EUR', 2, 0, 150, 150, 0]);
    expect(sheet.getCell('G2').numFmt).toBe('#,##0.00');
    expect(workbook.getWorksheet('Not converted')!.getCell('B2').value).toBe('USD');
  });

  it('refuses bad filters', async () => {
    expect(expectError(await get('from=2026-7-1'), 400, 'parameter_invalid').details?.[0]?.param).toBe('from');
    expect(expectError(await get('supplier=nope'), 400, 'parameter_invalid').details?.[0]?.param).toBe('supplier');
    expect(expectError(await get('by=client'), 400, 'parameter_unknown').details?.[0]?.param).toBe('by');
  });

  it("never shows another account's orders; a viewer reads the report", async () => {
    const theirs = await ok(w.t.otherApi.get('/v2/reports/payables'));
    expect(theirs.rows).toEqual([expect.objectContaining({ supplier: 'Their supplier', amount: 999 })]);
    expect((await ok(w.viewerApi.get('/v2/reports/payables'))).totals.purchaseOrders).toBe(5);
  });
});
