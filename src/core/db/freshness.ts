/**
 * The freshness manifest: for every thing Transdesk keeps or derives from other rows, the tables
 * and columns it depends on (docs/performance.md#the-freshness-manifest). The database triggers
 * that keep those things exact are generated from it (freshness-triggers.ts), and tests check the
 * triggers installed, the columns the cached views read, and each dependency written in plain SQL
 * against it. A new dependency (a job starts showing a client's column, a cached view reads a new
 * table) is one line here, plus a migration that re-creates the triggers (see the recipe there).
 *
 * `columns: 'row'` means every update of a row counts (the row belongs to one object, so any change
 * of it is a change of the object); a list means only updates that change one of those columns
 * count (a trigger's WHEN condition, so that frequent writes of other columns bump nothing). `id`
 * and `account_id` are the identity of a row: never updated, always readable.
 */

export type RowImage = 'new' | 'old';
export type Operation = 'insert' | 'update' | 'delete';
export type WatchedColumns = 'row' | readonly string[];

/** A table whose rows are parts of one object: each write bumps that object's version. */
export interface VersionPart {
  table: string;
  columns: WatchedColumns;
  /** The condition on the versions table's key for a row `new` or `old` of the part (SQL). */
  ownerOf: (row: RowImage) => string;
  /** Operations that change the owner's object (default: all three). */
  operations?: readonly Operation[];
  /** Rows of an update that name owners (default both: a row may move to another owner). */
  updateRows?: readonly RowImage[];
}

/** A kind of object kept as a view per process (core/view-cache.ts), checked against versions. */
export interface VersionedView {
  /** The versions table, e.g. `job_versions`, and its key column, e.g. `job_id`. */
  versions: string;
  key: string;
  /** The owners' table, e.g. `jobs`: a new row gets its version row (0). */
  owners: string;
  parts: readonly VersionPart[];
  /**
   * Columns the queries that build the object read but do not show in it (they serve writes that
   * share the query): no trigger watches them; the column test accepts them.
   */
  readsNotShown?: ReadonlyArray<{ table: string; columns: readonly string[] }>;
}

/** A table shown inside many objects of an account: which writes of a row bump its `view_epochs`. */
export interface EpochSource {
  table: string;
  columns: WatchedColumns;
  /** The account of a row (SQL). */
  account: (row: RowImage) => string;
  /** Deletes count too (inserts cannot: nothing references a row before it exists). */
  deletes?: boolean;
  /** Inserts and deletes count (a row that shows by existing, e.g. a group's file in its jobs). */
  insertsAndDeletes?: boolean;
  /** Only rows for which this holds count (SQL, may hold a subquery). */
  rowWhen?: (row: RowImage) => string;
}

/** A per-account or global counter (or token) bumped by every write of some tables (SQLite only). */
export interface EpochTables {
  tables: readonly string[];
}

/** A value kept by code, not by triggers: what it is computed from (checked by tests). */
export interface ComputedValue {
  /** Where it is stored, e.g. `jobs.estimation`. */
  stored: string;
  /** The code that keeps it current. */
  keptBy: string;
  inputs: ReadonlyArray<{ table: string; columns: WatchedColumns }>;
}

/**
 * A value kept per process that no trigger keeps: every second a poll reads a signature of exactly
 * the rows and columns it depends on (core/db/freshness-poll.ts), and the value is dropped when the
 * signature changed, whoever wrote (another process, plain SQL). For a value read on every write
 * of every account, where checking a version each time would cost the statement the value saves
 * (PostgreSQL has no change stamp), and whose table is small and rarely written.
 */
export interface PolledValue {
  /** The code that keeps it and drops it. */
  keptBy: string;
  table: string;
  /** The columns it reads besides `id` (never updated): the signature covers exactly these. */
  columns: readonly string[];
  /** Only the rows for which this holds count (SQL on the table's columns, which `columns` lists). */
  rowWhen?: string;
}

export interface FreshnessManifest {
  /** Job objects (modules/jobs/views.ts): `job_versions`. */
  jobViews: VersionedView;
  /** Group objects (modules/groups/views.ts): `group_versions`. */
  groupViews: VersionedView;
  /** Names and settings shown inside many jobs and groups: the account's `view_epochs`. */
  viewEpochs: readonly EpochSource[];
  /** SQLite: what an API key look-up reads (`key_epoch`, core/db/change-stamp.ts). */
  keyEpoch: EpochTables;
  /** SQLite: what price resolution reads (`price_epochs` per account, modules/prices/applicable.ts). */
  priceEpochs: EpochTables;
  /** Tables whose rows are counted per account (`row_counts`, unfiltered listing totals). */
  rowCounts: readonly string[];
  /** Values kept per process and checked by a poll: the webhook subscriptions of each account. */
  polled: {
    webhookSubscriptions: PolledValue;
  };
  /** Values stored by code: a job's estimation, a group's derived fields. */
  computed: {
    jobEstimation: ComputedValue;
    groupDerived: ComputedValue;
  };
}

