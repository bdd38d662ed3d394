/**
 * The columns of a listing's CSV export (docs/reference.md#csv-export), derived from the JSON
 * schema of the listing's items, so that a field added to a resource is exported with no more work:
 * - a scalar field (text, number, boolean, a union of literals) is one column, named as in JSON;
 * - a nested object is flattened, its fields named with dots: `client.id`, `client.name`,
 *   `currency.code`; a nullable object (`Nullable(Reference)`) too, its cells empty when null;
 * - an array, an object without declared fields (an event's `data`), or a union of different
 *   shapes is one column holding its JSON (`[]` for an empty array), so that nothing is lost and
 *   the cell reads back with any JSON parser;
 * - objects nested deeper than MAX_DEPTH are one JSON column too.
 */
import type { CsvColumn } from './csv.js';
import { FINANCIAL_MARK } from './financials.js';

/* eslint-disable @typescript-eslint/no-explicit-any --
   a JSON schema (TypeBox) is walked by its shape here, as the OpenAPI document is in openapi.ts. */
type Schema = Record<string, any>;

const MAX_DEPTH = 4;

/** How a column takes its cell from an item: the path of keys, and whether the cell is JSON. */
export interface ExportColumn extends CsvColumn {
  path: readonly string[];
  json: boolean;
  /** Revenue or margins (core/financials.ts): left out of the file of a caller they are hidden from. */
  financial?: boolean;
}

/** The schema without its null member (`Nullable(x)` → x), or the schema itself. */
function withoutNull(schema: Schema): Schema {
  const members = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!Array.isArray(members)) return schema;
  const rest = members.filter((member) => member.type !== 'null');
  return rest.length === 1 ? rest[0]! : { anyOf: rest };
}

const SCALAR = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function isScalar(schema: Schema): boolean {
  if ('const' in schema || Array.isArray(schema.enum)) return true;
  if (typeof schema.type === 'string') return SCALAR.has(schema.type);
  if (Array.isArray(schema.type)) return (schema.type as string[]).every((type) => SCALAR.has(type));
  const members = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return Array.isArray(members) && members.every(isScalar);
}

/** The columns of items of `schema` (an object schema). */
export function columnsOf(schema: Schema): ExportColumn[] {
  const columns: ExportColumn[] = [];
  const walk = (node: Schema, path: string[], financial: boolean) => {
    const plain = withoutNull(node);
    const isFinancial = financial || node[FINANCIAL_MARK] === true;
    const header = path.join('.');
    const properties = plain.type === 'object' ? (plain.properties as Record<string, Schema> | undefined) : undefined;
    if (properties && Object.keys(properties).length > 0 && path.length < MAX_DEPTH) {
      for (const [key, child] of Object.entries(properties)) walk(child, [...path, key], isFinancial);
    } else {
      const json = !isScalar(plain);
      columns.push({ key: String(columns.length), header, path, json, ...(isFinancial ? { financial: true } : {}) });
    }
  };
  const root = withoutNull(schema);
  for (const [key, child] of Object.entries((root.properties ?? {}) as Record<string, Schema>)) walk(child, [key], false);
  return columns;
}

/**
 * One item as the cells of `columns`, in order (csv-stringify takes arrays by column index).
 */
export function cellsOf(item: unknown, columns: readonly ExportColumn[]): unknown[] {
  // A plain loop into an array of the right length: called for every row of an export, a hundred columns each.
  const cells = new Array<unknown>(columns.length);
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c]!;
    const path = column.path;
    let value: unknown = item;
    for (let k = 0; k < path.length && value !== null && value !== undefined; k++)
      value = typeof value === 'object' ? (value as Record<string, unknown>)[path[k]!] : undefined;
    if (value === null || value === undefined) cells[c] = null;
    // A value whose schema said scalar but that is not (no schema is that loose today): JSON, never "[object Object]".
    else cells[c] = column.json || typeof value === 'object' ? JSON.stringify(value) : value;
  }
  return cells;
}
