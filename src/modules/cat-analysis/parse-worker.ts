/**
 * The worker-thread side of report parsing (run by the pool in `report-parser.ts`): parses one
 * report and answers the parsed report or the reader's error as plain data (an Error's class does
 * not survive the trip between threads).
 */
import { CatReportError, CatReportTooLarge, parseReport, type CatToolId, type ParsedReport } from './readers/index.js';

export interface ParseTask {
  bytes: Uint8Array;
  catTool?: CatToolId;
}

export type ParseOutcome = { report: ParsedReport } | { error: { message: string; tooLarge: boolean } };

export default async function parseTask(task: ParseTask): Promise<ParseOutcome> {
  try {
    return { report: await parseReport(task.bytes, task.catTool === undefined ? {} : { catTool: task.catTool }) };
  } catch (error) {
    if (error instanceof CatReportError) return { error: { message: error.message, tooLarge: error instanceof CatReportTooLarge } };
    throw error;
  }
}
