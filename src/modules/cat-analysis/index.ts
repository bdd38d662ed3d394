/** What other modules may use of CAT analysis: the report readers, the parse function, the worker pool and the import. */
export { CatReportError, CatReportTooLarge, looksLikeReport, parseReport, type ParsedReport } from './readers/index.js';
export { catAnalysis } from './service.js';
export { ReportParser } from './report-parser.js';
export { reportCap } from './multipart.js';
