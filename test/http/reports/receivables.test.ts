import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../helper.js';
import { buildWorld, ok, type World } from './fixture.js';

/** GET /v2/reports/receivables (docs/reports.md#receivables), aged on 2026-06-30, over the world of fixture.ts. */
let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 60_000);
afterAll(async () => w.t.close());

const get = (query: string) => w.t.api.get(`/v2/reports/receivables?asOf=2026-06-30${query === '' ? '' : `&${query}`}`);

describe('GET /v2/reports/receivables', () => {
  it('ages unpaid invoices per client in EUR (total − payments), listing what had no rate', async () => {
    const body = await ok(get(''));
    expect(body.rows).toEqual([
      // I1 due today: not yet due; I2 20 days late, 150 of 200 left; I5 121 days; I6 paid: not listed.
      { clientId: w.ids.acme, client: 'Acme', invoices: 3, notDue: 100, days0to30: 150, days31to60: 0, days61to90: 0, over90: 300, total: 550 },
      // I3: GBP 80 at 0.8 = EUR 100, 76 days late; I4 has no rate (2025).
      { clientId: w.ids.britco, client: 'Britco', invoices: 1, notDue: 0, days0to30: 0, days31to60: 0, days61to90: 100, over90: 0, total: 100 },
    ]);
    expect(body.totals).toEqual({
      invoices: 4,
      notDue: 100,
      days0to30: 150,
      days31to60: 0,
      days61to90: 100,
      over90: 300,
      total: 650,
      asOf: '2026-06-30',
      excludesUnconverted: true,
    });
    expect(body.unconverted).toEqual([{ kind: 'receivable', currency: 'GBP', day: '2025-11-01', count: 1, amount: 40, rateMissing: true }]);
  });

  it('counts from today without asOf', async () => {
    const body = await ok(w.t.api.get('/v2/reports/receivables'));
    expect(body.totals.asOf).toBe(w.today);
    expect(body.totals.total).toBe(650);
  });

  it('filters by issue date range, client, manager and currency; a supplier does not apply', async () => {
    expect((await ok(get('from=2026-05-01&to=2026-06-30'))).totals).toMatchObject({ invoices: 2, total: 250, excludesUnconverted: false });
    expect((await ok(get(`client=${w.ids.britco}`))).rows).toEqual([expect.objectContaining({ clientId: w.ids.britco, total: 100 })]);
    expect((await ok(get('currency=GBP'))).totals).toMatchObject({ invoices: 1, total: 100, excludesUnconverted: true });
    // No invoice holds a job of Maria's.
    expect((await ok(get(`manager=${w.ids.maria}`))).rows).toEqual([]);
    expect(expectError(await get(`supplier=${w.ids.sam}`), 400, 'parameter_invalid').details?.[0]?.param).toBe('supplier');
  });

  it('answers CSV and XLSX', async () => {
    const csv = await get('format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="receivables-aging.csv"');
    expect(parse(csv.raw.body, { bom: true })).toEqual([
      [
        'Client id',
        'Client',
        'Invoices',
        'Not yet due (EUR)',
        '0–30 days overdue (EUR)',
        '31–60 days overdue (EUR)',
        '61–90 days overdue (EUR)',
        '> 90 days overdue (EUR)',
        'Total (EUR)',
      ],
      [w.ids.acme, 'Acme', '3', '100', '150', '0', '0', '300', '550'],
      [w.ids.britco, 'Britco', '1', '0', '0', '0', '100', '0', '100'],
    ]);
    const xlsx = await w.t.app.inject({
      method: 'GET',
      url: '/v2/reports/receivables?asOf=2026-06-30&format=xlsx',
      headers: { authorization: `Bearer ${w.t.account.apiKey}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.getWorksheet('Receivables aging')!;
    expect(sheet.getCell('B2').value).toBe('Acme');
    expect(sheet.getCell('I2').value).toBe(550);
    expect(sheet.getCell('I2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C2').numFmt).toBe('0');
  });

  it('refuses a bad asOf and from after to', async () => {
    expect(expectError(await w.t.api.get('/v2/reports/receivables?asOf=2026-13-01'), 400, 'parameter_invalid').details?.[0]?.param).toBe('asOf');
    expect(expectError(await get('from=2026-06-02&to=2026-06-01'), 400, 'parameter_invalid').details?.[0]?.param).toBe('from');
    expect(expectError(await get('format=ods'), 400, 'parameter_invalid').details?.[0]?.param).toBe('format');
  });

  it("never shows another account's invoices; a viewer reads the report", async () => {
    const theirs = await ok(w.t.otherApi.get('/v2/reports/receivables?asOf=2026-06-30'));
    expect(theirs.rows).toEqual([expect.objectContaining({ client: 'Theirs', days0to30: 999 })]);
    expect((await ok(w.viewerApi.get('/v2/reports/receivables?asOf=2026-06-30'))).totals.total).toBe(650);
  });
});
