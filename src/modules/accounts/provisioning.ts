import { nowIso } from '../../core/dates.js';
import type { Db, DialectName, Executor, Tx } from '../../core/db/dialect.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { insertApiKey } from '../api-keys/index.js';
import { catConfigurations } from '../cat-configurations/index.js';
import { masterData } from '../master-data/index.js';
import { users } from '../users/index.js';
import { accountRepository, type AccountRow } from './repository.js';
import { toObject as toAccountObject } from './service.js';
import { EMPTY_ADDRESS } from '../../core/address.js';
import { DEFAULT_DOCUMENT_LANGUAGE } from '../../core/document-languages.js';
import { DEFAULT_ACCEPTED_QUOTE_JOB_STATUS } from './schemas.js';

// The key functions live in the api-keys module; re-exported for the command line and the tests.
export { insertApiKey, listKeys, revokeKey, createKeyAsSystem, revokeKeyAsSystem, type KeyInfo } from '../api-keys/index.js';

/**
 * Accounts, their owner users and API keys, outside any HTTP request: used by the first start
 * (auth/first-start.ts, docs/operations.md#bootstrap), the CLI (docs/operations.md#command-line) and the tests.
 */
export const DEFAULT_NUMBER_FORMATS = {
  invoice: 'INV-{YYYY}-{SEQ:4}',
  quote: 'Q-{YYYY}-{SEQ:4}',
  purchaseOrder: 'PO-{YYYY}-{SEQ:4}',
  creditNote: 'CN-{YYYY}-{SEQ:4}',
};

export interface CreatedAccount {
  accountId: string;
  userId: string;
  keyId: string;
  apiKey: string;
}

/** One account with its owner user, default master data and a first key, in one transaction. */
export async function createAccount(
  db: Db,
  dialect: DialectName,
  options: { name: string; ownerName?: string; apiKey?: string; scope?: 'read' | 'write' },
): Promise<CreatedAccount> {
  return db.transaction().execute((tx) => createAccountIn(tx, dialect, options));
}

/** The work of createAccount inside an open transaction (the first start's, too: auth/first-start.ts). */
export async function createAccountIn(
  tx: Tx,
  dialect: DialectName,
  options: { name: string; ownerName?: string; apiKey?: string; scope?: 'read' | 'write' },
): Promise<CreatedAccount> {
  const now = nowIso();
  const accountId = newId();
  const row: AccountRow = {
    id: accountId,
    name: options.name,
    currency: 'EUR',
    target_margin: '0.3',
    invoice_number_format: DEFAULT_NUMBER_FORMATS.invoice,
    quote_number_format: DEFAULT_NUMBER_FORMATS.quote,
    purchase_order_number_format: DEFAULT_NUMBER_FORMATS.purchaseOrder,
    credit_note_number_format: DEFAULT_NUMBER_FORMATS.creditNote,
    address: JSON.stringify(EMPTY_ADDRESS),
    legal_name: '',
    vat_number: '',
    registration_number: '',
    email: '',
    phone: '',
    website: '',
    iban: '',
    bic: '',
    bank_name: '',
    document_language: DEFAULT_DOCUMENT_LANGUAGE,
    accepted_quote_job_status: DEFAULT_ACCEPTED_QUOTE_JOB_STATUS,
    managers_see_revenue_and_margins: 1,
    suppliers_see_client_name: 0,
    request_email: '',
    request_terms: '',
    clients_see_progress: 1,
    clients_see_due_dates: 1,
    created_at: now,
    updated_at: now,
  };
  await accountRepository.insert(tx, row);
  // The owner is created before a user exists to act as the caller.
  const accountCtx = { db: tx, dialect, accountId, userId: '' };
  await recordEvent(accountCtx, 'account.created', toAccountObject(row, undefined));
  const owner = await users.create(accountCtx, { name: options.ownerName ?? 'Owner', role: 'owner' });
  const ctx = { ...accountCtx, userId: owner.id };
  await masterData.seedDefaults(ctx);
  // A ready CAT configuration per tool, so that every report format imports out of the box (docs/cat-configurations.md#presets).
  await catConfigurations.seedPresets(ctx);
  const { keyId, apiKey } = await insertApiKey(tx, accountId, owner.id, { apiKey: options.apiKey, scope: options.scope });
  return { accountId, userId: owner.id, keyId, apiKey };
}

/** Whether the database holds an account yet (the first start creates one when not). */
export function hasAnyAccount(db: Executor): Promise<boolean> {
  return accountRepository.any(db);
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

/** Every account's id and name, oldest first (the CLI's choice of an account). */
export async function listAccounts(db: Executor): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('accounts').select(['id', 'name']).orderBy('created_at').orderBy('id').execute();
}
