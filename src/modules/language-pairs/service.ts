import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { bool, isForeignKeyViolation, isTrue, isUniqueViolation } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { excerpt, exists, inUse, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { languageName, parseLanguage } from '../../core/language.js';
import { languagePairRepository as repo, type LanguagePairRow } from './repository.js';
import type { LanguagePair, LanguagePairRef } from './schemas.js';

export type LanguagePairObject = Static<typeof LanguagePair>;
export type LanguagePairReference = Static<typeof LanguagePairRef>;

const language = (code: string) => ({ code, name: languageName(code) });

export function toReference(row: LanguagePairRow): LanguagePairReference {
  const ref: LanguagePairReference = { id: row.id, target: language(row.target_code), bidirectional: isTrue(row.bidirectional) };
  if (row.source_code !== null) ref.source = language(row.source_code);
  return { id: ref.id, ...(ref.source ? { source: ref.source } : {}), target: ref.target, bidirectional: ref.bidirectional };
}

function toObject(row: LanguagePairRow): LanguagePairObject {
  return { ...toReference(row), pinned: isTrue(row.pinned), disabled: isTrue(row.disabled) };
}

const pairKey = (source: string | null, target: string) => `${source ?? ''}>${target}`;

/**
 * Listing order (docs/reference.md#bare-arrays): pinned first, then by name: the source language's English name
 * (pairs without a source first), then the target's. Compared in code: names come from `Intl`.
 */
const nameCollator = new Intl.Collator('en', { numeric: true });
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
function comparePairs(a: LanguagePairObject, b: LanguagePairObject): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    nameCollator.compare(a.source?.name ?? '', b.source?.name ?? '') ||
    nameCollator.compare(a.target.name, b.target.name) ||
    byText(a.source?.code ?? '', b.source?.code ?? '') ||
    byText(a.target.code, b.target.code) ||
    byText(a.id, b.id)
  );
}
const describe = (row: LanguagePairRow) => `${row.source_code ?? '(none)'} → ${row.target_code}`;

async function load(ctx: Ctx, id: string): Promise<LanguagePairRow> {
  const row = await repo.find(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('language pair', id);
  return row;
}

export const languagePairs = {
  async list(ctx: Ctx): Promise<LanguagePairObject[]> {
    return (await repo.list(ctx.db, ctx.accountId)).map(toObject).sort(comparePairs);
  },

  async get(ctx: Ctx, id: string): Promise<LanguagePairObject> {
    return toObject(await load(ctx, id));
  },

  async create(ctx: Ctx, input: { target: string; source?: string; bidirectional?: boolean }): Promise<LanguagePairObject> {
    const target = parseLanguage(input.target);
    if (!target) throw invalid('target', `unknown language code "${excerpt(input.target)}" (use xx or xx-XX, e.g. fr or en-US)`);
    let source: string | null = null;
    if (input.source !== undefined && input.source !== '') {
      const parsed = parseLanguage(input.source);
      if (!parsed) throw invalid('source', `unknown language code "${excerpt(input.source)}" (use xx or xx-XX, e.g. fr or en-US)`);
      source = parsed.code;
    }
    if (source === target.code) throw invalid('target', 'must differ from source');
    const key = pairKey(source, target.code);
    if (await repo.findByKey(ctx.db, ctx.accountId, key)) throw exists(`Language pair ${source ?? '(none)'} → ${target.code} already exists`);
    const now = nowIso();
    const row: LanguagePairRow = {
      id: newId(),
      account_id: ctx.accountId,
      source_code: source,
      target_code: target.code,
      pair_key: key,
      bidirectional: bool(input.bidirectional ?? false),
      pinned: 0,
      disabled: 0,
      created_at: now,
      updated_at: now,
    };
    try {
      await repo.insert(ctx.db, row);
    } catch (error) {
      if (isUniqueViolation(error)) throw exists(`Language pair ${describe(row)} already exists`);
      throw error;
    }
    const pair = toObject(row);
    await recordEvent(ctx, 'languagePair.created', pair);
    return pair;
  },

  async update(ctx: Ctx, id: string, input: { disabled?: boolean; pinned?: boolean }): Promise<LanguagePairObject> {
    await load(ctx, id);
    const changes: Partial<LanguagePairRow> = { updated_at: nowIso() };
    if (input.disabled !== undefined) changes.disabled = bool(input.disabled);
    if (input.pinned !== undefined) changes.pinned = bool(input.pinned);
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const pair = toObject(await load(ctx, id));
    await recordEvent(ctx, 'languagePair.updated', pair);
    return pair;
  },

  async remove(ctx: Ctx, id: string): Promise<void> {
    const row = await load(ctx, id);
    try {
      await repo.delete(ctx.db, ctx.accountId, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw inUse(`Language pair ${describe(row)}`);
      throw error;
    }
    await recordEvent(ctx, 'languagePair.deleted', toObject(row));
  },

  /**
   * A new reference from another record: the pair must be this account's and not disabled
   * (`current`, the pair already referenced, stays valid when disabled).
   */
  async reference(ctx: Ctx, id: string, param: string, current?: string | null): Promise<LanguagePairReference> {
    const row = await repo.find(ctx.db, ctx.accountId, id);
    if (!row) throw invalid(param, `no language pair with id ${id}`);
    if (isTrue(row.disabled) && id !== current) throw invalid(param, `language pair ${describe(row)} is disabled`);
    return toReference(row);
  },

  /** References of several pairs at once (for embedding in listings), by id. */
  async referencesByIds(ctx: Ctx, ids: readonly string[]): Promise<Map<string, LanguagePairReference>> {
    const rows = await repo.findMany(ctx.db, ctx.accountId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, toReference(row)]));
  },
};
