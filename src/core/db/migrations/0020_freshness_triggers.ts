import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { FRESHNESS, type FreshnessManifest } from '../freshness.js';
import { replaceFreshnessTriggers } from '../freshness-triggers.js';

/**
 * The triggers of migrations 0012, 0014, 0016, 0017 and 0019, re-created from the freshness
 * manifest (core/db/freshness.ts): the same statements, now generated from one declaration. Drops
 * those triggers (and PostgreSQL trigger functions) and creates the manifest's.
 *
 * The manifest passed is the one this migration was released with. While this is the latest
 * migration that re-creates triggers, that is the live `FRESHNESS`; before the manifest changes,
 * the live reference here is replaced by a frozen copy of it (`FRESHNESS_AT_0020`, same content),
 * and a new migration replaces its triggers (`installed: FRESHNESS_AT_0020`) by those of the changed
 * manifest (`next: FRESHNESS`; docs/performance.md#the-freshness-manifest).
 * `test/unit/freshness-triggers.test.ts` checks that only the latest one passes the live manifest.
 */
/** The account epoch's sources before 0029 (exchange rates and the account's currency added there). */
export const VIEW_EPOCHS_BEFORE_0029: FreshnessManifest['viewEpochs'] = Object.freeze(
  FRESHNESS.viewEpochs
    .filter((source) => source.table !== 'exchange_rates')
    .map((source) => (source.table === 'accounts' ? { ...source, columns: ['target_margin'] } : source)),
);

export const FRESHNESS_AT_0020: FreshnessManifest = Object.freeze({
  ...FRESHNESS,
  viewEpochs: VIEW_EPOCHS_BEFORE_0029,
  // What later migrations changed in the live manifest, as it was when 0020 was released (a test
  // compares these triggers with those the migrations before 0020 wrote by hand: a change that is
  // not undone here fails it).
  keyEpoch: { tables: ['api_keys', 'users'] },
});

export function freshnessTriggers(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The triggers the earlier migrations wrote by hand are, name for name, the manifest's.
      await replaceFreshnessTriggers(db, dialect, { installed: FRESHNESS_AT_0020, next: FRESHNESS_AT_0020 });
    },
  };
}
