/**
 * Row types of the records of the work itself: CAT configurations, prices, jobs and their parts,
 * notes, files, trackers, groups and documents. Same conventions as schema.ts, which gathers every
 * table into `DB` and re-exports these.
 */
import type { Bool, Decimal, Iso } from './column-types.js';

export interface CatConfigurationsTable {
  id: string;
  account_id: string;
  name: string;
  /** A tool id of the catalogue (modules/cat-configurations/cat-tools.ts). */
  cat_tool: string;
  conversion_factor: Decimal;
  destination_unit_id: string;
  source_quantity_type: string;
  created_at: Iso;
  updated_at: Iso;
}

/** One mapping per (configuration, match category); `position` orders them from 0. */
export interface CatConfigurationMappingsTable {
  configuration_id: string;
  account_id: string;
  match_category_id: string;
  position: number;
}

/** A tool match feeds one mapping of its configuration; `position` orders it within the mapping. */
export interface CatConfigurationToolMatchesTable {
  configuration_id: string;
  account_id: string;
  tool_match: string;
  match_category_id: string;
  position: number;
}

/** The four price families of docs/prices.md in one table; `family` tells them apart. */
export interface PricesTable {
  id: string;
  account_id: string;
  family: 'supplier_default' | 'client_default' | 'supplier_service' | 'client_price';
  /** The owning client of a client price (cascade). */
  owner_client_id: string | null;
  /** The owning supplier of a supplier service (cascade). */
  owner_supplier_id: string | null;
  /** The client restriction of a default supplier price or supplier service. */
  client_id: string | null;
  service_id: string;
  unit_id: string;
  currency: string;
  language_pair_id: string | null;
  domain_id: string | null;
  unit_cost: Decimal;
  matches_type: 'fixed' | 'percentage';
  has_price: Bool;
  /** The uniqueness scope of docs/prices.md#uniqueness, unique per account. */
  unique_key: string;
  created_at: Iso;
  updated_at: Iso;
}

/** Match entries of a price, ordered by `position` from 0; one of unit_cost / percentage is set. */
export interface PriceMatchesTable {
  price_id: string;
  match_category_id: string;
  account_id: string;
  position: number;
  unit_cost: Decimal | null;
  percentage: Decimal | null;
}

/** Jobs (docs/jobs.md). `estimation` is the stored result of the estimation engine (JSON). */
export interface JobsTable {
  id: string;
  account_id: string;
  name: string;
  name_key: string;
  /** Lowercased name, external reference and purchase order, one per line (`q`). */
  search_text: string;
  additional_info: string | null;
  archive: Bool;
  pinned: Bool;
  client_id: string;
  service_id: string;
  unit_id: string;
  language_pair_id: string | null;
  domain_id: string | null;
  user_id: string;
  project_manager_id: string | null;
  currency: string;
  status: number;
  progress: Decimal;
  due_date: Iso | null;
  /** The due date, or a sentinel after every date when none (the dueDate sort). */
  due_sort: string;
  start_date: Iso | null;
  delivery_date: Iso | null;
  external_reference: string;
  purchase_order: string;
  non_billable: Bool;
  time_based_invoice: Bool;
  apply_minimum_fee: Bool;
  discount: Decimal;
  extra_charge: Decimal;
  fixed_price: Decimal | null;
  quantity: Decimal;
  unit_cost: Decimal;
  unit_cost_price_id: string | null;
  unit_cost_price_type: string | null;
  time_based_unit_cost: Decimal;
  time_based_price_id: string | null;
  time_based_price_type: string | null;
  matches_type: 'fixed' | 'percentage';
  has_matches: Bool;
  /** JSON array of the file ids of the last CAT analysis import. */
  cat_file_ids?: string;
  price_matches: string; // JSON: the frozen match entries of the price
  estimation: string; // JSON
  created_at: Iso;
  updated_at: Iso;
  /** The job's group (migration 0007) and its position there (order added); null outside a group. */
  group_id?: string | null;
  group_position?: number | null;
  /** The readable number `J-2026-0001` (migration 0037, docs/jobs.md#job-numbers); null only for a job an older server inserted during an upgrade. */
  number?: string | null;
}

