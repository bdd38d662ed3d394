/** Reports (docs/reports.md): margins, receivables aging, payables and workload, as JSON, CSV or XLSX; read-only. */
export { reportRoutes, REPORTS } from './routes.js';
export { agingBucket, isoWeek, AGING_BUCKETS, type AgingBucket } from './calendar.js';
export { monthMargins, type MonthMargins } from './month-margins.js';
