import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './core/db/database.js';
import { migrateToLatest } from './core/db/migrate.js';
import { bootstrapIfEmpty } from './modules/auth/index.js';
import { startOutbox } from './modules/index.js';
import { startRateImports } from './modules/exchange-rates/index.js';
import { startOfferExpiry } from './modules/outsourcing/index.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** `http://HOST:PORT` with the port actually bound (useful with PORT=0). */
  address: string;
  /** Graceful stop (docs/operations.md#stopping); calling it again answers the same promise. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** How long requests in flight may take to finish after a stop; then their connections are cut. */
  drainMs?: number;
  /**
   * Lines for a person or a script, on standard output: after a first start `Account: <id>` (what
   * `transdesk demo-data --account` and `keys create --account` take) and, without
   * BOOTSTRAP_API_KEY, `API key: <key>`, and without BOOTSTRAP_OWNER_EMAIL/PASSWORD `Owner password:
   * <PUBLIC_URL>/set-password#token=<token>` (docs/access.md#first-owner); then `Listening on http://HOST:PORT` once listening.
   * The key and the token are never logged.
   */
  announce?: (line: string) => void;
}

const DRAIN_MS = 10_000;

/** Opens the database, migrates, bootstraps an empty database, and listens (docs/operations.md). */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const announce = options.announce ?? ((line: string) => process.stdout.write(`${line}\n`));
  const drainMs = options.drainMs ?? DRAIN_MS;
  const database = openDatabase(config.databaseUrl, {
    pooler: config.databasePooler,
    poolSize: config.databasePoolSize,
    readLanes: config.databaseReadLanes,
  });
  let app: FastifyInstance;
  try {
    await migrateToLatest(database);
    const created = await bootstrapIfEmpty(database.db, database.dialect, config.bootstrapApiKey, config.bootstrapOwner);
    app = await buildApp({ config, database });
    if (created) {
      app.log.info({ accountId: created.accountId }, 'created the first account');
      // Printed once, in the format of `transdesk accounts create`, so that a person or a
      // script can read them; the key is never logged.
      announce(`Account: ${created.accountId}`);
      if (!config.bootstrapApiKey) announce(`API key: ${created.apiKey}`);
      // The link to choose the owner's e-mail and password (docs/access.md#first-owner), unless BOOTSTRAP_OWNER_* chose them.
      if (created.ownerSetupToken) announce(`Owner password: ${config.publicUrl}/set-password#token=${created.ownerSetupToken}`);
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const address = await app.listen({ port: config.port, host: config.host });
  announce(`Listening on ${address}`);
  // Webhooks and e-mails of the outbox, sent after their changes commit (docs/webhooks.md).
  // While requests arrive, the outbox sends at a bounded rate and the requests keep the CPU (docs/webhooks.md#the-outbox).
  let lastRequestAt = -Infinity;
  app.server.on('request', () => (lastRequestAt = performance.now()));
  const outbox = startOutbox(database, config, app.log, () => performance.now() - lastRequestAt < 50);
  // The daily import of the ECB reference rates, when EXCHANGE_RATES_URL is set (docs/exchange-rates.md#the-ecb-import).
  const rateImports = startRateImports(database, config.exchangeRatesUrl, app.log);
  // The expiry of offer rounds: `job.outsourcing.expired` once per offer left pending (docs/supplier-portal.md#offer-rounds).
  const offerExpiry = startOfferExpiry(database, app.log);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting; requests in flight finish (at most drainMs), then the database closes.
      // Keep-alive connections are closed as soon as they are idle, i.e. once their request has
      // been answered, so that a client holding a connection open does not delay the exit.
      const idle = setInterval(() => app.server.closeIdleConnections(), 50);
      const deadline = setTimeout(() => {
        app.log.warn('requests still in flight after the drain time; closing their connections');
        app.server.closeAllConnections();
      }, drainMs);
      try {
        await Promise.all([app.close(), outbox.stop(), rateImports.stop(), offerExpiry.stop()]);
      } finally {
        clearInterval(idle);
        clearTimeout(deadline);
        await database.close();
      }
    })());
  return { app, database, address, stop };
}
