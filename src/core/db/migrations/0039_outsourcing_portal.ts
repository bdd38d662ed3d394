import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The supplier portal of an outsourcing (docs/jobs.md#portal): columns `portal_*` on `outsourcing`.
 *
 * - `portal_reference`: the outsourcing's unguessable reference on the portal, 32 random bytes in
 *   base64url (what core/auth.ts generateToken makes, written out here so that this released
 *   migration never changes with that code). Every existing outsourcing gets its own here; the
 *   unique index `outsourcing_by_portal_reference` makes one reference for two outsourcings
 *   impossible and serves the portal's look-up by reference (of any account).
 * - the settings the agency changes (`enabled`, `confirm`, `generate_purchase_order`,
 *   `instructions`, `checklist` as JSON text, `upload_file_on_group`) and what the portal records
 *   (confirmation status, acceptance date and comment, sent, status and done dates, the supplier's
 *   comments), null or off until set.
 *
 * Every new column has a constant default: a server of the previous version keeps inserting
 * outsourcing while a rolling upgrade runs. The reference's default is '' (SQLite adds no column
 * with a random default), left out of the unique index; this version's writes of an outsourcing
 * give one that has none its reference. Released: never edit.
 */
export function outsourcingPortal(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const columns: Array<[string, 'text' | 'integer', number | string | null]> = [
        ['portal_reference', 'text', ''],
        ['portal_enabled', 'integer', 0],
        ['portal_instructions', 'text', null],
        ['portal_checklist', 'text', '[]'],
        ['portal_confirm', 'integer', 0],
        ['portal_generate_purchase_order', 'integer', 0],
        ['portal_confirm_status', 'integer', null],
        ['portal_accepted_date', 'text', null],
        ['portal_confirm_comment', 'text', null],
        ['portal_sent_date', 'text', null],
        ['portal_sent_date_status', 'text', null],
        ['portal_done_date', 'text', null],
        ['portal_supplier_comments', 'text', null],
        ['portal_upload_file_on_group', 'integer', 0],
      ];
      for (const [name, type, fallback] of columns) {
        await db.schema
          .alterTable('outsourcing')
          .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      }
      const { rows } = await sql<{ id: string }>`select id from outsourcing`.execute(db);
      for (const { id } of rows) {
        await sql`update outsourcing set portal_reference = ${randomBytes(32).toString('base64url')} where id = ${id}`.execute(db);
      }
      await db.schema
        .createIndex('outsourcing_by_portal_reference')
        .unique()
        .on('outsourcing')
        .column('portal_reference')
        .where(sql.ref('portal_reference'), '<>', '')
        .execute();
    },
  };
}
