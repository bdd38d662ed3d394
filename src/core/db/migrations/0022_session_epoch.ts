import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { FRESHNESS, type FreshnessManifest } from '../freshness.js';
import { replaceFreshnessTriggers } from '../freshness-triggers.js';
import { FRESHNESS_AT_0020, VIEW_EPOCHS_BEFORE_0029 } from './0020_freshness_triggers.js';

/**
 * The manifest this migration was released with, frozen when 0029 changed the live one (what
 * later migrations changed, undone: the account epoch's sources before 0029).
 */
export const FRESHNESS_AT_0022: FreshnessManifest = Object.freeze({ ...FRESHNESS, viewEpochs: VIEW_EPOCHS_BEFORE_0029 });

/**
 * The key epoch (SQLite) counts writes of `sessions` too: a session ended in one process (sign-out,
 * a password changed, a user disabled) is refused at once by every other process, which keeps the
 * sessions it found, as it keeps keys, while the epoch is unchanged. Re-creates the triggers of the
 * freshness manifest (core/db/freshness.ts) from the manifest of 0020 to the live one.
 */
export function sessionEpoch(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await replaceFreshnessTriggers(db, dialect, { installed: FRESHNESS_AT_0020, next: FRESHNESS_AT_0022 });
    },
  };
}
