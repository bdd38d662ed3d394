/**
 * Row types of the database, shared by both dialects. Booleans are 0/1 integers, decimals are
 * strings, dates are ISO strings, JSON columns are text (see dialect.ts).
 */
import type {
  CatConfigurationsTable,
  CatConfigurationMappingsTable,
  CatConfigurationToolMatchesTable,
  PricesTable,
  PriceMatchesTable,
  JobsTable,
  JobMatchesTable,
  OutsourcingTable,
  OutsourcingMatchesTable,
  NotesTable,
  FilesTable,
  FileChunksTable,
  FileOutsourcingSharesTable,
  TrackerEntriesTable,
  GroupsTable,
  DocumentsTable,
  DocumentLinesTable,
  PaymentsTable,
  DocumentSequencesTable,
  JobSequencesTable,
  DocumentEmailsTable,
  WebhookEndpointsTable,
  DeliveriesTable,
  DeliveryAttemptsTable,
  WebhookFanoutsTable,
  ExchangeRatesTable,
} from './schema-records.js';

import type { Bool, Decimal, Iso } from './column-types.js';
import type { DocumentLanguage } from '../document-languages.js';

export type * from './schema-records.js';
export type { Bool, Decimal, Iso } from './column-types.js';

export interface AccountsTable {
  id: string;
  name: string;
  currency: string;
  target_margin: Decimal;
  invoice_number_format: string;
  quote_number_format: string;
  purchase_order_number_format: string;
  /** credit notes' own series (0033) */
  credit_note_number_format: string;
  address: string; // JSON
  /** The identity on documents ('' when unset; docs/operations.md#account-settings). */
  legal_name: string;
  vat_number: string;
  registration_number: string;
  email: string;
  phone: string;
  website: string;
  /** Electronic form: no spaces, upper case. */
  iban: string;
  bic: string;
  bank_name: string;
  document_language: DocumentLanguage;
  /** The status the not-started jobs of an accepted quote take (1: they stay; docs/documents.md#accepting-a-quote). */
  accepted_quote_job_status: number;
  /** 1: the role manager sees revenue and margins; 0: they are hidden from it (docs/access.md#revenue-and-margins). */
  managers_see_revenue_and_margins: number;
  /** 1: the supplier portal shows each piece of work's client name (0 by default). */
  suppliers_see_client_name: number;
  /** Where new client requests are e-mailed; '' for the account's `email`. */
  request_email: string;
  /** The agency's terms, shown with the client portal's request form and accepted with each request; '' for none. */
  request_terms: string;
  /** 1 (default): the client portal shows each job's progress. */
  clients_see_progress: number;
  /** 1 (default): the client portal shows each job's due date. */
  clients_see_due_dates: number;
  created_at: Iso;
  updated_at: Iso;
}

/** The account's logo (at most one): PNG, JPEG or sanitised SVG, at most 1 MB. */
export interface AccountLogosTable {
  account_id: string;
  content_type: string;
  content: Uint8Array;
  size: number;
  width: number;
  height: number;
  updated_at: Iso;
}

export interface UsersTable {
  id: string;
  account_id: string;
  name: string;
  email: string | null;
  /** Kept equal to `role = 'owner'` for versions before roles (rolling upgrades). */
  is_owner: Bool;
  role: Role;
  status: UserStatus;
  /** The e-mail as people sign in with it (trimmed, lower case); unique across the installation. */
  email_key: string | null;
  /** argon2id (PHC string); null until the user chooses a password. */
  password_hash: string | null;
  password_changed_at: Iso | null;
  last_login_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
}

export type Role = 'owner' | 'admin' | 'manager' | 'finance' | 'viewer';
export type UserStatus = 'invited' | 'active' | 'disabled';
/** What a client's documents show of a job line's match bands (docs/clients-suppliers.md#client-object). */
export type DocumentMatchDisplay = 'none' | 'breakdown' | 'hiddenMatches';

export interface ApiKeysTable {
  id: string;
  account_id: string;
  user_id: string;
  key_hash: string;
  prefix: string;
  scope: 'read' | 'write';
  name: string;
  created_at: Iso;
  last_used_at: Iso | null;
  revoked_at: Iso | null;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  user_id: string;
  /** SHA-256 of the cookie's value: the value itself is never stored. */
  token_hash: string;
  method: 'password' | 'oidc';
  created_at: Iso;
  last_seen_at: Iso;
  ended_at: Iso | null;
}

export type AuthTokenPurpose = 'invitation' | 'password_reset' | 'owner_setup';

export interface AuthTokensTable {
  id: string;
  account_id: string;
  user_id: string;
  purpose: AuthTokenPurpose;
  token_hash: string;
  created_at: Iso;
  expires_at: Iso;
  used_at: Iso | null;
}

