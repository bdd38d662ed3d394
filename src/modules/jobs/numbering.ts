import type { Ctx } from '../../core/context.js';
import { preparedQuery } from '../../core/db/prepared.js';

/**
 * The next number of the account's job sequence of a year, in one statement: the row is created
 * at 1 or incremented, and the new value returned. The upsert takes the row's lock (PostgreSQL)
 * until the transaction ends, so concurrent creations of one account and year wait for each
 * other and get consecutive numbers; a creation rolled back gives its number back.
 */
const nextInSequence = preparedQuery((db, p: { accountId: string; year: number }) =>
  db
    .insertInto('job_sequences')
    .values({ account_id: p.accountId, year: p.year, last: 1 })
    .onConflict((oc) => oc.columns(['account_id', 'year']).doUpdateSet((eb) => ({ last: eb('job_sequences.last', '+', 1) })))
    .returning('last'),
);

/** `J-<year>-<number>`, the number on at least four digits (J-2026-0001, …, J-2026-10000). */
export const formatJobNumber = (year: number, seq: number): string => `J-${year}-${String(seq).padStart(4, '0')}`;

/** The number of a job being created (docs/jobs.md#job-numbers): the next of its account in the year of its creation (UTC). */
export async function nextJobNumber(ctx: Ctx, createdAt: string): Promise<string> {
  const year = Number(createdAt.slice(0, 4));
  const row = await nextInSequence.first(ctx.db, { accountId: ctx.accountId, year });
  return formatJobNumber(year, Number(row!.last));
}
