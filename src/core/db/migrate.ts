import { inspect } from 'node:util';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { foundation } from './migrations/0001_foundation.js';
import { prices } from './migrations/0002_prices.js';
import { catConfigurations } from './migrations/0003_cat_configurations.js';
import { jobs } from './migrations/0004_jobs.js';
import { notes } from './migrations/0005_notes.js';
import { files } from './migrations/0006_files.js';
import { groups } from './migrations/0007_groups.js';
import { trackers } from './migrations/0008_trackers.js';
import { jobFiles } from './migrations/0009_job_files.js';
import { documents } from './migrations/0010_documents.js';
import { catFiles } from './migrations/0011_cat_files.js';
import { rowCounts } from './migrations/0012_row_counts.js';
import { jobGroupLookup } from './migrations/0013_job_group_lookup.js';
import { jobVersions } from './migrations/0014_job_versions.js';
import { groupJobIds } from './migrations/0015_group_job_ids.js';
import { groupVersions } from './migrations/0016_group_versions.js';
import { keyEpoch } from './migrations/0017_key_epoch.js';
import { fewerJobIndexes } from './migrations/0018_fewer_job_indexes.js';
import { priceEpochs } from './migrations/0019_price_epochs.js';
import { FRESHNESS_AT_0020, freshnessTriggers } from './migrations/0020_freshness_triggers.js';
import type { FreshnessManifest } from './freshness.js';
import { people } from './migrations/0021_people.js';
import { FRESHNESS_AT_0022, sessionEpoch } from './migrations/0022_session_epoch.js';
import { oidcReturnTo } from './migrations/0023_oidc_return_to.js';
import { dashboardIndexes } from './migrations/0024_dashboard_indexes.js';
import { documentIdentity } from './migrations/0025_document_identity.js';
import { documentReferences } from './migrations/0026_document_references.js';
import { outbox } from './migrations/0027_outbox.js';
import { exchangeRates } from './migrations/0028_exchange_rates.js';
import { exchangeRateEpochs } from './migrations/0029_exchange_rate_epochs.js';
import { reportIndexes } from './migrations/0030_report_indexes.js';
import { webhookFanouts } from './migrations/0031_webhook_fanouts.js';
import { documentLineJobIndexes } from './migrations/0032_document_line_job_indexes.js';
import { documentEmails } from './migrations/0033_document_emails.js';
import { creditNotes } from './migrations/0034_credit_notes.js';
import { catPresets } from './migrations/0035_cat_presets.js';
import { quoteAcceptance } from './migrations/0036_quote_acceptance.js';
import { jobNumbers } from './migrations/0037_job_numbers.js';
import { managerFinancials } from './migrations/0038_manager_financials.js';
import { outsourcingPortal } from './migrations/0039_outsourcing_portal.js';
import { portalPeople } from './migrations/0040_portal_people.js';
import { offerRounds } from './migrations/0041_offer_rounds.js';
import { portalDeliverables } from './migrations/0043_portal_deliverables.js';
import { supplierInvoices } from './migrations/0044_supplier_invoices.js';
import { portalPasswords } from './migrations/0045_portal_passwords.js';
import { suppliersSeeClientName } from './migrations/0046_suppliers_see_client_name.js';
import { portalPermissions } from './migrations/0047_portal_permissions.js';
import { requests } from './migrations/0048_requests.js';
import { quoteAnswers } from './migrations/0049_quote_answers.js';
import { clientDeliveries } from './migrations/0050_client_deliveries.js';
import { FRESHNESS } from './freshness.js';

/** Versioned migrations, in order. A released migration is never edited; add a new one. */
export function migrations(database: Pick<Database, 'dialect'>): Record<string, Migration> {
  return {
    '0001_foundation': foundation(database.dialect),
    '0002_prices': prices(database.dialect),
    '0003_cat_configurations': catConfigurations(database.dialect),
    '0004_jobs': jobs(database.dialect),
    '0005_notes': notes(database.dialect),
    '0006_files': files(database.dialect),
    '0007_groups': groups(database.dialect),
    '0008_trackers': trackers(database.dialect),
    '0009_job_files': jobFiles(database.dialect),
    '0010_documents': documents(database.dialect),
    '0011_cat_files': catFiles(database.dialect),
    '0012_row_counts': rowCounts(database.dialect),
    '0013_job_group_lookup': jobGroupLookup(database.dialect),
    '0014_job_versions': jobVersions(database.dialect),
    '0015_group_job_ids': groupJobIds(database.dialect),
    '0016_group_versions': groupVersions(database.dialect),
    '0017_key_epoch': keyEpoch(database.dialect),
    '0018_fewer_job_indexes': fewerJobIndexes(database.dialect),
    '0019_price_epochs': priceEpochs(database.dialect),
    '0020_freshness_triggers': freshnessTriggers(database.dialect),
    '0021_people': people(database.dialect),
    '0022_session_epoch': sessionEpoch(database.dialect),
    '0023_oidc_return_to': oidcReturnTo(),
    '0024_dashboard_indexes': dashboardIndexes(),
    '0025_document_identity': documentIdentity(database.dialect),
    '0026_document_references': documentReferences(),
    '0027_outbox': outbox(),
    '0028_exchange_rates': exchangeRates(),
    '0029_exchange_rate_epochs': exchangeRateEpochs(database.dialect),
    '0030_report_indexes': reportIndexes(database.dialect),
    '0031_webhook_fanouts': webhookFanouts(database.dialect),
    '0032_document_line_job_indexes': documentLineJobIndexes(),
    '0033_document_emails': documentEmails(),
    '0034_credit_notes': creditNotes(),
    '0035_cat_presets': catPresets(),
    '0036_quote_acceptance': quoteAcceptance(),
    '0037_job_numbers': jobNumbers(database.dialect),
    '0038_manager_financials': managerFinancials(),
    '0039_outsourcing_portal': outsourcingPortal(),
    '0040_portal_people': portalPeople(),
    '0041_offer_rounds': offerRounds(),
    '0043_portal_deliverables': portalDeliverables(),
    '0044_supplier_invoices': supplierInvoices(database.dialect),
    '0045_portal_passwords': portalPasswords(),
    '0046_suppliers_see_client_name': suppliersSeeClientName(),
    '0047_portal_permissions': portalPermissions(),
    '0048_requests': requests(database.dialect),
    '0049_quote_answers': quoteAnswers(),
    '0050_client_deliveries': clientDeliveries(),
  };
}

/**
 * The migrations that re-create the triggers from a freshness manifest, with the manifest each
 * passes, in order: the last one passes the live manifest (core/db/freshness.ts), the others the
 * frozen copy they were released with (test/unit/freshness-triggers.test.ts checks it).
 */
export const FRESHNESS_MIGRATIONS: ReadonlyArray<{ name: string; manifest: FreshnessManifest }> = [
  { name: '0020_freshness_triggers', manifest: FRESHNESS_AT_0020 },
  { name: '0022_session_epoch', manifest: FRESHNESS_AT_0022 },
  { name: '0029_exchange_rate_epochs', manifest: FRESHNESS },
];

/** The names of every migration this version knows, in order (a restore refuses a newer database). */
export function migrationNames(): string[] {
  return Object.keys(migrations({ dialect: 'sqlite' }));
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(database) };
  // Kysely looks for its migration tables in any schema unless told which one: pin it to the
  // connection's schema, or a fresh schema next to others (tests, PostgreSQL) skips creating them.
  const schema =
    database.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db: database.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(inspect(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