/** The kinds of party a portal person belongs to (docs/supplier-portal.md#people): one design for both portals. */
export type PortalPartyKind = 'supplier' | 'client';

/**
 * A person outside the agency who signs in to a portal (docs/supplier-portal.md#people): one
 * contact of a supplier (or client) given access. Name and e-mail are the contact's, read through
 * it; `language` is the person's own choice (null: the party's document language).
 */
export interface PortalPeopleTable {
  id: string;
  account_id: string;
  party_kind: PortalPartyKind;
  party_id: string;
  contact_id: string;
  language: string | null;
  status: 'active' | 'revoked';
  /** argon2id (PHC string); null: the person signs in with e-mailed links only. */
  password_hash: string | null;
  password_changed_at: Iso | null;
  /** A client's person: what they may do, comma-separated (`request`, `approve`, `invoices`); '' for a supplier's. */
  permissions: string;
  created_at: Iso;
  updated_at: Iso;
}

/**
 * One message of a thread between a client and the agency about a job or a request (migration
 * 0050, docs/client-portal.md#messages): written by the client's portal person (`person_id`) or an
 * agency user (`user_id`).
 */
export interface ClientMessagesTable {
  id: string;
  account_id: string;
  client_id: string;
  subject_kind: string;
  subject_id: string;
  person_id: string | null;
  user_id: string | null;
  /** The author's name when they wrote (the thread reads as it was written). */
  author_name: string;
  text: string;
  created_at: Iso;
}

/** A portal person's signed-in browser, found by the hash of its cookie (as `sessions`, for another kind of principal). */
export interface PortalSessionsTable {
  id: string;
  account_id: string;
  person_id: string;
  token_hash: string;
  created_at: Iso;
  last_seen_at: Iso;
  ended_at: Iso | null;
}

/** How an offer round is awarded (docs/supplier-portal.md#offer-rounds). */
export type OfferRoundAward = 'first' | 'choose';

/**
 * An offer round (0041, docs/supplier-portal.md#offer-rounds): a job's work offered to several
 * suppliers, one outsourcing each (`outsourcing.offer_round_id`). Its state is read from the
 * columns: withdrawn, awarded, expired (past `expires_at`), else open.
 */
export interface OfferRoundsTable {
  id: string;
  account_id: string;
  job_id: string;
  award: OfferRoundAward;
  expires_at: Iso;
  awarded_outsourcing_id: string | null;
  awarded_at: Iso | null;
  withdrawn_at: Iso | null;
  /** When `job.outsourcing.expired` was recorded for its pending offers (the sweep's mark). */
  expiry_recorded_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
}

/** A portal person's single-use sign-in link, by hash (15 minutes). */
export interface PortalLinksTable {
  id: string;
  account_id: string;
  person_id: string;
  token_hash: string;
  created_at: Iso;
  expires_at: Iso;
  used_at: Iso | null;
}

/** The statuses of a client's request (docs/client-portal.md#requests). */
export type RequestStatus = 'new' | 'quoted' | 'converted' | 'declined' | 'withdrawn';

/** A client's request from the client portal (0048, docs/client-portal.md#requests); its files are `files` rows of owner_type `request`. */
export interface RequestsTable {
  id: string;
  account_id: string;
  client_id: string;
  /** The portal person who asked (portal_people.id). */
  person_id: string;
  /** Their name when they asked. */
  person_name: string;
  /** Per-account number, shown `R-0001`. */
  seq: number;
  service_id: string;
  source_language: string;
  /** JSON array of language codes. */
  target_languages: string;
  due_date: Iso | null;
  client_reference: string;
  purchase_order: string;
  message: string;
  status: RequestStatus;
  decline_reason: string | null;
  terms_accepted_at: Iso | null;
  /** A copy of the terms text accepted. */
  terms_text: string | null;
  /** The SHA-256 of the terms PDF accepted. */
  terms_pdf_sha256: string | null;
  answered_at: Iso | null;
  answered_by_user_id: string | null;
  /** JSON array of the job ids a conversion made. */
  converted_job_ids: string | null;
  converted_group_id: string | null;
  converted_quote_id: string | null;
  created_at: Iso;
  updated_at: Iso;
  version: number;
}

/** The account's terms PDF shown with the request form (0048). */
export interface RequestTermsPdfsTable {
  account_id: string;
  name: string;
  content: Uint8Array;
  size: number;
  sha256: string;
  updated_at: Iso;
}

