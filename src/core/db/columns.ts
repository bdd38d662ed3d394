import type { DB } from './schema.js';

/**
 * The columns of the tables that prepared queries read whole, listed once. On PostgreSQL a
 * prepared query runs as a named statement (pg-named-statements.ts); one that selected `*` would
 * fail with SQLSTATE 0A000 ("cached plan must not change result type") as soon as another
 * process (a newer version during a rolling deploy) added a column to its table. A statement that
 * names its columns is simply re-planned (docs/operations.md#upgrades).
 *
 * Each list is checked against the row type in schema*.ts by the compiler (a column missing or
 * unknown is a type error), and against the migrated database by test/db/columns.test.ts.
 */
type Listed<T> = { readonly [K in keyof T]-?: true };

const listed = {
  jobs: {
    id: true,
    account_id: true,
    name: true,
    name_key: true,
    search_text: true,
    additional_info: true,
    archive: true,
    pinned: true,
    client_id: true,
    service_id: true,
    unit_id: true,
    language_pair_id: true,
    domain_id: true,
    user_id: true,
    project_manager_id: true,
    currency: true,
    status: true,
    progress: true,
    due_date: true,
    due_sort: true,
    start_date: true,
    delivery_date: true,
    external_reference: true,
    purchase_order: true,
    non_billable: true,
    time_based_invoice: true,
    apply_minimum_fee: true,
    discount: true,
    extra_charge: true,
    fixed_price: true,
    quantity: true,
    unit_cost: true,
    unit_cost_price_id: true,
    unit_cost_price_type: true,
    time_based_unit_cost: true,
    time_based_price_id: true,
    time_based_price_type: true,
    matches_type: true,
    has_matches: true,
    cat_file_ids: true,
    price_matches: true,
    estimation: true,
    created_at: true,
    updated_at: true,
    group_id: true,
    group_position: true,
    number: true,
  },
  job_matches: { job_id: true, match_category_id: true, account_id: true, position: true, value: true, unit_cost: true, percentage: true },
  outsourcing: {
    id: true,
    account_id: true,
    job_id: true,
    supplier_id: true,
    name: true,
    service_id: true,
    unit_id: true,
    language_pair_id: true,
    currency: true,
    status: true,
    quantity: true,
    unit_cost: true,
    unit_cost_price_id: true,
    unit_cost_price_type: true,
    matches_type: true,
    has_matches: true,
    cat_file_ids: true,
    price_matches: true,
    discount: true,
    extra_charge: true,
    fixed_price: true,
    due_date: true,
    start_date: true,
    delivery_date: true,
    amounts: true,
    created_at: true,
    updated_at: true,
    portal_reference: true,
    portal_enabled: true,
    portal_instructions: true,
    portal_checklist: true,
    portal_confirm: true,
    portal_generate_purchase_order: true,
    portal_confirm_status: true,
    portal_accepted_date: true,
    portal_confirm_comment: true,
    portal_sent_date: true,
    portal_sent_date_status: true,
    portal_done_date: true,
    portal_supplier_comments: true,
    portal_upload_file_on_group: true,
    offer_round_id: true,
  },
  outsourcing_matches: { outsourcing_id: true, match_category_id: true, account_id: true, position: true, value: true, unit_cost: true, percentage: true },
  prices: {
    id: true,
    account_id: true,
    family: true,
    owner_client_id: true,
    owner_supplier_id: true,
    client_id: true,
    service_id: true,
    unit_id: true,
    currency: true,
    language_pair_id: true,
    domain_id: true,
    unit_cost: true,
    matches_type: true,
    has_price: true,
    unique_key: true,
    created_at: true,
    updated_at: true,
  },
  price_matches: { price_id: true, match_category_id: true, account_id: true, position: true, unit_cost: true, percentage: true },
  files: {
    id: true,
    account_id: true,
    owner_type: true,
    owner_id: true,
    name: true,
    size: true,
    sha256: true,
    content_type: true,
    blob_id: true,
    share_on_jobs: true,
    created_at: true,
    share_with_all: true,
  },
  tracker_entries: {
    id: true,
    account_id: true,
    job_id: true,
    user_id: true,
    from_at: true,
    to_at: true,
    duration_ms: true,
    billable: true,
    running: true,
    created_at: true,
    updated_at: true,
  },
  language_pairs: {
    id: true,
    account_id: true,
    source_code: true,
    target_code: true,
    pair_key: true,
    bidirectional: true,
    pinned: true,
    disabled: true,
    created_at: true,
    updated_at: true,
  },
  services: { id: true, account_id: true, name: true, name_key: true, pinned: true, disabled: true, created_at: true, updated_at: true },
  match_categories: { id: true, account_id: true, name: true, name_key: true, position: true, disabled: true, created_at: true, updated_at: true },
  units: { id: true, account_id: true, name: true, name_key: true, pinned: true, disabled: true, is_hours: true, created_at: true, updated_at: true },
  domains: { id: true, account_id: true, name: true, name_key: true, created_at: true, updated_at: true },
  labels: { id: true, account_id: true, name: true, name_key: true, color: true, created_at: true, updated_at: true },
  taxes: {
    id: true,
    account_id: true,
    name: true,
    name_key: true,
    value: true,
    disabled: true,
    is_default_tax1: true,
    is_default_tax2: true,
    created_at: true,
    updated_at: true,
  },
} satisfies { [T in keyof DB]?: Listed<DB[T]> };

/** The tables whose columns are listed here. */
export type ListedTable = keyof typeof listed;

/** Every listed table's name. */
export const listedTables = Object.keys(listed) as ListedTable[];

/** The columns of a table, as `select` takes them: instead of `selectAll()` in a prepared query. */
export function columnsOf<T extends ListedTable>(table: T): Array<keyof DB[T] & string> {
  return Object.keys(listed[table]) as Array<keyof DB[T] & string>;
}

/** The columns of a table qualified by the table's name or alias (`jobs.id`, `f.id`): instead of `selectAll('jobs')`. */
export function qualifiedColumnsOf<T extends ListedTable, A extends string = T>(table: T, alias?: A): Array<`${A}.${keyof DB[T] & string}`> {
  const prefix = alias ?? table;
  return columnsOf(table).map((column) => `${prefix}.${column}` as `${A}.${keyof DB[T] & string}`);
}
