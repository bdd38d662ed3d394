/**
 * Every table has one owner (docs/development.md#every-table-has-one-owner): the module (a folder
 * of `src/modules/`) or the piece of `src/core/` that alone writes it. Another module changes it
 * through the owner's door (`jobStore.setGroup`, not an `updateTable('jobs')` of its own), and
 * reads it through the door too, or in one of the read models declared below: the files that
 * read other modules' tables directly, each with the tables it reads and why. Tables owned by
 * `core/` (events, the versions and counts the freshness triggers keep) are below every module:
 * any module reads them.
 *
 * Places are paths below `src/`: `modules/<name>` for a module, a folder or a file of `core/`.
 * `test/unit/table-owners.test.ts` finds every read and write in the code (test/unit/table-access.ts)
 * and fails on one this map does not allow, on a table of the migrated database without an
 * owner, and on an entry nothing needs any more. Nothing in `src/` imports this file.
 */
import type { DB } from './schema.js';

/** The SQLite change stamp's counter (change-stamp.ts), kept by triggers only and absent from `DB`. */
type TriggerOnlyTable = 'key_epoch';
type Table = keyof DB | TriggerOnlyTable;

const FRESHNESS = 'core/db/freshness-triggers.ts';

export const TABLE_OWNERS: Record<Table, string> = {
  accounts: 'modules/accounts',
  account_logos: 'modules/accounts',
  users: 'modules/users',
  api_keys: 'modules/api-keys',
  sessions: 'modules/auth',
  auth_tokens: 'modules/auth',
  login_failures: 'modules/auth',
  oidc_logins: 'modules/auth',
  events: 'core/events.ts',
  file_chunks: 'core/storage',
  row_counts: FRESHNESS,
  job_versions: FRESHNESS,
  group_versions: FRESHNESS,
  view_epochs: FRESHNESS,
  price_epochs: FRESHNESS,
  key_epoch: FRESHNESS,
  services: 'modules/master-data',
  match_categories: 'modules/master-data',
  units: 'modules/master-data',
  domains: 'modules/master-data',
  labels: 'modules/master-data',
  taxes: 'modules/master-data',
  entity_labels: 'modules/labels',
  language_pairs: 'modules/language-pairs',
  clients: 'modules/clients',
  suppliers: 'modules/suppliers',
  supplier_domains: 'modules/suppliers',
  supplier_language_pairs: 'modules/suppliers',
  supplier_dedicated_clients: 'modules/suppliers',
  supplier_unavailabilities: 'modules/suppliers',
  contacts: 'modules/contacts',
  prices: 'modules/prices',
  price_matches: 'modules/prices',
  cat_configurations: 'modules/cat-configurations',
  cat_configuration_mappings: 'modules/cat-configurations',
  cat_configuration_tool_matches: 'modules/cat-configurations',
  jobs: 'modules/jobs',
  job_sequences: 'modules/jobs',
  // The match lines of jobs and of their outsourcing: one implementation, written through it by the job store and the outsourcing.
  job_matches: 'modules/price-lines',
  outsourcing_matches: 'modules/price-lines',
  outsourcing: 'modules/outsourcing',
  notes: 'modules/notes',
  files: 'modules/files',
  file_outsourcing_shares: 'modules/files',
  tracker_entries: 'modules/trackers',
  groups: 'modules/groups',
  documents: 'modules/documents',
  document_lines: 'modules/documents',
  document_sequences: 'modules/documents',
  payments: 'modules/documents',
  document_emails: 'modules/document-mail',
  deliveries: 'modules/outbox',
  delivery_attempts: 'modules/outbox',
  webhook_endpoints: 'modules/webhooks',
  webhook_fanouts: 'modules/webhooks',
  exchange_rates: 'modules/exchange-rates',
  portal_people: 'modules/portal-access',
  portal_sessions: 'modules/portal-access',
  portal_links: 'modules/portal-access',
  supplier_invoices: 'modules/supplier-invoices',
  supplier_invoice_orders: 'modules/supplier-invoices',
  offer_rounds: 'modules/outsourcing',
  client_messages: 'modules/client-messages',
  quote_answers: 'modules/client-documents',
  requests: 'modules/requests',
  request_terms_pdfs: 'modules/requests',
};

