#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './core/db/database.js';
import { migrateToLatest } from './core/db/migrate.js';
import { isUniqueViolation } from './core/db/dialect.js';
import { createAccount, createKeyAsSystem, listAccounts, listKeys, ownerOf, revokeKeyAsSystem } from './modules/accounts/index.js';
import { createDemoData } from './modules/demo/index.js';
import { terminalProgress } from './core/terminal-progress.js';
import { createBackup, restoreBackup } from './modules/backup/index.js';
import { setPasswordByEmail } from './modules/auth/index.js';
import { ApiError } from './core/errors.js';
import { readPassword } from './password-prompt.js';

const USAGE = `transdesk — self-hosted project management and invoicing API for LSPs

Usage:
  transdesk serve                                  start the HTTP server (default); prints
                                                   "Listening on http://HOST:PORT" once listening
  transdesk migrate                                apply database migrations
  transdesk accounts create --name NAME [--api-key KEY]
                                                   create an account; prints its id and key
  transdesk keys create [--account ID] [--scope read|write] [--user USER_ID] [--name NAME]
                                                   a new key (by default the owner's); prints its id and key
  transdesk keys list [--account ID]               keys of an account: prefix, name, scope, user, created, last use
  transdesk keys revoke KEY_ID                     revoke a key at once
  transdesk users set-password --email E           set the password of the user who signs in with E
                                                   (read from standard input, or asked for on a
                                                   terminal); an invited user becomes active; the
                                                   user's sessions end
  transdesk demo-data [--account ID]               add a realistic data set to an account (by
                                                   default the only one); progress on a terminal
  transdesk backup FILE [--force]                  SQLite: an online, consistent copy of the database
                                                   and its stored files in one archive (.tar, or
                                                   .tar.gz / .tgz compressed); on PostgreSQL: pg_dump
  transdesk restore FILE [--force]                 put a backup in place of the configured (empty)
                                                   database and storage folder
  transdesk openapi                                print the API's OpenAPI document (JSON), as
                                                   GET /v2/openapi.json answers it
  transdesk help                                   this text (also --help, -h)

Without --account, a command works on the only account (with none or several: exit 1).

Exit status: 0 done, 1 failed (e.g. no such account or key), 2 wrong usage or configuration.

Configuration comes from the environment (and .env): DATABASE_URL, PORT, HOST, FILE_STORAGE,
MAX_UPLOAD_BYTES, RATE_LIMIT_PER_MINUTE, BOOTSTRAP_API_KEY, BOOTSTRAP_OWNER_EMAIL,
BOOTSTRAP_OWNER_PASSWORD, PUBLIC_URL, SESSION_IDLE_MINUTES, SESSION_MAX_DAYS, LOG_LEVEL.`;

/** Wrong command line: exit 2 with the usage text. */
class UsageError extends Error {}
/** The command could not be done (no such account or key): exit 1. */
class CommandError extends Error {}

/** How many positionals each command takes (command included); more is a usage error. */
const MAX_POSITIONALS: Record<string, number> = {
  serve: 1,
  migrate: 1,
  accounts: 2,
  keys: 3,
  users: 2,
  'demo-data': 1,
  backup: 2,
  restore: 2,
  openapi: 1,
  help: 1,
};

