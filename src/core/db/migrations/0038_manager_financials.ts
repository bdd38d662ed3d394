import type { Kysely, Migration } from 'kysely';

/**
 * `accounts.managers_see_revenue_and_margins` (docs/access.md#revenue-and-margins): whether users of
 * the role `manager` (and their API keys) are shown revenue and margin figures; 1 (yes, as before)
 * by default, 0 to hide them. A boolean kept as 0/1, as every boolean column.
 *
 * The column has a default: a server of the previous version keeps inserting accounts while a
 * rolling upgrade runs (and shows managers everything, as it always did). Released: never edit.
 */
export function managerFinancials(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('managers_see_revenue_and_margins', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
