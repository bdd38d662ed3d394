import { describe, expect, it } from 'vitest';
import { en } from '../../../console/src/shared/i18n/en';
import { chartBars, parseReportsSearch, REPORT_COLUMNS, reportUrl, type ReportAnswer } from '../../../console/src/modules/reports/report-kinds';

const answer = (report: ReportAnswer['report'], rows: ReportAnswer['rows'], totals: ReportAnswer['totals'] = {}): ReportAnswer => ({
  report,
  currency: { code: 'EUR', symbol: '€' },
  rows,
  totals,
  unconverted: [],
});

describe('parseReportsSearch', () => {
  it('defaults to the margins by client and keeps a known report, dimension and days', () => {
    expect(parseReportsSearch({})).toEqual({ report: 'margins', by: 'client' });
    expect(parseReportsSearch({ report: 'workload', by: 'manager', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      report: 'workload',
      by: 'manager',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('drops what the API would refuse: an unknown report or dimension, a day in another writing', () => {
    expect(parseReportsSearch({ report: 'secrets', by: 'colour', from: '01/02/2026', to: 5 })).toEqual({ report: 'margins', by: 'client' });
  });
});

describe('reportUrl', () => {
  it('asks the margins by their dimension, and the other reports without one (a filter that does not apply is a 400)', () => {
    expect(reportUrl({ report: 'margins', by: 'languagePair' })).toBe('/v2/reports/margins?by=languagePair');
    expect(reportUrl({ report: 'payables', by: 'languagePair' })).toBe('/v2/reports/payables');
    expect(reportUrl({ report: 'receivables', by: 'client', from: '2026-01-01', to: '2026-03-31' }, 'xlsx')).toBe(
      '/v2/reports/receivables?from=2026-01-01&to=2026-03-31&format=xlsx',
    );
    expect(reportUrl({ report: 'workload', by: 'client' }, 'csv')).toBe('/v2/reports/workload?format=csv');
  });
});

describe('chartBars', () => {
  it('sums the margins per month, months in order, exactly to the cent', () => {
    const chart = chartBars(
      answer('margins', [
        { month: '2026-02', name: 'B', revenue: 0.2, supplierCost: 0, margin: 0.2 },
        { month: '2026-01', name: 'A', revenue: 100, supplierCost: 40, margin: 60 },
        { month: '2026-02', name: 'A', revenue: 0.1, supplierCost: 0.1, margin: 0 },
      ]),
    );
    expect(chart.series).toEqual(['revenue', 'supplierCost', 'margin']);
    expect(chart.bars).toEqual([
      { label: '2026-01', values: { revenue: 100, supplierCost: 40, margin: 60 } },
      { label: '2026-02', values: { revenue: 0.3, supplierCost: 0.1, margin: 0.2 } },
    ]);
  });

  it('draws the receivables per aging bucket from the totals, and the workload per week (no due date apart)', () => {
    const receivables = chartBars(answer('receivables', [], { notDue: 10, days0to30: 5, days31to60: 0, days61to90: 0, over90: 1 }));
    expect(receivables.bars.map((bar) => bar.values.amount)).toEqual([10, 5, 0, 0, 1]);
    const workload = chartBars(
      answer('workload', [
        { week: '2026-W03', jobs: 2 },
        { week: null, jobs: 1 },
        { week: '2026-W03', jobs: 3 },
      ]),
    );
    expect(workload.bars).toEqual([
      { label: '2026-W03', values: { jobs: 5 } },
      { label: '—', values: { jobs: 1 } },
    ]);
  });
});

describe('REPORT_COLUMNS', () => {
  it('names every column with a text of the catalogue', () => {
    for (const columns of Object.values(REPORT_COLUMNS)) for (const column of columns) expect(en[column.label]).toBeTruthy();
  });
});
