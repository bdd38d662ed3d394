/**
 * The daily import of the ECB reference rates (docs/exchange-rates.md#the-ecb-import): when
 * EXCHANGE_RATES_URL is set, each server process fetches the file at start and then every 24
 * hours, and stores its rates in every account, one transaction per account. Several processes
 * may run it at once: rows are added with "on conflict do nothing" and compared before they are
 * changed, so the same file stored twice gives the same rows.
 */
import { SYSTEM_ACTOR, type Ctx } from '../../core/context.js';
import type { Database } from '../../core/db/database.js';
import { fetchEcb, RateSourceError } from './ecb.js';
import { storeImported } from './service.js';

export const IMPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface ImportLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Fetches the file once and stores it in every account; answers how many accounts got new or changed rates. */
export async function importForAllAccounts(database: Database, url: string, log: ImportLog, fetcher?: typeof fetch): Promise<number> {
  let days;
  try {
    days = await fetchEcb(url, fetcher);
  } catch (error) {
    if (error instanceof RateSourceError) {
      log.warn({ url, reason: error.message }, 'exchange rate import: the source failed; nothing was imported');
      return 0;
    }
    throw error;
  }
  const accounts = await database.db.selectFrom('accounts').select('id').execute();
  let changed = 0;
  for (const account of accounts) {
    try {
      const result = await database.db.transaction().execute(async (tx) => {
        const ctx: Ctx = { db: tx, dialect: database.dialect, accountId: account.id, userId: '', actor: SYSTEM_ACTOR };
        return storeImported(ctx, days);
      });
      if (result.created + result.updated > 0) changed += 1;
    } catch (error) {
      log.error({ err: error, accountId: account.id }, 'exchange rate import: could not store the rates of an account');
    }
  }
  log.info({ url, days: days.length, accounts: accounts.length, changed }, 'exchange rate import done');
  return changed;
}

/** Starts the import (now, then every 24 hours); answers stop(), which waits for a run in progress. */
export function startRateImports(database: Database, url: string | undefined, log: ImportLog): { stop(): Promise<void> } {
  if (url === undefined) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = importForAllAccounts(database, url, log).catch((error: unknown) => log.error({ err: error }, 'exchange rate import failed'));
  };
  run();
  const timer = setInterval(run, IMPORT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
