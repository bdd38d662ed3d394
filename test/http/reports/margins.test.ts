import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../helper.js';
import { buildWorld, ok, type World } from './fixture.js';

/** GET /v2/reports/margins (docs/reports.md#margins) over the world of fixture.ts. */
let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 60_000);
afterAll(async () => w.t.close());

const get = (query: string) => w.t.api.get(`/v2/reports/margins?${query}`);

describe('GET /v2/reports/margins', () => {
  it('answers revenue, supplier cost and margin by month and client in EUR, listing what had no rate', async () => {
    const body = await ok(get('by=client'));
    const month = w.today.slice(0, 7);
    expect(body.object).toBe('report');
    expect(body.report).toBe('margins');
    expect(body.currency).toEqual({ code: 'EUR', symbol: '€' });
    expect(body.rows).toEqual([
      { month: '2026-01', id: w.ids.acme, name: 'Acme', jobs: 1, revenue: 1000, supplierCost: 600, margin: 400, marginRate: 0.4, unpricedOutsourcings: 0 },
      { month: '2026-01', id: w.ids.britco, name: 'Britco', jobs: 1, revenue: 1000, supplierCost: 0, margin: 1000, marginRate: 1, unpricedOutsourcings: 1 },
      // J5 is non-billable: no revenue, its supplier cost counts; J4 is cancelled: not counted.
      { month: '2026-02', id: w.ids.acme, name: 'Acme', jobs: 1, revenue: 0, supplierCost: 50, margin: -50, marginRate: null, unpricedOutsourcings: 0 },
      { month, id: w.ids.acme, name: 'Acme', jobs: 1, revenue: 600, supplierCost: 0, margin: 600, marginRate: 1, unpricedOutsourcings: 0 },
    ]);
    expect(body.totals).toEqual({
      jobs: 4,
      revenue: 2600,
      supplierCost: 650,
      margin: 1950,
      marginRate: 0.75,
      unpricedOutsourcings: 1,
      excludesUnconverted: true,
    });
    // J3 (GBP, 2025-12-10): no GBP rate that day, so its revenue and its EUR cost are left out together.
    expect(body.unconverted).toEqual([
      { kind: 'supplierCost', currency: 'EUR', day: '2025-12-10', count: 1, amount: 100, rateMissing: false },
      { kind: 'revenue', currency: 'GBP', day: '2025-12-10', count: 1, amount: 500, rateMissing: true },
    ]);
    expect(body.filters).toEqual({ from: null, to: null, client: null, supplier: null, manager: null, currency: null });
  });

  it('groups by manager, language pair and service', async () => {
    const byManager = await ok(get('by=manager&to=2026-12-31&from=2026-01-01'));
    expect(byManager.rows.map((row: any) => [row.month, row.name, row.revenue, row.supplierCost])).toEqual(
      [
        ['2026-01', w.ownerName, 2000, 600],
        ['2026-02', 'Maria Manager', 0, 50],
        ...(w.today <= '2026-12-31' ? [[w.today.slice(0, 7), w.ownerName, 600, 0]] : []),
      ].filter((row) => row[0]! <= '2026-12'),
    );
    const byPair = await ok(get('by=languagePair&from=2026-01-01&to=2026-01-31'));
    expect(byPair.rows.map((row: any) => [row.id, row.name, row.revenue])).toEqual([
      [null, 'No language pair', 1000],
      [w.ids.enFr, 'en → fr', 1000],
    ]);
    const byService = await ok(get('by=service&from=2026-01-01&to=2026-02-28'));
    expect(byService.rows.map((row: any) => [row.month, row.name, row.revenue, row.supplierCost])).toEqual([
      ['2026-01', 'Report translation', 2000, 600],
      ['2026-02', 'Report translation', 0, 50],
    ]);
  });

  it('filters by date range, client, supplier, manager and currency', async () => {
    const january = await ok(get('by=client&from=2026-01-01&to=2026-01-31'));
    expect(january.totals).toMatchObject({ jobs: 2, revenue: 2000, supplierCost: 600, excludesUnconverted: false });
    expect(january.unconverted).toEqual([]);
    const acme = await ok(get(`by=client&client=${w.ids.acme}`));
    expect(acme.rows.every((row: any) => row.id === w.ids.acme)).toBe(true);
    expect(acme.totals).toMatchObject({ jobs: 3, revenue: 1600, supplierCost: 650, excludesUnconverted: false });
    // Jobs outsourced to Uma: J1 only, with all of its costs.
    const uma = await ok(get(`by=client&supplier=${w.ids.uma}`));
    expect(uma.rows).toEqual([expect.objectContaining({ month: '2026-01', id: w.ids.acme, revenue: 1000, supplierCost: 600 })]);
    const maria = await ok(get(`by=manager&manager=${w.ids.maria}`));
    expect(maria.rows).toEqual([expect.objectContaining({ month: '2026-02', id: w.ids.maria, jobs: 1, supplierCost: 50 })]);
    const gbp = await ok(get('by=client&currency=GBP'));
    expect(gbp.rows).toEqual([expect.objectContaining({ id: w.ids.britco, revenue: 1000 })]);
    expect(gbp.totals.excludesUnconverted).toBe(true);
    expect(gbp.filters.currency).toBe('GBP');
  });

  it('answers CSV: the same rows, headers naming the currency', async () => {
    const reply = await get('by=client&from=2026-01-01&to=2026-02-28&format=csv');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="margins-by-client-2026-01-01-2026-02-28.csv"');
    const text = reply.raw.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows: string[][] = parse(text, { bom: true });
    expect(rows).toEqual([
      ['Month', 'Client id', 'Client', 'Jobs', 'Job revenue (EUR)', 'Supplier cost (EUR)', 'Margin (EUR)', 'Margin rate', 'Unpriced outsourcings'],
      ['2026-01', w.ids.acme, 'Acme', '1', '1000', '600', '400', '0.4', '0'],
      ['2026-01', w.ids.britco, 'Britco', '1', '1000', '0', '1000', '1', '1'],
      ['2026-02', w.ids.acme, 'Acme', '1', '0', '50', '-50', '', '0'],
    ]);
  });

  it('answers XLSX: a header row, numbers as numbers with 2 decimals, and a sheet of what was not converted', async () => {
    const reply = await w.t.app.inject({
      method: 'GET',
      url: '/v2/reports/margins?by=manager&format=xlsx',
      headers: { authorization: `Bearer ${w.t.account.apiKey}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="margins-by-manager.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as never);
    const sheet = workbook.getWorksheet('Margins by manager')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Month',
      'Manager id',
      'Manager',
      'Jobs',
      'Job revenue (EUR)',
      'Supplier cost (EUR)',
      'Margin (EUR)',
      'Margin rate',
      'Unpriced outsourcings',
    ]);
    expect(sheet.getCell('A2').value).toBe('2026-01');
    expect(sheet.getCell('C2').value).toBe(w.ownerName);
    expect(sheet.getCell('E2').value).toBe(2000);
    expect(sheet.getCell('E2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('F2').value).toBe(600);
    expect(sheet.getCell('H2').value).toBe(0.7);
    expect(sheet.getCell('H2').numFmt).toBe('0.00%');
    const left = workbook.getWorksheet('Not converted')!;
    expect(left.getRow(1).values).toEqual([undefined, 'Kind', 'Currency', 'Day', 'Count', 'Amount', 'Rate missing']);
    expect(left.getRow(2).values).toEqual([undefined, 'supplierCost', 'EUR', '2025-12-10', 1, 100, 'no']);
    expect(left.getRow(3).values).toEqual([undefined, 'revenue', 'GBP', '2025-12-10', 1, 500, 'yes']);
  });

  it('refuses a bad day, an unknown by or format, from after to, and a missing by, naming the field', async () => {
    expect(expectError(await get('by=client&from=2026-02-30'), 400, 'parameter_invalid').details?.[0]?.param).toBe('from');
    expect(expectError(await get('by=client&to=yesterday'), 400, 'parameter_invalid').details?.[0]?.param).toBe('to');
    expect(expectError(await get('by=country'), 400, 'parameter_invalid').details?.[0]?.param).toBe('by');
    expect(expectError(await get('by=client&format=pdf'), 400, 'parameter_invalid').details?.[0]?.param).toBe('format');
    expect(expectError(await get('by=client&from=2026-03-01&to=2026-02-01'), 400, 'parameter_invalid').details?.[0]?.param).toBe('from');
    expect(expectError(await get(''), 400, 'parameter_missing').details?.[0]?.param).toBe('by');
    expect(expectError(await get('by=client&currency=EURO'), 400, 'parameter_invalid').details?.[0]?.param).toBe('currency');
  });

  it("never shows another account's data; a viewer reads it", async () => {
    const theirs = await ok(w.t.otherApi.get('/v2/reports/margins?by=client'));
    expect(theirs.rows.map((row: any) => row.name)).toEqual(['Theirs']);
    expect(theirs.totals).toMatchObject({ jobs: 1, revenue: 999 });
    const mine = await ok(get(`by=client&client=${(theirs.rows[0] as { id: string }).id}`));
    expect(mine.rows).toEqual([]);
    const viewed = await ok(w.viewerApi.get('/v2/reports/margins?by=client'));
    expect(viewed.totals.revenue).toBe(2600);
  });
});