/** Match lines of a job, ordered by `position`; unit_cost and percentage both null = full rate. */
export interface JobMatchesTable {
  job_id: string;
  match_category_id: string;
  account_id: string;
  position: number;
  value: Decimal;
  unit_cost: Decimal | null;
  percentage: Decimal | null;
}

/** A part of a job given to a supplier (docs/jobs.md#outsourcing). `amounts` is the stored price estimate (JSON). */
export interface OutsourcingTable {
  id: string;
  account_id: string;
  job_id: string;
  supplier_id: string;
  name: string;
  service_id: string;
  unit_id: string;
  language_pair_id: string | null;
  currency: string;
  status: number;
  quantity: Decimal;
  unit_cost: Decimal;
  unit_cost_price_id: string | null;
  unit_cost_price_type: string | null;
  matches_type: 'fixed' | 'percentage';
  has_matches: Bool;
  /** JSON array of the file ids of the last CAT analysis import. */
  cat_file_ids?: string;
  price_matches: string; // JSON
  discount: Decimal;
  extra_charge: Decimal;
  fixed_price: Decimal | null;
  due_date: Iso | null;
  start_date: Iso | null;
  delivery_date: Iso | null;
  amounts: string; // JSON
  created_at: Iso;
  updated_at: Iso;
  /** The supplier portal (0039, docs/jobs.md#portal): its unguessable reference ('' only for a row an older server inserted). */
  portal_reference: string;
  portal_enabled: Bool;
  /** Sanitised rich text, or null. */
  portal_instructions: string | null;
  /** JSON array of `{ id, name, done }`. */
  portal_checklist: string;
  portal_confirm: Bool;
  portal_generate_purchase_order: Bool;
  /** 1 pending, 2 accepted, 3 refused; null while no confirmation is asked. */
  portal_confirm_status: number | null;
  portal_accepted_date: Iso | null;
  portal_confirm_comment: string | null;
  portal_sent_date: Iso | null;
  portal_sent_date_status: Iso | null;
  portal_done_date: Iso | null;
  portal_supplier_comments: string | null;
  portal_upload_file_on_group: Bool;
  /** The offer round this outsourcing is an offer of (0041, docs/supplier-portal.md#offer-rounds); null: none. */
  offer_round_id: string | null;
}

export interface OutsourcingMatchesTable {
  outsourcing_id: string;
  match_category_id: string;
  account_id: string;
  position: number;
  value: Decimal;
  unit_cost: Decimal | null;
  percentage: Decimal | null;
}

/** A note on a parent record (docs/notes.md); `parent_type` is `client`, `supplier`, … */
export interface NotesTable {
  id: string;
  account_id: string;
  parent_type: string;
  parent_id: string;
  /** Sanitised rich text (core/richtext.ts). */
  content: string;
  user_id: string;
  /** The last editor; null until the note is edited. */
  edited_by_user_id: string | null;
  created_at: Iso;
  /** Null until the note is edited. */
  updated_at: Iso | null;
}

/** A file of a client, supplier (later job, group): docs/files.md. `blob_id` names its stored content. */
export interface FilesTable {
  id: string;
  account_id: string;
  owner_type: string;
  owner_id: string;
  name: string;
  size: number;
  sha256: string;
  content_type: string;
  blob_id: string;
  share_on_jobs: Bool;
  created_at: Iso;
  /** Jobs and groups: shared with every outsourcing (migration 0009). */
  share_with_all: Bool;
  /** A deliverable uploaded on the supplier portal: the outsourcing it delivers, and who uploaded it (migration 0043). */
  outsourcing_id: string | null;
  portal_person_id: string | null;
  /** Jobs and groups: shared with the job's client on the client portal (migration 0050). */
  share_with_client: Bool;
}

