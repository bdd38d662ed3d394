import type { Kysely, Migration } from 'kysely';

/**
 * `accounts.suppliers_see_client_name` (docs/supplier-portal.md#the-clients-name): whether the
 * supplier portal shows each piece of work's client name; 0 (no, the client stays the agency's) by
 * default. With a default, for the same reason as 0038: a server of the previous version keeps
 * inserting accounts while a rolling upgrade runs. Released: never edit.
 */
export function suppliersSeeClientName(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('suppliers_see_client_name', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
