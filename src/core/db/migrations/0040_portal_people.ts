import type { Kysely, Migration } from 'kysely';

/**
 * The people outside the agency who sign in to a portal (docs/supplier-portal.md#people), a kind
 * of principal apart from the agency's users, with tables of their own:
 * - `portal_people`: a contact of a supplier (or, later, a client) given access; one per contact.
 * - `portal_sessions`: their signed-in browsers, by the hash of the cookie (never the cookie).
 * - `portal_links`: their single-use sign-in links, by hash.
 * - `events.actor_portal_person_id`: the person of a change made through a portal.
 * Nothing here references `users`: no join can turn a portal person into an agency user.
 * Released: never edit.
 */
export function portalPeople(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('portal_people')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('party_kind', 'text', (c) => c.notNull())
        .addColumn('party_id', 'text', (c) => c.notNull())
        .addColumn('contact_id', 'text', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('portal_people_contact').on('portal_people').columns(['account_id', 'contact_id']).unique().execute();
      await db.schema.createIndex('portal_people_party').on('portal_people').columns(['account_id', 'party_kind', 'party_id']).execute();
      await db.schema
        .createTable('portal_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('portal_people.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('portal_sessions_person').on('portal_sessions').columns(['person_id', 'ended_at']).execute();
      await db.schema
        .createTable('portal_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('portal_people.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      // A change made through a portal names its person (the events' actor `portal`).
      await db.schema.alterTable('events').addColumn('actor_portal_person_id', 'text').execute();
      await db.schema.createIndex('portal_links_person').on('portal_links').columns(['person_id', 'used_at']).execute();
    },
  };
}
