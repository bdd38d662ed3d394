import { isTrue, type Executor } from '../../core/db/dialect.js';

/**
 * What a document's PDF and e-invoice read besides the document itself (docs/documents.md#pdf-documents):
 * the party's identity, and of the jobs and outsourcing of its lines what they print. A read model
 * of the rendering: it reads other modules' tables and never writes.
 */
export const renderingRepository = {
  /** A party's row (clients or suppliers), for the identity a PDF prints. */
  partyIdentity(db: Executor, accountId: string, table: 'clients' | 'suppliers', id: string) {
    return db
      .selectFrom(table as 'clients')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** What a PDF prints of the jobs of its lines: stored estimation, language pair and service, references, instructions. */
  pdfJobs(db: Executor, accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('jobs')
      .leftJoin('groups', (join) => join.onRef('groups.id', '=', 'jobs.group_id').onRef('groups.account_id', '=', 'jobs.account_id'))
      .leftJoin('language_pairs', 'language_pairs.id', 'jobs.language_pair_id')
      .leftJoin('services', 'services.id', 'jobs.service_id')
      .select([
        'jobs.id',
        'language_pairs.source_code',
        'language_pairs.target_code',
        'services.name as service_name',
        'jobs.estimation',
        'jobs.matches_type',
        'jobs.due_date',
        'jobs.additional_info',
        'jobs.purchase_order',
        'groups.purchase_order as group_purchase_order',
      ])
      .where('jobs.account_id', '=', accountId)
      .where('jobs.id', 'in', [...ids])
      .execute();
  },

  /** What a purchase order prints of its outsourcing: amounts (with the match bands), deadline, the job's instructions. */
  pdfOutsourcing(db: Executor, accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('outsourcing')
      .innerJoin('jobs', 'jobs.id', 'outsourcing.job_id')
      .select(['outsourcing.id', 'outsourcing.amounts', 'outsourcing.matches_type', 'outsourcing.due_date', 'jobs.additional_info'])
      .where('outsourcing.account_id', '=', accountId)
      .where('outsourcing.id', 'in', [...ids])
      .execute();
  },

  /** The percentage of each match band of jobs or outsourcing (`percentage` prices), for the PDF's breakdown. */
  matchPercentages(db: Executor, accountId: string, table: 'job_matches' | 'outsourcing_matches', ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as Array<{ owner: string; category: string; percentage: string | null }>);
    const owner = table === 'job_matches' ? 'job_id' : 'outsourcing_id';
    return db
      .selectFrom(table as 'job_matches')
      .select([`${owner as 'job_id'} as owner`, 'match_category_id as category', 'percentage'])
      .where('account_id', '=', accountId)
      .where(owner as 'job_id', 'in', [...ids])
      .execute() as Promise<Array<{ owner: string; category: string; percentage: string | null }>>;
  },

  /** Units of the lines that are the account's hours unit (the e-invoice's unit codes). */
  async hoursUnits(db: Executor, accountId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('units')
      .select(['id', 'is_hours'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.filter((row) => isTrue(row.is_hours)).map((row) => row.id));
  },
};
