import { exists, inUse, invalid, notFound } from '../../core/errors.js';
import { isForeignKeyViolation, isUniqueViolation, bool, isTrue } from '../../core/db/dialect.js';
import { newId } from '../../core/ids.js';
import { nowIso } from '../../core/dates.js';
import { recordEvent } from '../../core/events.js';
import { lockAccount } from '../../core/db/locks.js';
import { toDecimalString } from '../../core/money.js';
import type { Ctx } from '../../core/context.js';
import { namedKinds, matchCategories, services, units, type NamedKind } from './kinds.js';
import { namedRepository as repo, type NamedRow } from './repository.js';

export type NamedRecord = Record<string, unknown> & { id: string; name: string };
export interface Ref {
  id: string;
  name: string;
}

export const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The order of names in listings: English alphabetical order, case-insensitive at first, numbers
 * by value ("VAT 5" before "VAT 21"). Compared in code so both databases answer the same order.
 */
const nameCollator = new Intl.Collator('en', { numeric: true });
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareNames(a: { name: string; name_key: string; id: string }, b: { name: string; name_key: string; id: string }): number {
  return nameCollator.compare(a.name, b.name) || byText(a.name_key, b.name_key) || byText(a.id, b.id);
}

/** Listing order (docs/reference.md#bare-arrays): pinned first then name, creation order, or name. */
function compareRows(kind: NamedKind): (a: NamedRow, b: NamedRow) => number {
  if (kind.order === 'position') return (a, b) => Number(a.position) - Number(b.position) || byText(a.id, b.id);
  if (kind.order === 'pinnedName') return (a, b) => Number(isTrue(b.pinned as number)) - Number(isTrue(a.pinned as number)) || compareNames(a, b);
  return compareNames;
}

export function toRecord(kind: NamedKind, row: NamedRow): NamedRecord {
  const record: NamedRecord = { id: row.id, name: row.name };
  for (const field of kind.fields) {
    const value = row[field.column];
    record[field.api] = field.type === 'bool' ? isTrue(value as number) : field.type === 'decimal' ? Number(value) : value;
  }
  return record;
}

function columnValue(kind: NamedKind, api: string, value: unknown): unknown {
  const field = kind.fields.find((f) => f.api === api)!;
  if (field.type === 'bool') return bool(value as boolean);
  if (field.type === 'decimal') return toDecimalString(value as number);
  if (field.normalise && typeof value === 'string') return field.normalise(value);
  return value;
}

async function load(ctx: Ctx, kind: NamedKind, id: string): Promise<NamedRow> {
  const row = await repo.find(ctx.db, kind, ctx.accountId, id);
  if (!row) throw notFound(kind.label.toLowerCase(), id);
  return row;
}

async function assertNameFree(ctx: Ctx, kind: NamedKind, name: string, exceptId?: string): Promise<void> {
  const clash = await repo.findByNameKey(ctx.db, kind, ctx.accountId, nameKey(name));
  if (clash && clash.id !== exceptId) throw exists(`${kind.label} "${clash.name}" already exists`);
}

/**
 * Exclusive flags (docs/master-data.md#exclusive-flags): setting one on a record clears it on the others. Answers the ids
 * of the records it changed, which get their own `updated` event.
 */
async function applyExclusive(ctx: Ctx, kind: NamedKind, id: string, input: Record<string, unknown>, now: string): Promise<string[]> {
  const cleared = new Set<string>();
  for (const field of kind.fields) {
    if (field.exclusive && input[field.api] === true) {
      for (const other of await repo.clearFlag(ctx.db, kind, ctx.accountId, field.column, id, now)) cleared.add(other);
    }
  }
  return [...cleared].sort();
}

/** Read-modify-write sequences (positions, exclusive flags) are serialised per account. */
function needsAccountLock(kind: NamedKind, input: Record<string, unknown>, creating: boolean): boolean {
  if (creating && kind.order === 'position') return true;
  return kind.fields.some((field) => field.exclusive && input[field.api] === true);
}

async function recordCleared(ctx: Ctx, kind: NamedKind, ids: string[]): Promise<void> {
  for (const other of ids) await recordEvent(ctx, `${kind.resource}.updated`, await namedService.get(ctx, kind, other));
}

async function guardUnique<T>(kind: NamedKind, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two concurrent creates of one name: the unique index decides, the loser gets 409.
    if (isUniqueViolation(error)) throw exists(`${kind.label} with this name already exists`);
    throw error;
  }
}

