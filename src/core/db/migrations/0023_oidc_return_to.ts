import type { Kysely, Migration } from 'kysely';

/**
 * Single sign-on (docs/access.md#single-sign-on): an attempt remembers the page of Transdesk to
 * return to once signed in (a path of this site, checked when the attempt starts; null: `/`).
 * Nullable: a server of the previous version keeps inserting attempts while a rolling upgrade runs.
 */
export function oidcReturnTo(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('oidc_logins').addColumn('return_to', 'text').execute();
    },
  };
}
