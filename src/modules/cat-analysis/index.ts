/** What other modules may use of CAT analysis: the report readers and the parse function. */
export { CatReportError, parseReport, type ParsedReport } from './readers/index.js';
export { catAnalysis } from './service.js';