/** A supplier's invoice submitted from the portal (0044, docs/supplier-invoices.md). */
/** A client's answer to a quote on the client portal, with its evidence (docs/client-portal.md#quotes). */
export interface QuoteAnswersTable {
  id: string;
  account_id: string;
  document_id: string;
  answer: 'accepted' | 'refused';
  portal_person_id: string;
  person_name: string;
  comment: string;
  ip: string;
  user_agent: string;
  answered_at: Iso;
}

export interface SupplierInvoicesTable {
  id: string;
  account_id: string;
  supplier_id: string;
  number: string;
  date: string;
  currency: string;
  total: Decimal;
  purchase_orders_total: Decimal;
  explanation: string | null;
  status: SupplierInvoiceStatus;
  rejection_reason: string | null;
  pdf_blob_id: string;
  pdf_name: string;
  pdf_size: number;
  pdf_sha256: string;
  submitted_by_portal_person_id: string;
  decided_by_user_id: string | null;
  decided_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
}

export type SupplierInvoiceStatus = 'submitted' | 'approved' | 'rejected';

/** A purchase order a supplier invoice covers; `live` 1 until the invoice is rejected (0044). */
export interface SupplierInvoiceOrdersTable {
  supplier_invoice_id: string;
  purchase_order_id: string;
  account_id: string;
  total: Decimal;
  live: number | null;
}

/** Failed attempts counted by the throttles (modules/auth/throttle.ts), each a row. */
export interface LoginFailuresTable {
  id: string;
  /** The throttle's key: the e-mail of sign-ins (lower case), or `LINKS <client address>` for guessed link tokens. */
  email_key: string;
  failed_at: Iso;
}

export interface OidcLoginsTable {
  id: string;
  state_hash: string;
  code_verifier: string;
  nonce: string;
  created_at: Iso;
  used_at: Iso | null;
  /** The path of this site to go to once signed in (0023); null: `/`. */
  return_to: string | null;
}

export interface EventsTable {
  id: string;
  account_id: string;
  type: string;
  data: string; // JSON
  actor_type: 'user' | 'key' | 'system' | 'portal';
  actor_user_id: string | null;
  actor_key_id: string | null;
  /** The portal person of a `portal` change (docs/supplier-portal.md). */
  actor_portal_person_id: string | null;
  /** The first part of `type` (`job` of `job.updated`) and the record's id: the history of one object. */
  object_type: string | null;
  object_id: string | null;
  created_at: Iso;
}

/** Services, match categories, units, domains, labels and taxes share this core. */
interface NamedRecord {
  id: string;
  account_id: string;
  name: string;
  name_key: string;
  created_at: Iso;
  updated_at: Iso;
}

export interface ServicesTable extends NamedRecord {
  pinned: Bool;
  disabled: Bool;
}

export interface MatchCategoriesTable extends NamedRecord {
  disabled: Bool;
  position: number;
}

export interface UnitsTable extends NamedRecord {
  pinned: Bool;
  disabled: Bool;
  is_hours: Bool;
}

export type DomainsTable = NamedRecord;

export interface LabelsTable extends NamedRecord {
  color: string;
}

export interface TaxesTable extends NamedRecord {
  value: Decimal;
  disabled: Bool;
  is_default_tax1: Bool;
  is_default_tax2: Bool;
}

export interface LanguagePairsTable {
  id: string;
  account_id: string;
  source_code: string | null;
  target_code: string;
  pair_key: string;
  bidirectional: Bool;
  pinned: Bool;
  disabled: Bool;
  created_at: Iso;
  updated_at: Iso;
}

export interface EntityLabelsTable {
  account_id: string;
  entity_type: string;
  entity_id: string;
  label_id: string;
  created_at: Iso;
}

export interface ClientsTable {
  id: string;
  account_id: string;
  name: string;
  name_key: string;
  search_text: string;
  archived: Bool;
  pinned: Bool;
  address: string; // JSON
  email: string;
  phone: string;
  website: string;
  vat_number: string;
  national_identification_number: string;
  details: string;
  currency: string;
  minimum_fee: Decimal | null;
  tax1_id: string | null;
  tax2_id: string | null;
  cat_configuration_id: string | null;
  /** null: the account's. */
  document_language: DocumentLanguage | null;
  document_match_display: DocumentMatchDisplay;
  /** Documents in another currency show the total in the account's currency and the rate (0028). */
  show_exchange_rate_on_invoice: Bool;
  created_at: Iso;
  updated_at: Iso;
}

export interface SuppliersTable {
  id: string;
  account_id: string;
  name: string;
  name_key: string;
  search_text: string;
  supplier_type: 'freelance' | 'company';
  archived: Bool;
  pinned: Bool;
  address: string; // JSON
  email: string;
  phone: string;
  mobile_phone: string;
  nickname: string;
  vat_number: string;
  national_identification_number: string;
  details: string;
  currency: string;
  rating: Decimal | null;
  timezone: string | null;
  cat_configuration_id: string | null;
  /** null: the account's. */
  document_language: DocumentLanguage | null;
  created_at: Iso;
  updated_at: Iso;
}

