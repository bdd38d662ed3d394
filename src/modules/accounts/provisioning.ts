import { generateApiKey, hashApiKey, keyPrefix } from '../../core/auth.js';
import { nowIso } from '../../core/dates.js';
import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { masterData } from '../master-data/index.js';

/**
 * Accounts, their owner users and API keys, outside any HTTP request: used by the first start
 * (bootstrap, DESIGN §1.3), the CLI (§1.4) and the tests.
 */
export const DEFAULT_NUMBER_FORMATS = {
  invoice: 'INV-{YYYY}-{SEQ:4}',
  quote: 'Q-{YYYY}-{SEQ:4}',
  purchaseOrder: 'PO-{YYYY}-{SEQ:4}',
};

export interface CreatedAccount {
  accountId: string;
  userId: string;
  keyId: string;
  apiKey: string;
}

export interface KeyInfo {
  id: string;
  accountId: string;
  userId: string;
  prefix: string;
  scope: 'read' | 'write';
  createdAt: string;
  revokedAt: string | null;
}

export async function insertApiKey(
  db: Executor,
  accountId: string,
  userId: string,
  options: { apiKey?: string; scope?: 'read' | 'write' } = {},
): Promise<{ keyId: string; apiKey: string }> {
  const apiKey = options.apiKey ?? generateApiKey();
  const keyId = newId();
  await db
    .insertInto('api_keys')
    .values({
      id: keyId,
      account_id: accountId,
      user_id: userId,
      key_hash: hashApiKey(apiKey),
      prefix: keyPrefix(apiKey),
      scope: options.scope ?? 'write',
      created_at: nowIso(),
      revoked_at: null,
    })
    .execute();
  return { keyId, apiKey };
}

/** One account with its owner user, default master data and a first key, in one transaction. */
export async function createAccount(
  db: Db,
  dialect: DialectName,
  options: { name: string; ownerName?: string; apiKey?: string; scope?: 'read' | 'write' },
): Promise<CreatedAccount> {
  return db.transaction().execute(async (tx) => {
    const now = nowIso();
    const accountId = newId();
    const userId = newId();
    await tx
      .insertInto('accounts')
      .values({
        id: accountId,
        name: options.name,
        currency: 'EUR',
        target_margin: '0.3',
        invoice_number_format: DEFAULT_NUMBER_FORMATS.invoice,
        quote_number_format: DEFAULT_NUMBER_FORMATS.quote,
        purchase_order_number_format: DEFAULT_NUMBER_FORMATS.purchaseOrder,
        address: JSON.stringify({}),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await tx
      .insertInto('users')
      .values({ id: userId, account_id: accountId, name: options.ownerName ?? 'Owner', email: null, is_owner: 1, created_at: now, updated_at: now })
      .execute();
    const ctx = { db: tx, dialect, accountId, userId };
    await masterData.seedDefaults(ctx);
    const { keyId, apiKey } = await insertApiKey(tx, accountId, userId, { apiKey: options.apiKey, scope: options.scope });
    await recordEvent(ctx, 'account.created', { id: accountId, name: options.name });
    return { accountId, userId, keyId, apiKey };
  });
}

/** First start on an empty database: one account, its key from BOOTSTRAP_API_KEY or random. */
export async function bootstrapIfEmpty(db: Db, dialect: DialectName, apiKey?: string): Promise<CreatedAccount | undefined> {
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return undefined;
  return createAccount(db, dialect, { name: 'My agency', apiKey });
}

export async function ownerOf(db: Executor, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('is_owner', 'desc')
    .orderBy('created_at', 'asc')
    .executeTakeFirst();
  return row?.id;
}

export async function listKeys(db: Executor, accountId: string): Promise<KeyInfo[]> {
  const rows = await db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    userId: row.user_id,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }));
}

export async function revokeKey(db: Executor, keyId: string): Promise<boolean> {
  const result = await db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
