import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { FRESHNESS } from '../freshness.js';
import { replaceFreshnessTriggers } from '../freshness-triggers.js';
import { FRESHNESS_AT_0022 } from './0022_session_epoch.js';

/**
 * Profitability across currencies (docs/estimation.md#6-profitability-and-performance): a job's or
 * group's view converts with the account's exchange rates to the account's currency, so every
 * write of a rate (insert, update, delete) and of the account's currency bumps the account's view
 * epoch, and cached job and group views rebuild. Re-creates the triggers of the freshness manifest
 * (core/db/freshness.ts) from the manifest of 0022 to the live one.
 */
export function exchangeRateEpochs(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await replaceFreshnessTriggers(db, dialect, { installed: FRESHNESS_AT_0022, next: FRESHNESS });
    },
  };
}
