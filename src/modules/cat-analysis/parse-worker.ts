/**
 * The worker-thread side of report parsing (run by the pool in `report-parser.ts`): parses one
 * report and answers the parsed report or the reader's error as plain data (an Error's class does
 * not survive the trip between threads).
 */
import { CatReportError, CatReportTooLarge, parseReport, type CatToolId, type ParsedReport } from './readers/index.js';

export interface ParseTask {
  bytes: Uint8Array;
  catTool?: CatToolId;
  /** Answer the report as JSON text: the main thread sends it as it is, without copying or serialising an object tree. */
  json?: boolean;
}

export type ParseOutcome = { report: ParsedReport } | { json: string } | { error: { message: string; tooLarge: boolean } };

export default async function parseTask(task: ParseTask): Promise<ParseOutcome> {
  try {
    const report = await parseReport(task.bytes, task.catTool === undefined ? {} : { catTool: task.catTool });
    // Key order as the response schema declares it (the readers build the objects in that order).
    return task.json ? { json: JSON.stringify(report) } : { report };
  } catch (error) {
    if (error instanceof CatReportError) return { error: { message: error.message, tooLarge: error instanceof CatReportTooLarge } };
    throw error;
  }
}
