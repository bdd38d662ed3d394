import { newId } from '../../../src/core/ids.js';
import type { TestContext } from '../../helper.js';

/** Inserts an exchange rate of the caller's account directly (the rates API is another module's). */
export async function insertRate(t: TestContext, currency: string, date: string, rate: string, accountId = t.account.accountId): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('exchange_rates')
    .values({ id, account_id: accountId, currency, date, rate, source: 'manual', created_at: now, updated_at: now })
    .execute();
  return id;
}
