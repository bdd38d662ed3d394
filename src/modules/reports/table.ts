/**
 * One table, three answers (docs/reports.md#formats): a report's rows are written as JSON by its
 * route, or here as CSV (core/csv.ts: formula-safe) or as an XLSX workbook (exceljs). The same
 * columns give the JSON rows' schema, the CSV header and the workbook's header and number formats.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type ExcelJS from 'exceljs';
import { csvWriter } from '../../core/csv.js';
import { lazyModule } from '../../core/lazy-module.js';
import { Nullable } from '../../core/schemas.js';

const excelJs = lazyModule<typeof ExcelJS>('exceljs');

/** `text` cells, `money` (2 decimals), `quantity`, `count` (whole numbers), `rate` (a fraction, shown as a percentage). */
export type ColumnType = 'text' | 'money' | 'quantity' | 'count' | 'rate';

export interface ReportColumn {
  key: string;
  header: string;
  type: ColumnType;
  /** A text cell that may be empty (null in JSON). */
  nullable?: boolean;
  description?: string;
}

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The JSON schema of a row of these columns (keys are the same whatever the headers say). */
export function rowSchema(columns: readonly ReportColumn[]): TSchema {
  const properties: Record<string, TSchema> = {};
  for (const column of columns) {
    const options = column.description === undefined ? {} : { description: column.description };
    const base = column.type === 'text' ? Type.String(options) : column.type === 'count' ? Type.Integer(options) : Type.Number(options);
    properties[column.key] = column.nullable ? Nullable(base) : base;
  }
  return Type.Object(properties);
}

/** CSV text of the rows, header first. */
export async function toCsv(columns: readonly ReportColumn[], rows: readonly Row[]): Promise<string> {
  const writer = csvWriter(columns.map((column) => ({ key: column.key, header: column.header })));
  const chunks: string[] = [];
  writer.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    writer.on('end', resolve);
    writer.on('error', reject);
  });
  for (const row of rows) writer.write(row);
  writer.end();
  await done;
  return chunks.join('');
}

const NUMBER_FORMATS: Record<ColumnType, string | undefined> = {
  text: undefined,
  money: '#,##0.00',
  quantity: '#,##0.00',
  count: '0',
  rate: '0.00%',
};

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

export interface Sheet {
  name: string;
  columns: readonly ReportColumn[];
  rows: readonly Row[];
}

/** An XLSX workbook: one sheet per table, a bold header row, numbers as numbers with their formats. */
export async function toXlsx(sheets: readonly Sheet[]): Promise<Buffer> {
  const workbook = new (excelJs().Workbook)();
  workbook.creator = 'Transdesk';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({
      key: column.key,
      header: column.header,
      width: Math.max(12, Math.min(40, column.header.length + 2)),
      ...(NUMBER_FORMATS[column.type] ? { style: { numFmt: NUMBER_FORMATS[column.type] } } : {}),
    }));
    worksheet.getRow(1).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
