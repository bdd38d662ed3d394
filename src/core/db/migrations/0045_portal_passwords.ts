import type { Kysely, Migration } from 'kysely';

/**
 * A portal person may choose a password (docs/supplier-portal.md#passwords), besides the e-mailed
 * links: `portal_people.password_hash` (argon2id, PHC string; null: links only) and when it was
 * last set. Released: never edit.
 */
export function portalPasswords(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('portal_people').addColumn('password_hash', 'text').execute();
      await db.schema.alterTable('portal_people').addColumn('password_changed_at', 'text').execute();
    },
  };
}
