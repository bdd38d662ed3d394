import type { Kysely, Migration } from 'kysely';

/**
 * The dashboard's figures (docs/dashboard.md), each read through an index at 100 000 jobs:
 *
 * - `jobs_open_by_user (account_id, status, user_id, due_sort)`: a user's unfinished jobs due
 *   before a moment (one range per open status), and the jobs in progress counted per user, both
 *   from the index alone. Without it the first walked every job of the user (the listing's
 *   `jobs_by_user`), the second read the row of every job in progress.
 * - `documents_by_status (account_id, kind, status, issue_date, id)`: the sent quotes (oldest first)
 *   and the sent invoices not yet paid, without walking every document of their kind.
 *
 * One more entry per job written (docs/performance.md); released: never edit.
 */
export function dashboardIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('jobs_open_by_user').on('jobs').columns(['account_id', 'status', 'user_id', 'due_sort']).execute();
      await db.schema.createIndex('documents_by_status').on('documents').columns(['account_id', 'kind', 'status', 'issue_date', 'id']).execute();
    },
  };
}
