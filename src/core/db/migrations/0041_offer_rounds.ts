import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Offer rounds of the supplier portal (docs/supplier-portal.md#offer-rounds): one job's work
 * offered to several suppliers at once, one outsourcing each.
 *
 * - `offer_rounds`: the round, per account and job: how it is awarded (`first` to accept, or
 *   the project manager `choose`s), when its offers expire, the outsourcing it was awarded to,
 *   when it was withdrawn, and when the expiry of its pending offers was recorded (the sweep's
 *   mark: `job.outsourcing.expired` once per offer).
 * - `outsourcing.offer_round_id`: the round an outsourcing is an offer of (null: none). Nullable
 *   without default, so a server of the previous version keeps inserting outsourcing during a
 *   rolling upgrade.
 * The index `offer_rounds_expiry` holds only the rounds whose expiry is still to record, so the
 * periodic sweep reads few rows. Released: never edit.
 */
export function offerRounds(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('offer_rounds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('award', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('awarded_outsourcing_id', 'text')
        .addColumn('awarded_at', 'text')
        .addColumn('withdrawn_at', 'text')
        .addColumn('expiry_recorded_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('offer_rounds_job').on('offer_rounds').columns(['account_id', 'job_id', 'created_at']).execute();
      await db.schema.createIndex('offer_rounds_expiry').on('offer_rounds').column('expires_at').where(sql.ref('expiry_recorded_at'), 'is', null).execute();
      await db.schema.alterTable('outsourcing').addColumn('offer_round_id', 'text').execute();
      await db.schema
        .createIndex('outsourcing_offer_round')
        .on('outsourcing')
        .columns(['offer_round_id'])
        .where(sql.ref('offer_round_id'), 'is not', null)
        .execute();
    },
  };
}
