import type { Kysely, Migration } from 'kysely';

/**
 * Deliverables of the supplier portal (docs/supplier-portal.md#files): a file a supplier's person
 * uploads for one outsourcing is a job or group file like any other, marked with the outsourcing
 * it delivers (`files.outsourcing_id`) and the portal person who uploaded it
 * (`files.portal_person_id`). Both null for every other file; nullable without default, so that a
 * server of the previous version keeps inserting files while a rolling upgrade runs. No foreign
 * key: a file outlives neither its owner nor, through the owner, its outsourcing, and the person
 * stays named after their access is withdrawn. Released: never edit.
 */
export function portalDeliverables(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('files').addColumn('outsourcing_id', 'text').execute();
      await db.schema.alterTable('files').addColumn('portal_person_id', 'text').execute();
    },
  };
}
