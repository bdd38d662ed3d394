/**
 * What a report is (docs/reports.md): its parameters beyond the shared filters, the filters that
 * apply to it, its columns, its totals and how it computes its rows. routes.ts serves every report
 * the same way from this: validation, JSON, CSV and XLSX.
 */
import type { TProperties, TSchema } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import type { RateBook } from '../exchange-rates/index.js';
import type { FilterName, Filters, UnconvertedItem } from './schemas.js';
import type { ReportColumn, Row } from './table.js';

export interface ReportResult {
  rows: Row[];
  totals: Record<string, unknown>;
  unconverted: UnconvertedItem[];
}

export interface ReportInput<P> {
  ctx: Ctx;
  params: P;
  filters: Filters;
  rates: RateBook;
}

export interface ReportDefinition<P = Record<string, unknown>> {
  /** The path's last part and the answer's `report`. */
  name: string;
  summary: string;
  /**
   * Nothing but revenue or margins (docs/access.md#revenue-and-margins): 403 `forbidden` for a
   * caller they are hidden from (core/financials.ts).
   */
  financialOnly?: true;
  /** Its own query parameters (beyond the filters and `format`). */
  query: TProperties;
  /** The filters it can be asked with; another is 400 naming it. */
  filters: readonly FilterName[];
  /** Its columns; money headers name the account's currency. */
  columns(params: P, currency: string): ReportColumn[];
  /** The JSON rows' schema (the same keys whatever the params; headers may differ). */
  row: TSchema;
  totals: TSchema;
  /** The title: the workbook's sheet, and the file's name once slugged. */
  title(params: P): string;
  run(input: ReportInput<P>): Promise<ReportResult>;
}

/** Registers a definition with its params' type erased (routes.ts only passes the validated query through). */
export const report = <P>(definition: ReportDefinition<P>): ReportDefinition => definition as unknown as ReportDefinition;
