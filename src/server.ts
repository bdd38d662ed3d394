import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './core/db/database.js';
import { migrateToLatest } from './core/db/migrate.js';
import { bootstrapIfEmpty } from './modules/accounts/provisioning.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  address: string;
  stop(): Promise<void>;
}

/** Opens the database, migrates, bootstraps an empty database, and listens (DESIGN §1). */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const created = await bootstrapIfEmpty(database.db, database.dialect, config.bootstrapApiKey);
  const app = await buildApp({ config, database });
  if (created) {
    app.log.info({ accountId: created.accountId }, 'created the first account');
    // Printed once, on standard output, so that a person or a script can read it (never logged).
    if (!config.bootstrapApiKey) process.stdout.write(`API key: ${created.apiKey}\n`);
  }
  const address = await app.listen({ port: config.port, host: config.host });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting, let requests in flight finish (at most 10 s), then close the database.
      const deadline = setTimeout(() => app.server.closeAllConnections?.(), 10_000);
      deadline.unref();
      await app.close();
      clearTimeout(deadline);
      await database.close();
    })());
  return { app, database, address, stop };
}