/** Content of the `db` storage backend: fixed-size chunks of one blob, `seq` from 0. */
export interface FileChunksTable {
  blob_id: string;
  seq: number;
  data: Uint8Array;
}

/** A job or group file shared with one outsourcing (docs/files.md#files-of-jobs-and-groups); goes with the file and the outsourcing. */
export interface FileOutsourcingSharesTable {
  file_id: string;
  outsourcing_id: string;
}

/** A time tracker entry of a job (docs/trackers.md); `to_at` is null while it runs. */
export interface TrackerEntriesTable {
  id: string;
  account_id: string;
  job_id: string;
  user_id: string;
  from_at: Iso;
  /** `from_at` + `duration_ms` once stopped; null while running. */
  to_at: Iso | null;
  /** Whole milliseconds; 0 while running. */
  duration_ms: number;
  billable: Bool;
  running: Bool;
  created_at: Iso;
  updated_at: Iso;
}

/** A group of jobs (docs/groups.md); status to estimation are derived from its jobs and stored. */
export interface GroupsTable {
  id: string;
  account_id: string;
  name: string;
  name_key: string;
  search_text: string;
  archived: Bool;
  pinned: Bool;
  client_id: string | null;
  domain_id: string | null;
  color: string;
  currency: string;
  budget: Decimal | null;
  own_due_date: Iso | null;
  due_date_auto: Bool;
  /** The due date answered: the latest job due date when automatic (and one exists), else own_due_date. */
  due_date: Iso | null;
  due_sort: string;
  external_reference: string;
  purchase_order: string;
  group_on_invoice: Bool;
  status: number;
  progress: Decimal;
  service_ids: string; // JSON array, order of first use
  user_ids: string; // JSON array
  supplier_ids: string; // JSON array
  estimation: string; // JSON: the GroupEstimation (decimal strings)
  created_at: Iso;
  updated_at: Iso;
}

/** A quote, invoice or purchase order (docs/documents.md, migration 0010); `kind` names which. */
export interface DocumentsTable {
  id: string;
  account_id: string;
  kind: string;
  number: string | null;
  status: number;
  type: number;
  credited_document_id: string | null;
  client_id: string | null;
  supplier_id: string | null;
  issue_date: Iso | null;
  due_date: Iso | null;
  validity_date: Iso | null;
  payment_terms: number;
  currency: string;
  discount: Decimal;
  tax1_id: string | null;
  tax1_rate: Decimal | null;
  tax2_id: string | null;
  tax2_rate: Decimal | null;
  reverse_charge: Bool;
  terms: string;
  subtotal: Decimal;
  discount_amount: Decimal;
  tax1_amount: Decimal;
  tax2_amount: Decimal;
  total: Decimal;
  payment_date: Iso | null;
  archive: Bool;
  pinned: Bool;
  search_text: string;
  /** the client's purchase-order reference ('' when unset) */
  purchase_order: string;
  /** `none` | `breakdown` | `hiddenMatches`; null: the client's */
  match_display: string | null;
  /** when the document was sent (0027); null: not sent */
  sent_date: Iso | null;
  /** the state of its e-mail (0027): `processed` | `delivered` | `failed`; null: none sent */
  email_status: string | null;
  email_status_at: Iso | null;
  /** JSON list of the rates it was issued with (0028; docs/exchange-rates.md): `[{ currency, date, rate }]` */
  exchange_rates: string;
  /** why a credit note was issued (0033); '' otherwise */
  credit_reason: string;
  /** a credit note: the part of its amount to be refunded, decimal text (0033); the rest is deducted from the invoice */
  credit_refund: string;
  created_at: Iso;
  updated_at: Iso;
}

