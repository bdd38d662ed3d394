import { sql } from 'kysely';
import type { Ctx } from '../../core/context.js';
import { likeEscaped } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { parentChanged, type CheckedParent } from '../../core/parent-resource.js';
import { EMPTY_PARAGRAPH, toRichText } from '../../core/richtext.js';
import type { ContactKind } from './kinds.js';
import { contactRepository as repo, type ContactRow } from './repository.js';
import type { ContactInput, ContactObject } from './schemas.js';

function readEmails(kind: ContactKind, stored: string): Record<string, boolean> {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(stored) as Record<string, unknown>;
  } catch {
    // A damaged value falls back to the defaults.
  }
  const emails: Record<string, boolean> = {};
  for (const [flag, fallback] of Object.entries(kind.emails)) emails[flag] = typeof parsed[flag] === 'boolean' ? parsed[flag] : fallback;
  return emails;
}

function mergeEmails(kind: ContactKind, current: Record<string, boolean>, input: Record<string, boolean | undefined>): string {
  const emails = { ...current };
  for (const flag of Object.keys(kind.emails)) if (typeof input[flag] === 'boolean') emails[flag] = input[flag];
  return JSON.stringify(emails);
}

export function toContact(kind: ContactKind, row: ContactRow): ContactObject {
  return {
    id: row.id,
    ...(row.email ? { email: row.email } : {}),
    emails: readEmails(kind, row.emails),
    fullName: row.full_name,
    mobile: row.mobile,
    nickname: row.nickname,
    notes: row.notes,
    phone: row.phone,
    pictureUrl: null,
    title: row.title,
  };
}

function fullName(value: string): string {
  const name = value.trim();
  if (name === '') throw invalid('fullName', 'must not be empty');
  return name;
}

/** The columns set by the optional fields of a create or update. */
function changesOf(kind: ContactKind, input: ContactInput, current: Record<string, boolean>): Partial<ContactRow> {
  const changes: Partial<ContactRow> = {};
  if (input.fullName !== undefined) changes.full_name = fullName(input.fullName);
  if (input.email !== undefined) changes.email = input.email === null || input.email === '' ? null : input.email.trim();
  if (input.emails !== undefined) changes.emails = mergeEmails(kind, current, input.emails);
  if (input.mobile !== undefined) changes.mobile = input.mobile;
  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.notes !== undefined) changes.notes = toRichText(input.notes);
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.title !== undefined) changes.title = input.title;
  return changes;
}

async function load(ctx: Ctx, kind: ContactKind, ownerId: string, id: string, lock = false): Promise<ContactRow> {
  const row = await repo.find(ctx.db, ctx.accountId, kind, ownerId, id, lock ? ctx.dialect : undefined);
  if (!row) throw notFound('contact', id);
  return row;
}

export const contacts = {
  /**
   * The owners (client or supplier ids) with a contact whose full name or e-mail contains the
   * pattern (`containsPattern`): a subquery, for the owners' `q` filter (docs/clients-suppliers.md#listing-get-v2clients-get-v2suppliers).
   */
  ownerIdsMatching(ctx: Ctx, kind: ContactKind, pattern: string) {
    return ctx.db
      .selectFrom('contacts')
      .select(kind.owner)
      .where('account_id', '=', ctx.accountId)
      .where(kind.owner, 'is not', null)
      .where((eb) => eb.or([likeEscaped(sql`lower(full_name)`, pattern), likeEscaped(sql`lower(email)`, pattern)]));
  },

  /** The contacts of several owners in one query (for embedding in full objects). */
  async listFor(ctx: Ctx, kind: ContactKind, ownerIds: readonly string[]): Promise<Map<string, ContactObject[]>> {
    const result = new Map<string, ContactObject[]>(ownerIds.map((id) => [id, []]));
    for (const row of await repo.listFor(ctx.db, ctx.accountId, kind, ownerIds)) {
      const ownerId = row[kind.owner];
      if (ownerId !== null) result.get(ownerId)?.push(toContact(kind, row));
    }
    return result;
  },

  async list(ctx: Ctx, kind: ContactKind, owner: CheckedParent, ownerId: string): Promise<ContactObject[]> {
    await owner.assertExists(ctx, ownerId);
    return (await contacts.listFor(ctx, kind, [ownerId])).get(ownerId) ?? [];
  },

  async get(ctx: Ctx, kind: ContactKind, owner: CheckedParent, ownerId: string, id: string): Promise<ContactObject> {
    await owner.assertExists(ctx, ownerId);
    return toContact(kind, await load(ctx, kind, ownerId, id));
  },

  async create(ctx: Ctx, kind: ContactKind, owner: CheckedParent, ownerId: string, input: ContactInput & { fullName: string }): Promise<ContactObject> {
    await owner.assertExists(ctx, ownerId);
    const now = nowIso();
    const row: ContactRow = {
      id: newId(),
      account_id: ctx.accountId,
      client_id: kind.owner === 'client_id' ? ownerId : null,
      supplier_id: kind.owner === 'supplier_id' ? ownerId : null,
      full_name: '',
      email: null,
      emails: JSON.stringify(kind.emails),
      mobile: '',
      nickname: '',
      notes: EMPTY_PARAGRAPH,
      phone: '',
      title: '',
      created_at: now,
      updated_at: now,
      ...changesOf(kind, input, { ...kind.emails }),
    };
    await repo.insert(ctx.db, row);
    await parentChanged(ctx, owner, ownerId);
    return toContact(kind, row);
  },

  async update(ctx: Ctx, kind: ContactKind, owner: CheckedParent, ownerId: string, id: string, input: ContactInput): Promise<ContactObject> {
    await owner.assertExists(ctx, ownerId);
    const current = await load(ctx, kind, ownerId, id, true);
    const changes = { ...changesOf(kind, input, readEmails(kind, current.emails)), updated_at: nowIso() };
    await repo.update(ctx.db, ctx.accountId, id, changes);
    await parentChanged(ctx, owner, ownerId);
    return toContact(kind, { ...current, ...changes });
  },

  async remove(ctx: Ctx, kind: ContactKind, owner: CheckedParent, ownerId: string, id: string): Promise<void> {
    await owner.assertExists(ctx, ownerId);
    await load(ctx, kind, ownerId, id);
    await repo.delete(ctx.db, ctx.accountId, id);
    await parentChanged(ctx, owner, ownerId);
  },

  /** An owner's contacts go with it when it is deleted (they are its own parts). */
  async removeAllFor(ctx: Ctx, kind: ContactKind, ownerId: string): Promise<void> {
    await repo.deleteAllFor(ctx.db, ctx.accountId, kind, ownerId);
  },
};
