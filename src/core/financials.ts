/**
 * Revenue and margins hidden from the role manager (docs/access.md#revenue-and-margins), decided
 * once here: which fields are financial, who may not see them, and how an answer loses them.
 *
 * A response field is financial when its schema carries the mark `x-financial` (`Financial(…)`,
 * which also makes it optional: it is absent for a caller who may not see it). The access plugin
 * (core/http/access-plugin.ts) reads the account's setting for a manager's request to a route that
 * may show such a field, refuses the routes that are nothing but such figures (`financialOnly`),
 * and takes the marked fields out of every object answer; the view caches keep a copy of their
 * JSON without them (core/view-cache.ts), the CSV exports leave out their columns
 * (core/http/csv-export.ts), and the events listing strips the objects it shows (modules/events).
 */
import { CloneType, Type, type TSchema } from '@sinclair/typebox';
import type { Executor } from './db/dialect.js';
import { isTrue } from './db/dialect.js';
import { preparedQuery } from './db/prepared.js';
import type { Role } from './db/schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any --
   a JSON schema (TypeBox) is walked by its shape here, as csv-columns.ts and openapi.ts do. */
type Schema = Record<string, any>;

/** The schema keyword of a financial field (kept in the OpenAPI document: clients can see which fields may be absent and why). */
export const FINANCIAL_MARK = 'x-financial';

/** A financial field of a response: marked, and optional (absent for a caller who may not see it). */
export const Financial = <T extends TSchema>(schema: T) => Type.Optional(CloneType(schema, { [FINANCIAL_MARK]: true }));

/** The roles the account's setting `managersSeeRevenueAndMargins` limits. */
const LIMITED_ROLES: ReadonlySet<Role> = new Set(['manager']);

/** Whether the account's setting may hide revenue and margins from this role (the setting is read only then). */
export const settingLimits = (role: Role): boolean => LIMITED_ROLES.has(role);

/** The refusal of a route that is nothing but revenue or margins (403 `forbidden`). */
export const FINANCIAL_REFUSAL =
  "The account's settings hide revenue and margins from the role manager (managersSeeRevenueAndMargins is false): an owner or admin can change that";

/**
 * Whether this caller may not see revenue and margins: a role the setting limits, in an account
 * whose setting is off. Read on every request that needs it (one read of the account's row by its
 * key, for managers only): nothing keeps it, so a change counts from the next request, in every process.
 */
export async function hidesFinancials(db: Executor, accountId: string, role: Role, managersSeeRevenue?: boolean): Promise<boolean> {
  if (!LIMITED_ROLES.has(role)) return false;
  // Read with the caller already (PostgreSQL, core/auth.ts): no statement of its own.
  if (managersSeeRevenue !== undefined) return !managersSeeRevenue;
  const row = await revenueSetting.first(db, { accountId });
  return row !== undefined && !isTrue(row.managers_see_revenue_and_margins);
}

/** Prepared: a manager's every request to such a route asks it (a named statement on PostgreSQL, a pipelined read there). */
const revenueSetting = preparedQuery((db, p: { accountId: string }) =>
  db.selectFrom('accounts').select('managers_see_revenue_and_margins').where('id', '=', p.accountId),
);

/** Whether a schema (a response's, with all it nests) has a financial field. */
export function containsFinancials(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  if ((schema as Schema)[FINANCIAL_MARK] === true) return true;
  return Object.values(schema as Schema).some(containsFinancials);
}

/**
 * The value without the fields its schema marks financial, at any depth (objects, arrays, the
 * members of a union). Nothing is changed in place: what holds a removed field is copied, the rest shared.
 */
export function withoutFinancials<T>(schema: Schema | undefined, value: T): T {
  if (schema === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = schema.items as Schema | undefined;
    if (items === undefined) return value;
    let changed = false;
    const stripped = value.map((item: unknown) => {
      const next = withoutFinancials(items, item);
      if (next !== item) changed = true;
      return next;
    });
    return (changed ? stripped : value) as T;
  }
  let result = value as Record<string, unknown>;
  const members = [...((schema.anyOf ?? []) as Schema[]), ...((schema.oneOf ?? []) as Schema[]), ...((schema.allOf ?? []) as Schema[])];
  for (const member of members) result = withoutFinancials(member, result);
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties === undefined) return result as T;
  for (const [key, field] of Object.entries(properties)) {
    if (!(key in result)) continue;
    if (field[FINANCIAL_MARK] === true) {
      const { [key]: _removed, ...rest } = result;
      result = rest;
      continue;
    }
    const inner = result[key];
    const next = withoutFinancials(field, inner);
    if (next !== inner) result = { ...result, [key]: next };
  }
  return result as T;
}
