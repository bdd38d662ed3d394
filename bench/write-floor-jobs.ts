/**
 * What the two write floors of `npm run bench` (bench/write-floor.ts on SQLite,
 * bench/write-floor-postgres.ts on PostgreSQL) do alike, apart from their statements: the bodies
 * they take, the rows and the JSON they build. Both run the same JavaScript per request, so that
 * the floors differ only by their database.
 */
import { createHash, randomBytes } from 'node:crypto';

export type Row = Record<string, unknown>;

/** The body of `PUT /v2/jobs/:id/price` as the benchmark sends it. */
export interface PriceBody {
  matches: Array<{ id: string; value: number }>;
}

/** The body of `POST /v2/jobs` as the benchmark sends it. */
export interface CreateBody {
  name: string;
  client: string;
  quantity: number;
  quantityType: string;
  service: string;
  languagePair?: string | null;
  domain?: string | null;
  dueDate?: string;
  currency?: string;
}

/** The SHA-256 of the key of an `Authorization: Bearer …` header, as api_keys stores it (docs/reference.md#authentication). */
export function keyHashOf(authorization: string | undefined): string {
  return createHash('sha256')
    .update((authorization ?? '').replace(/^Bearer /, ''), 'utf8')
    .digest('hex');
}

export const newId = (): string => randomBytes(12).toString('hex');

/** The lines of a price edit whose value differs from the stored one (category → value), and the job's new quantity. */
export function changedLines(stored: ReadonlyMap<string, string>, body: PriceBody): { quantity: number; changed: Array<{ id: string; value: string }> } {
  let quantity = 0;
  const changed: Array<{ id: string; value: string }> = [];
  for (const match of body.matches) {
    quantity += match.value;
    if (stored.get(match.id) !== String(match.value)) changed.push({ id: match.id, value: String(match.value) });
  }
  return { quantity, changed };
}

/** A candidate price with one of its match entries (a left join: a price without entries comes once, with nulls). */
export interface CandidateEntryRow {
  id: string;
  family: string;
  unit_cost: unknown;
  matches_type: string;
  match_category_id: string | null;
  position: unknown;
  entry_unit_cost: unknown;
  percentage: unknown;
}

export interface TakenPrice {
  id: string;
  family: string;
  unitCost: unknown;
  matchesType: string;
  entries: Array<{ id: string; position: number; unitCost: unknown; percentage: unknown }>;
}

/**
 * The price a new job takes, from the candidates of its client, service, unit and currency with
 * their entries: the client's own price before the account's default (without resolution's finer
 * order by language pair and domain, which is JavaScript on the same rows).
 */
export function firstPrice(rows: readonly CandidateEntryRow[]): TakenPrice | undefined {
  const prices = new Map<string, TakenPrice>();
  for (const row of rows) {
    let price = prices.get(row.id);
    if (!price) prices.set(row.id, (price = { id: row.id, family: row.family, unitCost: row.unit_cost, matchesType: row.matches_type, entries: [] }));
    if (row.match_category_id !== null)
      price.entries.push({ id: row.match_category_id, position: Number(row.position), unitCost: row.entry_unit_cost, percentage: row.percentage });
  }
  const ordered = [...prices.values()].sort((a, b) => Number(a.family !== 'client_price') - Number(b.family !== 'client_price') || (a.id < b.id ? -1 : 1));
  const taken = ordered[0];
  taken?.entries.sort((a, b) => a.position - b.position);
  return taken;
}

/**
 * A new job's row: a stored job's row (the template, read once at start: the floor computes no
 * estimation and keeps the template's) with the request's values, the caller, the client's
 * currency and the taken price.
 */
export function newJobRow(
  template: Row,
  body: CreateBody,
  caller: { accountId: string; userId: string },
  client: { currency: unknown },
  price: TakenPrice | undefined,
  now: string,
): Row {
  const name = body.name.trim();
  return {
    ...template,
    id: newId(),
    account_id: caller.accountId,
    name,
    name_key: name.toLowerCase(),
    search_text: name.toLowerCase(),
    client_id: body.client,
    service_id: body.service,
    unit_id: body.quantityType,
    language_pair_id: body.languagePair ?? null,
    domain_id: body.domain ?? null,
    user_id: caller.userId,
    project_manager_id: null,
    currency: body.currency ?? client.currency ?? template.currency,
    quantity: String(body.quantity),
    due_date: body.dueDate ?? null,
    due_sort: body.dueDate ?? template.due_sort,
    unit_cost: price?.unitCost ?? template.unit_cost,
    unit_cost_price_id: price?.id ?? null,
    matches_type: price?.matchesType ?? template.matches_type,
    has_matches: 0,
    group_id: null,
    group_position: null,
    // The floor writes the row alone, without the job number's sequence (one statement more in the API):
    // no number, which the unique index on numbers allows as often as needed.
    number: null,
    created_at: now,
    updated_at: now,
  };
}

/** A new job's match lines: the taken price's entries with no quantity yet, as rows of job_matches (column order of LINE_COLUMNS). */
export const LINE_COLUMNS = ['job_id', 'match_category_id', 'account_id', 'position', 'value', 'unit_cost', 'percentage'] as const;
export function newLineValues(jobId: string, accountId: string, price: TakenPrice | undefined): unknown[][] {
  return (price?.entries ?? []).map((entry, position) => [jobId, entry.id, accountId, position, '0', entry.unitCost ?? null, entry.percentage ?? null]);
}

/** The job's JSON (the answer and the event's data): its row, its stored estimation parsed, its lines. */
export function jobJson(row: Row, lines: Array<{ category: unknown; value: unknown }>): string {
  return JSON.stringify({ ...row, estimation: JSON.parse(String(row.estimation)) as unknown, matches: lines });
}