/** A line of a document: a job, an outsourcing, or free text (job_id and outsourcing_id null). */
export interface DocumentLinesTable {
  id: string;
  account_id: string;
  document_id: string;
  position: number;
  job_id: string | null;
  group_id: string | null;
  outsourcing_id: string | null;
  description: string;
  quantity: Decimal;
  unit_id: string | null;
  unit_cost: Decimal;
  total: Decimal;
  /** a credit-note line: the invoice line it credits (0033); null for a credited amount and older credit notes */
  credited_line_id: string | null;
}

/** A payment of an invoice (docs/documents.md#rules). */
export interface PaymentsTable {
  id: string;
  account_id: string;
  document_id: string;
  amount: Decimal;
  date: Iso;
  description: string;
  is_fully_paid: Bool;
  created_at: Iso;
}

/** The last number given per account, document kind and year (0: a format without a year). */
/** The last job number given per account and year of creation (docs/jobs.md#job-numbers). */
export interface JobSequencesTable {
  account_id: string;
  year: number;
  last: number;
}

export interface DocumentSequencesTable {
  account_id: string;
  kind: string;
  year: number;
  last: number;
}

/** One e-mail of a document queued in the outbox: the mail log (0033; docs/documents.md#the-mail-log). Its id is the delivery's. */
export interface DocumentEmailsTable {
  id: string;
  account_id: string;
  document_id: string;
  /** JSON `{ to: Recipient[], cc: Recipient[] }` */
  recipients: string;
  subject: string;
  custom_message: number;
  user_id: string | null;
  api_key_id: string | null;
  created_at: string;
}

/** A registered webhook URL of an account (0027; docs/webhooks.md). */
export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  /** JSON list of event types, or `["*"]` */
  events: string;
  description: string;
  enabled: Bool;
  /** why it was disabled by Transdesk (`gone`: answered 410; `failing`: failed for 5 days); null: by a user or enabled */
  disabled_reason: string | null;
  /** `whsec_` + base64 */
  secret: string;
  /** the secret before the last rotation, also signing until `previous_secret_expires_at` */
  previous_secret: string | null;
  previous_secret_expires_at: Iso | null;
  /** the first failure of the current run of failures; null after a success */
  failing_since: Iso | null;
  created_at: Iso;
  updated_at: Iso;
}

/** `portal_mail`: an e-mail of the supplier portal, composed when queued (docs/supplier-portal.md#sending-work). */
export type DeliveryKind = 'webhook' | 'email' | 'portal_mail';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** One message of the outbox (0027): a webhook call or an e-mail, created with the change that caused it. */
export interface DeliveriesTable {
  id: string;
  account_id: string;
  kind: DeliveryKind;
  /** the webhook endpoint (kind `webhook`); null for e-mails */
  endpoint_id: string | null;
  /** the event row that caused it (null for `webhook.test` and e-mails without one) */
  event_id: string | null;
  event_type: string;
  /** JSON: the webhook body, or what the mailer needs */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Iso | null;
  /** a worker's claim: until then no other worker takes it */
  locked_until: Iso | null;
  locked_by: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: Iso;
  updated_at: Iso;
}

/** An event whose webhook deliveries are still to be written (0031; docs/webhooks.md#the-outbox). */
export interface WebhookFanoutsTable {
  event_id: string;
  /** JSON list of the endpoints subscribed to the event when it was recorded */
  endpoint_ids: string;
}

/** One attempt of a delivery (0027). */
export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: Iso;
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
}

/** An account's exchange rate for one currency and day (0028; docs/exchange-rates.md). */
export interface ExchangeRatesTable {
  id: string;
  account_id: string;
  /** ISO 4217 code, never the account's own currency. */
  currency: string;
  /** The day it holds from: `YYYY-MM-DD`. */
  date: string;
  /** Units of `currency` one unit of the account's currency buys: an exact decimal string. */
  rate: Decimal;
  source: 'manual' | 'ecb';
  created_at: Iso;
  updated_at: Iso;
}