const ofOutsourcing = (row: RowImage) => `job_id = (select o.job_id from outsourcing o where o.id = ${row}.outsourcing_id)`;
const accountOf = (row: RowImage) => `${row}.account_id`;

export const FRESHNESS: FreshnessManifest = {
  jobViews: {
    versions: 'job_versions',
    key: 'job_id',
    owners: 'jobs',
    parts: [
      { table: 'jobs', columns: 'row', ownerOf: (row) => `job_id = ${row}.id`, operations: ['update'], updateRows: ['new'] },
      { table: 'job_matches', columns: 'row', ownerOf: (row) => `job_id = ${row}.job_id` },
      { table: 'outsourcing', columns: 'row', ownerOf: (row) => `job_id = ${row}.job_id` },
      { table: 'outsourcing_matches', columns: 'row', ownerOf: ofOutsourcing },
      // A share of a job's own file; those of a group's file show in every job of the group (epoch).
      {
        table: 'file_outsourcing_shares',
        columns: 'row',
        ownerOf: (row) => `job_id = (select f.owner_id from files f where f.id = ${row}.file_id and f.owner_type = 'job')`,
      },
      { table: 'tracker_entries', columns: 'row', ownerOf: (row) => `job_id = ${row}.job_id` },
      { table: 'notes', columns: 'row', ownerOf: (row) => `${row}.parent_type = 'job' and job_id = ${row}.parent_id` },
      { table: 'entity_labels', columns: 'row', ownerOf: (row) => `${row}.entity_type = 'job' and job_id = ${row}.entity_id` },
      { table: 'files', columns: 'row', ownerOf: (row) => `${row}.owner_type = 'job' and job_id = ${row}.owner_id` },
    ],
    // The job's row is read with what its estimation is computed from (job writes): not shown.
    readsNotShown: [
      { table: 'clients', columns: ['currency', 'minimum_fee'] },
      { table: 'accounts', columns: ['currency'] },
      // The key of the rate book kept per process (modules/jobs/profitability.ts).
      { table: 'view_epochs', columns: ['epoch'] },
    ],
  },
  groupViews: {
    versions: 'group_versions',
    key: 'group_id',
    owners: 'groups',
    parts: [
      // Its derived values are refreshed on the row by every write of one of its jobs.
      { table: 'groups', columns: 'row', ownerOf: (row) => `group_id = ${row}.id`, operations: ['update'], updateRows: ['new'] },
      // The group's `jobs` (ids, in their order): a job added, removed, moved or deleted.
      { table: 'jobs', columns: ['group_id', 'group_position'], ownerOf: (row) => `group_id = ${row}.group_id` },
      { table: 'notes', columns: 'row', ownerOf: (row) => `${row}.parent_type = 'group' and group_id = ${row}.parent_id` },
      { table: 'entity_labels', columns: 'row', ownerOf: (row) => `${row}.entity_type = 'group' and group_id = ${row}.entity_id` },
      { table: 'files', columns: 'row', ownerOf: (row) => `${row}.owner_type = 'group' and group_id = ${row}.owner_id` },
      {
        table: 'file_outsourcing_shares',
        columns: 'row',
        ownerOf: (row) => `group_id = (select f.owner_id from files f where f.id = ${row}.file_id and f.owner_type = 'group')`,
      },
    ],
    // The key of the rate book kept per process (modules/jobs/profitability.ts).
    readsNotShown: [{ table: 'view_epochs', columns: ['epoch'] }],
  },
  viewEpochs: [
    // Touched (updated_at) by their notes and files: only a new name matters to jobs and groups.
    { table: 'clients', columns: ['name'], account: accountOf, deletes: true },
    { table: 'suppliers', columns: ['name'], account: accountOf, deletes: true },
    { table: 'users', columns: ['name'], account: accountOf, deletes: true },
    // Master data: edited by hand, rarely; any edit counts.
    { table: 'services', columns: 'row', account: accountOf, deletes: true },
    { table: 'units', columns: 'row', account: accountOf, deletes: true },
    { table: 'domains', columns: 'row', account: accountOf, deletes: true },
    { table: 'match_categories', columns: 'row', account: accountOf, deletes: true },
    { table: 'labels', columns: 'row', account: accountOf, deletes: true },
    { table: 'language_pairs', columns: 'row', account: accountOf, deletes: true },
    // Refreshed (derived values) by every write of one of their jobs: only the name matters to jobs.
    { table: 'groups', columns: ['name'], account: accountOf },
    // A group's files and their shares show in every job of the group.
    { table: 'files', columns: 'row', account: accountOf, insertsAndDeletes: true, rowWhen: (row) => `${row}.owner_type = 'group'` },
    {
      table: 'file_outsourcing_shares',
      columns: 'row',
      account: (row) => `(select f.account_id from files f where f.id = ${row}.file_id)`,
      insertsAndDeletes: true,
      rowWhen: (row) => `exists (select 1 from files f where f.id = ${row}.file_id and f.owner_type = 'group')`,
    },
    // The account's currency: profitability converts to it (docs/estimation.md#6-profitability-and-performance).
    { table: 'accounts', columns: ['target_margin', 'currency'], account: (row) => `${row}.id` },
    // Profitability across currencies converts with the account's rates (a rate shows by existing).
    { table: 'exchange_rates', columns: 'row', account: accountOf, insertsAndDeletes: true },
  ],
  // Sessions too (a sign-out or a disabled user in one process must end the session in all).
  keyEpoch: { tables: ['api_keys', 'users', 'sessions'] },
  // Match categories' names are in the price a job takes, units say which is the hours unit,
  // language pairs give their codes.
  priceEpochs: { tables: ['prices', 'price_matches', 'match_categories', 'units', 'language_pairs'] },
  rowCounts: ['jobs'],
  polled: {
    // Which enabled endpoints an event goes to, in their order (docs/webhooks.md#the-outbox).
    webhookSubscriptions: {
      keptBy: 'modules/webhooks/subscriptions.ts',
      table: 'webhook_endpoints',
      columns: ['account_id', 'enabled', 'events', 'created_at'],
      rowWhen: 'enabled = 1',
    },
  },
  computed: {
    jobEstimation: {
      stored: 'jobs.estimation',
      keptBy: 'modules/jobs: every write of the job or its parts; a client’s currency or minimum fee recomputes its jobs',
      inputs: [
        { table: 'jobs', columns: 'row' },
        { table: 'job_matches', columns: 'row' },
        { table: 'outsourcing', columns: 'row' },
        { table: 'outsourcing_matches', columns: 'row' },
        { table: 'tracker_entries', columns: ['duration_ms', 'billable', 'running'] },
        // An accepted quote line or a live invoice line fixes the total.
        { table: 'document_lines', columns: ['job_id', 'total'] },
        { table: 'documents', columns: ['kind', 'status', 'type'] },
        { table: 'clients', columns: ['currency', 'minimum_fee'] },
      ],
    },
    groupDerived: {
      stored: 'groups: estimation, status, progress, due_date, due_sort, service_ids, user_ids, supplier_ids',
      keptBy: 'modules/groups/derive.ts: every write of one of the group’s jobs or of the group',
      inputs: [
        { table: 'jobs', columns: ['group_id', 'status', 'progress', 'due_date', 'service_id', 'user_id', 'non_billable', 'estimation'] },
        { table: 'tracker_entries', columns: ['duration_ms'] },
        { table: 'groups', columns: ['currency', 'due_date_auto', 'own_due_date'] },
        // Not the target margin: it is read when the values are derived, but the group view compares
        // the stored margin rate with the current target (the account's epoch rebuilds it).
      ],
    },
  },
};

/** The columns of each table that the queries building a view may read: its parts, the epoch sources, what it reads but does not show. */
export function readableColumns(view: VersionedView, epochs: readonly EpochSource[] = FRESHNESS.viewEpochs): Map<string, WatchedColumns> {
  const result = new Map<string, WatchedColumns>();
  const add = (table: string, columns: WatchedColumns) => {
    const known = result.get(table);
    if (known === 'row' || columns === 'row') result.set(table, 'row');
    else result.set(table, [...new Set([...(known ?? []), ...columns])]);
  };
  add(view.versions, 'row');
  for (const part of view.parts) add(part.table, part.columns);
  for (const source of epochs) add(source.table, source.columns);
  for (const read of view.readsNotShown ?? []) add(read.table, read.columns);
  return result;
}
