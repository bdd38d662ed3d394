#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './core/db/database.js';
import { migrateToLatest } from './core/db/migrate.js';
import { startServer } from './server.js';
import { createAccount, insertApiKey, listKeys, ownerOf, revokeKey } from './modules/accounts/provisioning.js';
import { createDemoData } from './modules/demo/demo-data.js';

const USAGE = `transdesk — self-hosted project management and invoicing API for LSPs

Usage:
  transdesk serve                                  start the HTTP server (default)
  transdesk migrate                                apply database migrations
  transdesk accounts create --name NAME [--api-key KEY]
                                                   create an account; prints its id and key
  transdesk keys create --account ID [--scope read|write] [--user USER_ID]
  transdesk keys list --account ID
  transdesk keys revoke KEY_ID
  transdesk demo-data --account ID                 add a realistic data set to an account

Configuration comes from the environment (and .env): DATABASE_URL, PORT, HOST, FILE_STORAGE,
MAX_UPLOAD_BYTES, RATE_LIMIT_PER_MINUTE, BOOTSTRAP_API_KEY, LOG_LEVEL.`;

class UsageError extends Error {}

async function withDatabase<T>(work: (database: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { poolSize: 2 });
  try {
    await migrateToLatest(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

function option(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'api-key': { type: 'string' },
      account: { type: 'string' },
      scope: { type: 'string' },
      user: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command = 'serve', sub] = positionals;
  if (values.help || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  switch (command) {
    case 'serve': {
      const server = await startServer(loadConfig());
      const shutdown = () => {
        server.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGTERM', shutdown);
      process.once('SIGINT', shutdown);
      return;
    }
    case 'migrate': {
      const applied = await withDatabase((database) => migrateToLatest(database));
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
      return;
    }
    case 'accounts': {
      if (sub !== 'create') throw new UsageError('accounts takes: create');
      const name = option(values, 'name');
      const apiKey = values['api-key'];
      if (apiKey !== undefined && (!/^[\x21-\x7e]{16,200}$/.test(apiKey) || apiKey.includes(':'))) {
        throw new UsageError('--api-key must be 16 to 200 printable ASCII characters, without spaces or ":"');
      }
      const created = await withDatabase((database) => createAccount(database.db, database.dialect, { name, apiKey }));
      process.stdout.write(`Account: ${created.accountId}\nAPI key: ${created.apiKey}\n`);
      return;
    }
    case 'keys': {
      if (sub === 'create') {
        const accountId = option(values, 'account');
        const scope = (values.scope ?? 'write') as string;
        if (scope !== 'read' && scope !== 'write') throw new UsageError('--scope is read or write');
        const created = await withDatabase(async (database) => {
          const userId = values.user ?? (await ownerOf(database.db, accountId));
          if (!userId) throw new UsageError(`no account ${accountId}`);
          const user = await database.db.selectFrom('users').select('id').where('id', '=', userId).where('account_id', '=', accountId).executeTakeFirst();
          if (!user) throw new UsageError(`no user ${userId} in account ${accountId}`);
          return insertApiKey(database.db, accountId, userId, { scope });
        });
        process.stdout.write(`Key id: ${created.keyId}\nAPI key: ${created.apiKey}\n`);
        return;
      }
      if (sub === 'list') {
        const accountId = option(values, 'account');
        const keys = await withDatabase((database) => listKeys(database.db, accountId));
        for (const key of keys) {
          process.stdout.write(`${key.id}  ${key.prefix}…  ${key.scope.padEnd(5)}  user ${key.userId}  created ${key.createdAt}${key.revokedAt ? `  revoked ${key.revokedAt}` : ''}\n`);
        }
        if (keys.length === 0) process.stdout.write('no keys\n');
        return;
      }
      if (sub === 'revoke') {
        const keyId = positionals[2];
        if (!keyId) throw new UsageError('keys revoke takes a KEY_ID');
        const revoked = await withDatabase((database) => revokeKey(database.db, keyId));
        if (!revoked) throw new UsageError(`no active key ${keyId}`);
        process.stdout.write(`revoked ${keyId}\n`);
        return;
      }
      throw new UsageError('keys takes: create, list, revoke');
    }
    case 'demo-data': {
      const accountId = option(values, 'account');
      const summary = await withDatabase((database) => createDemoData(database, accountId));
      process.stdout.write(`${summary}\n`);
      return;
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) {
    process.stderr.write(`transdesk: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(`transdesk: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