export interface SupplierDomainsTable {
  supplier_id: string;
  domain_id: string;
  position: number;
}

export interface SupplierLanguagePairsTable {
  supplier_id: string;
  language_pair_id: string;
  position: number;
}

export interface SupplierDedicatedClientsTable {
  supplier_id: string;
  client_id: string;
  position: number;
}

export interface ContactsTable {
  id: string;
  account_id: string;
  client_id: string | null;
  supplier_id: string | null;
  full_name: string;
  email: string | null;
  emails: string; // JSON
  mobile: string;
  nickname: string | null;
  notes: string;
  phone: string;
  title: string;
  created_at: Iso;
  updated_at: Iso;
}

export interface SupplierUnavailabilitiesTable {
  id: string;
  account_id: string;
  supplier_id: string;
  from_at: Iso;
  to_at: Iso;
  reason: string;
  created_at: Iso;
  updated_at: Iso;
}

/** The version of a job's object, bumped by triggers (migration 0014). */
export interface JobVersionsTable {
  job_id: string;
  account_id: string;
  version: number;
}

/** The version of a group's object, bumped by triggers (migration 0016). */
export interface GroupVersionsTable {
  group_id: string;
  account_id: string;
  version: number;
}

/** Bumped by triggers when something shown inside many jobs of the account changes (migration 0014). */
export interface ViewEpochsTable {
  account_id: string;
  epoch: number;
}

/** SQLite: a random token replaced by triggers whenever what price resolution reads changes (migration 0019). */
export interface PriceEpochsTable {
  account_id: string;
  epoch: string;
}

/** Rows per account of the counted tables, kept by triggers (migration 0012). */
export interface RowCountsTable {
  account_id: string;
  table_name: string;
  count: number;
}

export interface DB {
  row_counts: RowCountsTable;
  job_versions: JobVersionsTable;
  group_versions: GroupVersionsTable;
  view_epochs: ViewEpochsTable;
  price_epochs: PriceEpochsTable;
  accounts: AccountsTable;
  account_logos: AccountLogosTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
  oidc_logins: OidcLoginsTable;
  events: EventsTable;
  services: ServicesTable;
  match_categories: MatchCategoriesTable;
  units: UnitsTable;
  domains: DomainsTable;
  labels: LabelsTable;
  taxes: TaxesTable;
  language_pairs: LanguagePairsTable;
  entity_labels: EntityLabelsTable;
  clients: ClientsTable;
  suppliers: SuppliersTable;
  supplier_domains: SupplierDomainsTable;
  supplier_language_pairs: SupplierLanguagePairsTable;
  supplier_dedicated_clients: SupplierDedicatedClientsTable;
  contacts: ContactsTable;
  supplier_unavailabilities: SupplierUnavailabilitiesTable;
  prices: PricesTable;
  price_matches: PriceMatchesTable;
  cat_configurations: CatConfigurationsTable;
  cat_configuration_mappings: CatConfigurationMappingsTable;
  cat_configuration_tool_matches: CatConfigurationToolMatchesTable;
  jobs: JobsTable;
  job_matches: JobMatchesTable;
  outsourcing: OutsourcingTable;
  outsourcing_matches: OutsourcingMatchesTable;
  notes: NotesTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  groups: GroupsTable;
  documents: DocumentsTable;
  document_lines: DocumentLinesTable;
  payments: PaymentsTable;
  webhook_endpoints: WebhookEndpointsTable;
  deliveries: DeliveriesTable;
  webhook_fanouts: WebhookFanoutsTable;
  delivery_attempts: DeliveryAttemptsTable;
  exchange_rates: ExchangeRatesTable;
  document_sequences: DocumentSequencesTable;
  job_sequences: JobSequencesTable;
  document_emails: DocumentEmailsTable;
  tracker_entries: TrackerEntriesTable;
  file_outsourcing_shares: FileOutsourcingSharesTable;
  portal_people: PortalPeopleTable;
  client_messages: ClientMessagesTable;
  portal_sessions: PortalSessionsTable;
  portal_links: PortalLinksTable;
  supplier_invoices: SupplierInvoicesTable;
  supplier_invoice_orders: SupplierInvoiceOrdersTable;
  offer_rounds: OfferRoundsTable;
  quote_answers: QuoteAnswersTable;
  requests: RequestsTable;
  request_terms_pdfs: RequestTermsPdfsTable;
}
