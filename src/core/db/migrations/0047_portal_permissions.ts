import type { Kysely, Migration } from 'kysely';

/**
 * The client portal's settings and permissions (docs/client-portal.md). `portal_people.permissions` (docs/client-portal.md#people): what a client's person may do on the
 * portal, a comma-separated list of `request`, `approve` and `invoices`; empty for a supplier's
 * person, whose work decides what they see. The account's `request_email` (where new requests are
 * e-mailed; '' for the account's e-mail), `request_terms` (the terms shown with the request form),
 * `clients_see_progress` and `clients_see_due_dates` (1 by default). With defaults, as 0038: a
 * server of the previous version keeps inserting rows while a rolling upgrade runs. Released: never edit.
 */
export function portalPermissions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('portal_people')
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('request_email', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('request_terms', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('clients_see_progress', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('clients_see_due_dates', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