/** Writes whose table is an expression (one implementation configured per table): the tables each file's may be. */
export const TABLES_WRITTEN_BY_EXPRESSION: Record<string, readonly Table[]> = {
  'modules/master-data/repository.ts': ['services', 'match_categories', 'units', 'domains', 'labels', 'taxes'],
  'modules/suppliers/repository.ts': ['supplier_domains', 'supplier_language_pairs', 'supplier_dedicated_clients'],
  'modules/price-lines/line-store.ts': ['job_matches', 'outsourcing_matches'],
};

interface Allowance {
  /** A file or folder below `src/`. */
  place: string;
  tables: readonly Table[];
  why: string;
}

/** The writes of a table by another place than its owner, and why each cannot go through the owner's door yet. */
export const WRITES_BY_OTHERS: readonly Allowance[] = [
  {
    place: 'core/http/auth-plugin.ts',
    tables: ['api_keys', 'sessions'],
    why: 'the authentication of every request, below every module, stamps when the key or session was last used',
  },
];

/** The read models: files that read other modules' tables directly (joins for names, reports), and why. */
export const READ_MODELS: readonly Allowance[] = [
  // Whole read models: what they show is read across modules by design.
  {
    place: 'modules/reports',
    tables: [
      'clients',
      'suppliers',
      'jobs',
      'outsourcing',
      'documents',
      'document_lines',
      'payments',
      'language_pairs',
      'supplier_invoices',
      'supplier_invoice_orders',
    ],
    why: 'the reports: figures across jobs, outsourcing and documents',
  },
  {
    place: 'modules/dashboard',
    tables: ['clients', 'jobs', 'documents', 'payments', 'users', 'outsourcing', 'suppliers'],
    why: "the dashboard: what is due, open and owed, and the supplier portal's offers waiting and deliveries to check",
  },
  {
    place: 'modules/document-rendering/repository.ts',
    tables: ['jobs', 'groups', 'outsourcing', 'services', 'units', 'language_pairs'],
    why: "the documents' data: what a document's PDF and UBL show of the jobs and outsourcing they bill",
  },
  {
    place: 'modules/documents/repository.ts',
    tables: ['jobs', 'groups', 'outsourcing', 'taxes', 'units'],
    why: "the documents' data: a line's source (job, group, outsourcing), its tax and unit",
  },
  { place: 'modules/documents/service.ts', tables: ['clients', 'suppliers'], why: "the documents listing's search by the party's name" },
  // Names and small facts joined into a module's own rows, read in the same query.
  {
    place: 'modules/jobs/repository.ts',
    tables: ['accounts', 'clients', 'domains', 'groups', 'services', 'units', 'users'],
    why: 'the names a job shows (jobsWithNames) and the account defaults of a new job',
  },
  {
    place: 'modules/groups/repository.ts',
    tables: ['accounts', 'clients', 'domains', 'jobs'],
    why: "a group's derived values are read from its jobs; the names it shows",
  },
  { place: 'modules/outsourcing/repository.ts', tables: ['prices'], why: "the supplier's prices an outsourcing is priced from" },
  {
    place: 'modules/outsourcing-view/repository.ts',
    tables: ['outsourcing', 'jobs', 'match_categories', 'services', 'suppliers', 'units'],
    why: "the outsourcing as the jobs show it (below jobs, written by modules/outsourcing): its rows, the job's client price for the margin warnings, and the names it shows",
  },
  { place: 'modules/prices/repository.ts', tables: ['clients', 'domains', 'match_categories', 'services', 'units'], why: 'the names a price shows' },
  { place: 'modules/cat-configurations/repository.ts', tables: ['match_categories', 'units'], why: 'the names a mapping shows' },
  { place: 'modules/labels/attachments.ts', tables: ['labels'], why: 'the labels attached to a parent, with their names, and the filter by label' },
  { place: 'modules/price-lines/line-store.ts', tables: ['match_categories'], why: "a match line's category name" },
  { place: 'modules/suppliers/candidates.ts', tables: ['prices'], why: 'the suppliers with a price for a pair or service, ranked in one query' },
  {
    place: 'modules/files/sharing.ts',
    tables: ['jobs', 'outsourcing'],
    why: "the outsourcing of a job a file may be shared with, checked in the share's query",
  },
  {
    place: 'modules/files/outsourcing-files.ts',
    tables: ['jobs', 'outsourcing'],
    why: 'the job and group of an outsourcing, whose shared files the supplier portal lists (scoped to the supplier by modules/supplier-portal)',
  },
  { place: 'modules/notes/repository.ts', tables: ['users'], why: "a note's author name" },
  { place: 'modules/trackers/repository.ts', tables: ['users'], why: "a tracker entry's user name" },
  { place: 'modules/document-mail/log.ts', tables: ['users', 'deliveries'], why: "a sent e-mail's sender and its delivery's state" },
  { place: 'modules/webhooks/repository.ts', tables: ['deliveries'], why: "an endpoint's deliveries, listed and retried by hand" },
  { place: 'modules/clients/party.ts', tables: ['accounts'], why: "a new party's currency defaults to the account's" },
  { place: 'modules/exchange-rates', tables: ['accounts'], why: "the accounts' currencies whose rates are fetched" },
  { place: 'modules/accounts/provisioning.ts', tables: ['users'], why: "the account's first owner, when an account is provisioned" },
  { place: 'modules/auth/credentials.ts', tables: ['users'], why: 'signing in finds the user by e-mail or id, in any account' },
  { place: 'modules/auth/password-reset.ts', tables: ['users'], why: "the user's row locked while a reset link is issued" },
  {
    place: 'modules/portal-access/repository.ts',
    tables: ['contacts', 'suppliers', 'clients', 'accounts', 'account_logos'],
    why: "who a portal person is, read on each portal request in one query: their contact's name and e-mail, their party's name and language, the agency's name and whether it has a logo",
  },
  {
    place: 'modules/demo',
    tables: ['taxes', 'cat_configurations'],
    why: "the demo data set checks it was not added before, and finds the account's Trados preset",
  },
  {
    place: 'modules/client-jobs/repository.ts',
    tables: ['jobs', 'services', 'language_pairs', 'accounts'],
    why: "the client portal's jobs: what a client sees of their jobs (never a price, cost or outsourcing), and what the account shows them",
  },
  // Core, below every module, reads a few tables itself.
  {
    place: 'core/auth.ts',
    tables: ['api_keys', 'sessions', 'users', 'accounts'],
    why: "the look-up of every request's key or session, with its user and, on PostgreSQL, the account's revenue setting (core/financials.ts)",
  },
  { place: 'core/db/locks.ts', tables: ['accounts'], why: "the account lock is its row's lock" },
  { place: 'core/financials.ts', tables: ['accounts'], why: 'whether the account hides revenue and margins from a manager, read on the request that needs it' },
  { place: 'core/db/freshness.ts', tables: ['files', 'outsourcing'], why: 'the manifest names the rows whose change reaches a job' },
  {
    place: 'core/storage',
    tables: ['files', 'accounts', 'supplier_invoices'],
    why: "the file content backends find what a file row points to, and keep the blob of a supplier invoice's PDF",
  },
  {
    place: 'modules/supplier-invoices/repository.ts',
    tables: ['documents', 'document_lines', 'outsourcing', 'suppliers'],
    why: "the supplier's purchase orders an invoice covers, whether their outsourcing is finished or done, and the supplier's name",
  },
  {
    place: 'modules/requests/repository.ts',
    tables: ['clients', 'services'],
    why: "the names a request shows: its client's and its service's",
  },
  { place: 'cli.ts', tables: ['users'], why: 'the command line checks the user it was given belongs to the account' },
  { place: 'modules/backup/layout.ts', tables: ['supplier_invoices'], why: "a backup keeps every stored blob, a supplier invoice's PDF too" },
  {
    place: 'modules/documents/outsourcing-orders.ts',
    tables: ['outsourcing'],
    why: 'whether an accepted outsourcing asks its purchase order, and its supplier and currency',
  },
  {
    place: 'modules/supplier-portal/client-names.ts',
    tables: ['accounts', 'outsourcing', 'jobs', 'clients'],
    why: "the client's name the supplier portal shows when the account allows it",
  },
];
