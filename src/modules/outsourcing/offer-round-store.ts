import { forUpdate, type DialectName, type Executor } from '../../core/db/dialect.js';
import type { OfferRoundsTable } from '../../core/db/schema.js';
import type { OutsourcingRow } from './repository.js';

/** SQL of the offer rounds (docs/supplier-portal.md#offer-rounds). Every query but the sweep's takes the account id. */
export type OfferRoundRow = OfferRoundsTable;

export const offerRoundStore = {
  async insert(db: Executor, row: OfferRoundRow): Promise<void> {
    await db.insertInto('offer_rounds').values(row).execute();
  },

  /**
   * One round of one job; with a dialect, locked on PostgreSQL (every writer locks the job first:
   * the order is job, then round).
   */
  find(db: Executor, accountId: string, jobId: string, id: string, lockOn?: DialectName): Promise<OfferRoundRow | undefined> {
    const query = db.selectFrom('offer_rounds').selectAll().where('account_id', '=', accountId).where('job_id', '=', jobId).where('id', '=', id);
    return (lockOn === undefined ? query : forUpdate(query, lockOn)).executeTakeFirst();
  },

  listOfJob(db: Executor, accountId: string, jobId: string): Promise<OfferRoundRow[]> {
    return db
      .selectFrom('offer_rounds')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('job_id', '=', jobId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<OfferRoundRow>): Promise<void> {
    await db.updateTable('offer_rounds').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** The offers (outsourcing) of some rounds, oldest first. */
  offersOf(db: Executor, accountId: string, roundIds: readonly string[]): Promise<OutsourcingRow[]> {
    if (roundIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('outsourcing')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('offer_round_id', 'in', [...roundIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** When the rounds of some outsourcings expire (outsourcing id → expiry), for the portal's work. */
  async expiriesOf(db: Executor, accountId: string, outsourcingIds: readonly string[]): Promise<Map<string, string>> {
    if (outsourcingIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('outsourcing')
      .innerJoin('offer_rounds', 'offer_rounds.id', 'outsourcing.offer_round_id')
      .select(['outsourcing.id as id', 'offer_rounds.expires_at as expiresAt'])
      .where('outsourcing.account_id', '=', accountId)
      .where('offer_rounds.account_id', '=', accountId)
      .where('outsourcing.id', 'in', [...outsourcingIds])
      .execute();
    return new Map(rows.map((row) => [row.id, row.expiresAt]));
  },

  /**
   * The rounds of every account whose expiry is due and not recorded yet, at most `limit`: read
   * through the partial index `offer_rounds_expiry` (only such rounds are in it).
   */
  dueForExpiry(db: Executor, now: string, limit: number): Promise<Array<Pick<OfferRoundRow, 'id' | 'account_id' | 'job_id'>>> {
    return db
      .selectFrom('offer_rounds')
      .select(['id', 'account_id', 'job_id'])
      .where('expiry_recorded_at', 'is', null)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  },
};