/** Opens the configured database, migrated to the latest version unless `migrate` is false. */
async function withDatabase<T>(work: (database: ReturnType<typeof openDatabase>) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { poolSize: 2, pooler: config.databasePooler, readLanes: 0 });
  try {
    if (options.migrate !== false) await migrateToLatest(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Under load V8 lets the heap grow to several times its live size before a full collection (up to
 * 4×): the benchmark's server on SQLite held 55 MB live in a 165 MB heap, and its resident memory
 * passed 300 MB in some runs. A fixed growing factor keeps the heap nearer what is live (the
 * default is 35 % on SQLite, 50 % on PostgreSQL: config.ts; measurements in docs/performance.md).
 * V8 reads the flag at each collection, so setting it at start takes effect. An explicit
 * `--heap-growing-percent` in NODE_OPTIONS or on the command line wins.
 */
function limitHeapGrowth(percent: number): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => /heap[-_]growing[-_]percent/.test(arg));
  if (percent > 0 && !given) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** The account a command works on when none is named: the only one, or an error naming the choices. */
async function onlyAccount(db: Parameters<typeof listAccounts>[0]): Promise<string> {
  const accounts = await listAccounts(db);
  if (accounts.length === 1) return accounts[0]!.id;
  if (accounts.length === 0)
    throw new CommandError('there is no account yet: start the server once (it creates the first one) or run `transdesk accounts create --name NAME`');
  const choices = accounts.slice(0, 20).map((account) => `  ${account.id}  ${shown(account.name)}`);
  if (accounts.length > choices.length) choices.push(`  … and ${accounts.length - choices.length} more`);
  throw new CommandError(`there are ${accounts.length} accounts; choose one with --account ID:\n${choices.join('\n')}`);
}

/** A name as printed: control characters would drive the terminal, so they are shown as spaces. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const shown = (name: string): string => name.replace(/[\x00-\x1f\x7f]/g, ' ');

/** `--account` may be left out (the only account), but not given empty. */
function checkAccountOption(values: { account?: string }): void {
  if (values.account === '') throw new UsageError('--account needs an account id');
}

function option(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

const OPTIONS = {
  name: { type: 'string' },
  'api-key': { type: 'string' },
  account: { type: 'string' },
  scope: { type: 'string' },
  user: { type: 'string' },
  email: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // An unknown option, an option without its value, …
    throw new UsageError(error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv);
  const [command = 'serve', sub] = positionals;
  const maxPositionals = MAX_POSITIONALS[command];
  if (maxPositionals !== undefined && positionals.length > maxPositionals) {
    throw new UsageError(`unexpected argument: ${positionals[maxPositionals]}`);
  }
  if (values.help || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  switch (command) {
    case 'serve': {
      const config = loadConfig();
      limitHeapGrowth(config.heapGrowingPercent);
      // Loaded here: the other commands do not need the HTTP stack.
      const { startServer } = await import('./server.js');
      const server = await startServer(config);
      let signalled = false;
      const shutdown = (signal: NodeJS.Signals) => {
        if (signalled) return;
        signalled = true;
        server.app.log.info({ signal }, 'stopping: finishing requests in flight');
        // Should closing itself hang (it should not), leave anyway.
        setTimeout(() => {
          process.stderr.write('transdesk: shutdown took too long; exiting\n');
          process.exit(1);
        }, 15_000).unref();
        server.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            process.stderr.write(`transdesk: error while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', shutdown);
      process.on('SIGINT', shutdown);
      return;
    }
    case 'openapi': {
      // The document is made from the route schemas alone: an empty in-memory database will do.
      const { buildApp } = await import('./app.js');
      const database = openDatabase(':memory:');
      try {
        const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
        process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
        await app.close();
      } finally {
        await database.close();
      }
      return;
    }
    case 'migrate': {
      const applied = await withDatabase((database) => migrateToLatest(database), { migrate: false });
      process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
      return;
    }
    case 'accounts': {
      if (sub !== 'create') throw new UsageError('accounts takes: create');
      const name = option(values, 'name').trim();
      if (name === '' || name.length > 255) throw new UsageError('--name must be 1 to 255 characters');
      const apiKey = values['api-key'];
      if (apiKey !== undefined && (!/^[\x21-\x7e]{16,200}$/.test(apiKey) || apiKey.includes(':'))) {
        throw new UsageError('--api-key must be 16 to 200 printable ASCII characters, without spaces or ":"');
      }
      const created = await withDatabase(async (database) => {
        try {
          return await createAccount(database.db, database.dialect, { name, apiKey });
        } catch (error) {
          if (isUniqueViolation(error)) throw new CommandError('this API key is already in use; choose another one');
          throw error;
        }
      });
      process.stdout.write(`Account: ${created.accountId}\nAPI key: ${created.apiKey}\n`);
      return;
    }
    case 'keys': {
      if (sub === 'create') {
        const scope = values.scope ?? 'write';
        if (scope !== 'read' && scope !== 'write') throw new UsageError('--scope is read or write');
        const name = (values.name ?? '').trim();
        if (name.length > 255) throw new UsageError('--name is at most 255 characters');
        checkAccountOption(values);
        const created = await withDatabase(async (database) => {
          const accountId = values.account ?? (await onlyAccount(database.db));
          const userId = values.user ?? (await ownerOf(database.db, accountId));
          if (!userId) throw new CommandError(`no account ${accountId}`);
          const user = await database.db.selectFrom('users').select('id').where('id', '=', userId).where('account_id', '=', accountId).executeTakeFirst();
          if (!user) throw new CommandError(`no user ${userId} in account ${accountId}`);
          return createKeyAsSystem(database.db, database.dialect, accountId, userId, { scope, name });
        });
        process.stdout.write(`Key id: ${created.keyId}\nAPI key: ${created.apiKey}\n`);
        return;
      }
      if (sub === 'list') {
        checkAccountOption(values);
        const keys = await withDatabase(async (database) => {
          const accountId = values.account ?? (await onlyAccount(database.db));
          if (!(await ownerOf(database.db, accountId))) throw new CommandError(`no account ${accountId}`);
          return listKeys(database.db, database.dialect, accountId);
        });
        for (const key of keys) {
          const name = key.name === '' ? '' : `  "${shown(key.name)}"`;
          process.stdout.write(
            `${key.id}  ${key.prefix}…  ${key.scope.padEnd(5)}${name}  user ${key.userId} (${shown(key.userName)})  created ${key.createdAt}  last used ${key.lastUsedAt ?? 'never'}${key.revokedAt ? `  revoked ${key.revokedAt}` : ''}\n`,
          );
        }
        if (keys.length === 0) process.stdout.write('no keys\n');
        return;
      }
      if (sub === 'revoke') {
        const keyId = positionals[2];
        if (!keyId) throw new UsageError('keys revoke takes a KEY_ID');
        const revoked = await withDatabase((database) => revokeKeyAsSystem(database.db, database.dialect, keyId));
        if (!revoked) throw new CommandError(`no active key ${keyId}`);
        process.stdout.write(`revoked ${keyId}\n`);
        return;
      }
      throw new UsageError('keys takes: create, list, revoke');
    }
    case 'users': {
      if (sub !== 'set-password') throw new UsageError('users takes: set-password');
      const email = option(values, 'email').trim();
      const password = await readPassword(process.stdin, process.stderr);
      const user = await withDatabase(async (database) => {
        try {
          return await setPasswordByEmail(database.db, database.dialect, email, password);
        } catch (error) {
          // A password too short or too long: the rule's own words.
          if (error instanceof ApiError) throw new CommandError(`the password ${error.details?.[0]?.message ?? error.message}`);
          throw error;
        }
      });
      if (!user) throw new CommandError(`no user signs in with ${email}`);
      process.stdout.write(`Password set for ${user.email} (user ${user.id}, ${user.status}); their sessions have ended\n`);
      return;
    }
    case 'demo-data': {
      checkAccountOption(values);
      const progress = terminalProgress(process.stdout, 'Adding demo data: request');
      const summary = await withDatabase(async (database) => {
        const accountId = values.account ?? (await onlyAccount(database.db));
        try {
          return await createDemoData(database, accountId, { onProgress: (done, total) => progress.update(done, total) });
        } finally {
          progress.finish();
        }
      });
      process.stdout.write(`${summary}\n`);
      return;
    }
    case 'backup': {
      if (!sub) throw new UsageError('backup takes a FILE to write, e.g. transdesk-backup.tar');
      const { file, manifest } = await createBackup(loadConfig(), sub, { force: values.force === true });
      process.stdout.write(
        `Backup written to ${file}: the database as of ${manifest.createdAt} (${manifest.accounts} account(s), ${manifest.files} file(s), ${manifest.fileBytes} bytes of file content)\n`,
      );
      return;
    }
    case 'restore': {
      if (!sub) throw new UsageError('restore takes the FILE of a backup');
      const config = loadConfig();
      const { manifest, databaseFile } = await restoreBackup(config, sub, { force: values.force === true });
      // Brings a backup of an older version up to this one (what the server does at start).
      const applied = await withDatabase((database) => migrateToLatest(database), { migrate: false });
      process.stdout.write(
        `Restored the backup of ${manifest.createdAt} into ${databaseFile}${config.fileStorage.kind === 'fs' ? ` and ${config.fileStorage.path}` : ''}: ${manifest.accounts} account(s), ${manifest.files} file(s)${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}\n`,
      );
      return;
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`transdesk: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`transdesk: configuration: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`transdesk: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