export const namedService = {
  async list(ctx: Ctx, kind: NamedKind): Promise<NamedRecord[]> {
    const rows = await repo.list(ctx.db, kind, ctx.accountId);
    return rows.sort(compareRows(kind)).map((row) => toRecord(kind, row));
  },

  async get(ctx: Ctx, kind: NamedKind, id: string): Promise<NamedRecord> {
    return toRecord(kind, await load(ctx, kind, id));
  },

  async create(ctx: Ctx, kind: NamedKind, input: Record<string, unknown> & { name: string }): Promise<NamedRecord> {
    const name = input.name.trim();
    if (name === '') throw invalid('name', 'must not be empty');
    if (needsAccountLock(kind, input, true)) await lockAccount(ctx);
    await assertNameFree(ctx, kind, name);
    const now = nowIso();
    const id = newId();
    const row: Record<string, unknown> = { id, account_id: ctx.accountId, name, name_key: nameKey(name), created_at: now, updated_at: now };
    for (const field of kind.fields) {
      const value = input[field.api] ?? field.default;
      if (value !== undefined) row[field.column] = columnValue(kind, field.api, value);
    }
    if (kind.order === 'position') row.position = await repo.nextPosition(ctx.db, kind, ctx.accountId);
    await guardUnique(kind, () => repo.insert(ctx.db, kind, row));
    const cleared = await applyExclusive(ctx, kind, id, input, now);
    const record = await namedService.get(ctx, kind, id);
    await recordEvent(ctx, `${kind.resource}.created`, record);
    await recordCleared(ctx, kind, cleared);
    return record;
  },

  async update(ctx: Ctx, kind: NamedKind, id: string, input: Record<string, unknown>): Promise<NamedRecord> {
    if (needsAccountLock(kind, input, false)) await lockAccount(ctx);
    await load(ctx, kind, id);
    const now = nowIso();
    const changes: Record<string, unknown> = { updated_at: now };
    if (typeof input.name === 'string') {
      const name = input.name.trim();
      if (name === '') throw invalid('name', 'must not be empty');
      await assertNameFree(ctx, kind, name, id);
      changes.name = name;
      changes.name_key = nameKey(name);
    }
    for (const field of kind.fields) {
      if (input[field.api] !== undefined) changes[field.column] = columnValue(kind, field.api, input[field.api]);
    }
    await guardUnique(kind, () => repo.update(ctx.db, kind, ctx.accountId, id, changes));
    const cleared = await applyExclusive(ctx, kind, id, input, now);
    const record = await namedService.get(ctx, kind, id);
    await recordEvent(ctx, `${kind.resource}.updated`, record);
    await recordCleared(ctx, kind, cleared);
    return record;
  },

  async remove(ctx: Ctx, kind: NamedKind, id: string): Promise<void> {
    const record = toRecord(kind, await load(ctx, kind, id));
    try {
      await repo.delete(ctx.db, kind, ctx.accountId, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw inUse(`${kind.label} "${record.name}"`);
      throw error;
    }
    await recordEvent(ctx, `${kind.resource}.deleted`, record);
  },

  /**
   * A reference from another record (docs/master-data.md#disabled-records): the id must be this account's and, for a new
   * reference, not disabled. `current` is the id already referenced, which stays valid when disabled.
   */
  async reference(ctx: Ctx, kind: NamedKind, id: string, param: string, current?: string | null): Promise<Ref> {
    const [row] = await repo.references(ctx.db, kind, ctx.accountId, [id]);
    if (!row) throw invalid(param, `no ${kind.label.toLowerCase()} with id ${id}`);
    if (kind.disableable && isTrue(row.disabled) && id !== current) {
      throw invalid(param, `${kind.label.toLowerCase()} "${row.name}" is disabled`);
    }
    return { id: row.id, name: row.name };
  },

  /**
   * `reference` for several ids in one query: each item checked in order, the first bad one
   * refused with its own parameter name.
   */
  async referenceAll(ctx: Ctx, kind: NamedKind, items: ReadonlyArray<{ id: string; param: string; current?: string | null }>): Promise<Ref[]> {
    const rows = new Map(
      (
        await repo.references(
          ctx.db,
          kind,
          ctx.accountId,
          items.map((item) => item.id),
        )
      ).map((row) => [row.id, row]),
    );
    return items.map(({ id, param, current }) => {
      const row = rows.get(id);
      if (!row) throw invalid(param, `no ${kind.label.toLowerCase()} with id ${id}`);
      if (kind.disableable && isTrue(row.disabled) && id !== current) {
        throw invalid(param, `${kind.label.toLowerCase()} "${row.name}" is disabled`);
      }
      return { id: row.id, name: row.name };
    });
  },

  /** Default master data of a new account (docs/master-data.md#default-master-data-of-a-new-account). */
  async seedDefaults(ctx: Ctx): Promise<void> {
    for (const name of ['Translation', 'Revision', 'Proofreading', 'Post-editing', 'Desktop publishing']) {
      await namedService.create(ctx, services, { name });
    }
    await namedService.create(ctx, units, { name: 'Words', pinned: true });
    for (const name of ['Characters', 'Pages', 'Lines']) await namedService.create(ctx, units, { name });
    await namedService.create(ctx, units, { name: 'Hours', isHours: true });
    for (const name of ['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%', '50-74%', 'No match']) {
      await namedService.create(ctx, matchCategories, { name });
    }
  },
};

export { namedKinds };
