/**
 * Workload (docs/reports.md#workload): open jobs (not started, in progress, on hold) per manager,
 * due week (ISO 8601) and quantity type: how many and their quantities. Jobs without a due date
 * are their own bucket (`week` null). SQL groups by due day; days become weeks here.
 */
import { Type } from '@sinclair/typebox';
import { Dec } from '../../core/money.js';
import { isoWeek } from './calendar.js';
import { report } from './report.js';
import { reportsRepository as repo } from './repository.js';
import { sumValue } from './sql.js';
import { rowSchema, type ReportColumn, type Row } from './table.js';

function columns(): ReportColumn[] {
  return [
    { key: 'managerId', header: 'Manager id', type: 'text' },
    { key: 'manager', header: 'Manager', type: 'text' },
    { key: 'week', header: 'Due week', type: 'text', nullable: true, description: 'ISO week YYYY-Www of the due date; null: no due date' },
    { key: 'quantityTypeId', header: 'Quantity type id', type: 'text' },
    { key: 'quantityType', header: 'Quantity type', type: 'text' },
    { key: 'jobs', header: 'Jobs', type: 'count' },
    { key: 'quantity', header: 'Quantity', type: 'quantity', description: "the jobs' quantities (in the quantity type)" },
  ];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const workload = report({
  name: 'workload',
  summary: 'Workload: open jobs and their quantities by manager, due week (ISO) and quantity type',
  query: {},
  filters: ['from', 'to', 'client', 'supplier', 'manager', 'currency'],
  columns: () => columns(),
  row: rowSchema(columns()),
  totals: Type.Object({
    jobs: Type.Integer(),
    byQuantityType: Type.Array(Type.Object({ quantityTypeId: Type.String(), quantityType: Type.String(), jobs: Type.Integer(), quantity: Type.Number() })),
  }),
  title: () => 'Workload',
  async run({ ctx, filters }) {
    const groups = await repo.openJobGroups(ctx, filters);
    const [users, units] = await Promise.all([
      repo.names(ctx, 'users', [...new Set(groups.map((group) => group.user_id))]),
      repo.names(ctx, 'units', [...new Set(groups.map((group) => group.unit_id))]),
    ]);
    const cells = new Map<string, { managerId: string; week: string | null; unitId: string; jobs: number; quantity: Dec }>();
    const byUnit = new Map<string, { jobs: number; quantity: Dec }>();
    let jobs = 0;
    for (const group of groups) {
      const week = group.day === null ? null : isoWeek(group.day);
      const key = `${group.user_id}|${week ?? ''}|${group.unit_id}`;
      const cell = cells.get(key) ?? { managerId: group.user_id, week, unitId: group.unit_id, jobs: 0, quantity: new Dec(0) };
      const quantity = sumValue(ctx.dialect, group.quantity);
      cell.jobs += Number(group.jobs);
      cell.quantity = cell.quantity.plus(quantity);
      cells.set(key, cell);
      const unit = byUnit.get(group.unit_id) ?? { jobs: 0, quantity: new Dec(0) };
      byUnit.set(group.unit_id, { jobs: unit.jobs + Number(group.jobs), quantity: unit.quantity.plus(quantity) });
      jobs += Number(group.jobs);
    }
    const rows: Row[] = [...cells.values()]
      .map((cell) => ({
        managerId: cell.managerId,
        manager: users.get(cell.managerId) ?? '',
        week: cell.week,
        quantityTypeId: cell.unitId,
        quantityType: units.get(cell.unitId) ?? '',
        jobs: cell.jobs,
        quantity: cell.quantity.toNumber(),
      }))
      // Managers by name, weeks in order (no due date last), then quantity types by name.
      .sort(
        (a, b) =>
          compare(a.manager, b.manager) ||
          compare(a.managerId, b.managerId) ||
          compare(a.week ?? '~', b.week ?? '~') ||
          compare(a.quantityType, b.quantityType) ||
          compare(a.quantityTypeId, b.quantityTypeId),
      );
    const byQuantityType = [...byUnit.entries()]
      .map(([id, sums]) => ({ quantityTypeId: id, quantityType: units.get(id) ?? '', jobs: sums.jobs, quantity: sums.quantity.toNumber() }))
      .sort((a, b) => compare(a.quantityType, b.quantityType) || compare(a.quantityTypeId, b.quantityTypeId));
    return { rows, totals: { jobs, byQuantityType }, unconverted: [] };
  },
});
