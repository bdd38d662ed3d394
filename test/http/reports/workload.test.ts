import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../helper.js';
import { buildWorld, ok, type World } from './fixture.js';

/** GET /v2/reports/workload (docs/reports.md#workload) over the world of fixture.ts. */
let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 60_000);
afterAll(async () => w.t.close());

const get = (query: string) => w.t.api.get(`/v2/reports/workload${query === '' ? '' : `?${query}`}`);

describe('GET /v2/reports/workload', () => {
  it('counts open jobs and their quantities by manager and ISO due week, no due date apart', async () => {
    const body = await ok(get(''));
    const row = (managerId: string, manager: string, week: string | null, jobs: number, quantity: number) => ({
      managerId,
      manager,
      week,
      quantityTypeId: w.ids.words,
      quantityType: 'Report words',
      jobs,
      quantity,
    });
    const owner = [
      row(w.ids.owner, w.ownerName, '2025-W50', 1, 250),
      row(w.ids.owner, w.ownerName, '2026-W03', 1, 1000),
      row(w.ids.owner, w.ownerName, '2026-W04', 1, 500),
      row(w.ids.owner, w.ownerName, null, 1, 50),
    ];
    // J4 is cancelled: not open.
    const maria = [row(w.ids.maria, 'Maria Manager', '2026-W07', 1, 100)];
    expect(body.rows).toEqual(w.ownerName < 'Maria Manager' ? [...owner, ...maria] : [...maria, ...owner]);
    expect(body.totals).toEqual({ jobs: 5, byQuantityType: [{ quantityTypeId: w.ids.words, quantityType: 'Report words', jobs: 5, quantity: 1900 }] });
    expect(body.unconverted).toEqual([]);
  });

  it('filters by due range (jobs without a due date then left out), client, supplier, manager and currency', async () => {
    expect((await ok(get('from=2026-01-01&to=2026-01-31'))).totals.jobs).toBe(2);
    expect((await ok(get(`client=${w.ids.britco}`))).totals.jobs).toBe(2);
    expect((await ok(get(`supplier=${w.ids.uma}`))).rows).toEqual([expect.objectContaining({ week: '2026-W03', quantity: 1000 })]);
    expect((await ok(get(`manager=${w.ids.maria}`))).totals.jobs).toBe(1);
    expect((await ok(get('currency=GBP'))).totals.jobs).toBe(2);
  });

  it('answers CSV and XLSX', async () => {
    const csv = await get(`manager=${w.ids.maria}&format=csv`);
    expect(parse(csv.raw.body, { bom: true })).toEqual([
      ['Manager id', 'Manager', 'Due week', 'Quantity type id', 'Quantity type', 'Jobs', 'Quantity'],
      [w.ids.maria, 'Maria Manager', '2026-W07', w.ids.words, 'Report words', '1', '100'],
    ]);
    const xlsx = await w.t.app.inject({
      method: 'GET',
      url: `/v2/reports/workload?manager=${w.ids.maria}&format=xlsx`,
      headers: { authorization: `Bearer ${w.t.account.apiKey}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.getWorksheet('Workload')!;
    expect(sheet.getCell('G2').value).toBe(100);
    expect(sheet.getCell('F2').value).toBe(1);
    expect(workbook.worksheets.length).toBe(1);
  });

  it('refuses bad filters', async () => {
    expect(expectError(await get('to=2026-02-29'), 400, 'parameter_invalid').details?.[0]?.param).toBe('to');
    expect(expectError(await get('manager=12'), 400, 'parameter_invalid').details?.[0]?.param).toBe('manager');
  });

  it("never shows another account's jobs; a viewer reads the report", async () => {
    const theirs = await ok(w.t.otherApi.get('/v2/reports/workload'));
    expect(theirs.totals.jobs).toBe(1);
    expect((await ok(w.viewerApi.get('/v2/reports/workload'))).totals.jobs).toBe(5);
  });
});
