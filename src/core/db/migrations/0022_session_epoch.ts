import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { FRESHNESS } from '../freshness.js';
import { replaceFreshnessTriggers } from '../freshness-triggers.js';
import { FRESHNESS_AT_0020 } from './0020_freshness_triggers.js';

/**
 * The key epoch (SQLite) counts writes of `sessions` too: a session ended in one process (sign-out,
 * a password changed, a user disabled) is refused at once by every other process, which keeps the
 * sessions it found, as it keeps keys, while the epoch is unchanged. Re-creates the triggers of the
 * freshness manifest (core/db/freshness.ts) from the manifest of 0020 to the live one.
 */
export function sessionEpoch(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await replaceFreshnessTriggers(db, dialect, { installed: FRESHNESS_AT_0020, next: FRESHNESS });
    },
  };
}
