import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parse as parseDotenv } from 'dotenv';

export type FileStorageSetting = { kind: 'fs'; path: string } | { kind: 'db' };

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL: `transaction` when DATABASE_URL leads to a pooler in transaction pooling mode (DATABASE_POOLER). */
  databasePooler: 'none' | 'transaction';
  /** PostgreSQL: connections of the server's pool (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  /** PostgreSQL: pipelined connections the hot reads share, besides the pool (DATABASE_READ_LANES, default 2; 0: none). */
  databaseReadLanes: number;
  fileStorage: FileStorageSetting;
  maxUploadBytes: number;
  rateLimitPerMinute: number;
  /**
   * EXPORTS_PER_ACCOUNT, IMPORTS_PER_ACCOUNT: CSV exports and imports one account may run at once
   * in this process; one more is answered 429 with Retry-After (core/account-slots.ts).
   */
  exportsPerAccount: number;
  importsPerAccount: number;
  bootstrapApiKey: string | undefined;
  logLevel: string;
  timeouts: HttpTimeouts;
  /** VIEW_CACHE_MB: serialised jobs, and as much of groups, kept per process, checked against the database on every read (0: none). */
  viewCacheBytes: number;
  /**
   * HEAP_GROWING_PERCENT: how far V8 lets the heap grow past its live size before collecting (0:
   * V8's own choice). With V8's own factor the benchmark's server passed 300 MB (on PostgreSQL too
   * once its queries were named statements). 35 on SQLite, whose pages live in the server's
   * memory (50 ended at 290–297 MB once writes got faster); 50 on PostgreSQL (241 MB).
   */
  heapGrowingPercent: number;
  /** PUBLIC_URL: where people reach Transdesk (links in invitations and e-mails; `Secure` cookies when https). */
  publicUrl: string;
  /** Session lifetimes (docs/access.md#sessions). */
  sessions: { idleMs: number; maxAgeMs: number };
  /** BOOTSTRAP_OWNER_EMAIL and BOOTSTRAP_OWNER_PASSWORD: the first owner's sign-in on an empty database. */
  bootstrapOwner: { email: string; password: string } | undefined;
  /** SMTP_URL (smtp:// or smtps://) and the sender, MAIL_FROM else SMTP_FROM: where e-mail is sent from; undefined: e-mail is not configured. */
  smtp: { url: string; from: string } | undefined;
  /** Single sign-on with OpenID Connect (docs/access.md#single-sign-on); undefined: not configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  /** Webhooks (docs/webhooks.md): WEBHOOK_ALLOW_PRIVATE_NETWORKS lets endpoints be private or loopback addresses, over http too; WEBHOOK_TIMEOUT_MS the time an endpoint has to answer. */
  webhooks: { allowPrivateNetworks: boolean; timeoutMs: number };
  /** OUTBOX_WORKER: whether this server process sends the outbox's deliveries (default true; docs/webhooks.md#several-processes). */
  outboxWorker: boolean;
  /** OUTBOX_LEASE_MS: how long a worker's claim on a delivery holds; a worker that died leaves its deliveries to others after this (docs/webhooks.md#delivery-guarantees). */
  outboxLeaseMs: number;
  /** CONSOLE_DIR: the built web console (docs/console.md); by default `dist/console` of this package, where `npm run build` writes it. */
  consoleDir: string;
  /** EXCHANGE_RATES_URL: an ECB reference rates file (XML) imported at start and daily into every account (docs/exchange-rates.md#the-ecb-import); undefined: no import. */
  exchangeRatesUrl: string | undefined;
  /**
   * TRUST_PROXY: the reverse proxies in front (addresses, CIDR ranges, or `loopback`, `linklocal`,
   * `uniquelocal`) whose X-Forwarded-For names the client (docs/operations.md#behind-a-reverse-proxy);
   * empty: none, the client is the connection's peer.
   */
  trustProxy: string[];
}

/**
 * Limits on how long a client may hold a connection (slow clients: docs/operations.md#slow-clients-and-timeouts). Node's
 * http server enforces the header and request timeouts on a timer, every `checkIntervalMs`.
 */
export interface HttpTimeouts {
  /** HEADERS_TIMEOUT_MS: the request line and all headers must have arrived within this time. */
  headersMs: number;
  /** REQUEST_TIMEOUT_MS: the whole request, body included, must have arrived within this time. */
  requestMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this time. */
  keepAliveMs: number;
  /** IDLE_TIMEOUT_MS: a connection on which nothing moves either way for this long is closed (paused while the server works on a request: core/http/idle-timeout-plugin.ts); 0: never. */
  idleMs: number;
  /** Derived: how often Node checks the header and request timeouts (a quarter of headersMs, 10 ms to 1 s). */
  checkIntervalMs: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

/** Reads `.env` (when present) under the real environment: real variables win. */
export function loadEnv(path = '.env'): NodeJS.ProcessEnv {
  if (!existsSync(path)) return process.env;
  const fromFile = parseDotenv(readFileSync(path));
  return { ...fromFile, ...process.env };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Reads and checks the four timeout variables together (headers ≤ request, as Node requires). */
function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const headersMs = integer(env, 'HEADERS_TIMEOUT_MS', 20_000, 100, 3_600_000);
  const requestMs = integer(env, 'REQUEST_TIMEOUT_MS', 300_000, 100, 86_400_000);
  const keepAliveMs = integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 3_600_000);
  const idleMs = integer(env, 'IDLE_TIMEOUT_MS', 120_000, 0, 86_400_000);
  if (headersMs > requestMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS (${headersMs}) must not be larger than REQUEST_TIMEOUT_MS (${requestMs})`);
  }
  const checkIntervalMs = Math.max(10, Math.min(1000, Math.floor(headersMs / 4)));
  return { headersMs, requestMs, keepAliveMs, idleMs, checkIntervalMs };
}

export function loadConfig(env: NodeJS.ProcessEnv = loadEnv()): Config {
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/transdesk.sqlite';
  if (!/^sqlite:/.test(databaseUrl) && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be sqlite:PATH or postgres://…');
  }
  const isSqlite = databaseUrl.startsWith('sqlite:');
  const databasePooler = env.DATABASE_POOLER || 'none';
  if (databasePooler !== 'none' && databasePooler !== 'transaction') throw new ConfigError('DATABASE_POOLER must be none or transaction');
  if (databasePooler === 'transaction' && isSqlite) throw new ConfigError('DATABASE_POOLER=transaction is for a PostgreSQL DATABASE_URL');
  const storageRaw = env.FILE_STORAGE || (isSqlite ? 'fs:./data/files' : 'db');
  let fileStorage: FileStorageSetting;
  if (storageRaw === 'db') fileStorage = { kind: 'db' };
  else if (storageRaw.startsWith('fs:') && storageRaw.length > 3) fileStorage = { kind: 'fs', path: storageRaw.slice(3) };
  else throw new ConfigError('FILE_STORAGE must be fs:PATH or db');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const bootstrapApiKey = env.BOOTSTRAP_API_KEY || undefined;
  if (bootstrapApiKey !== undefined && !/^[\x21-\x7e]{16,200}$/.test(bootstrapApiKey)) {
    throw new ConfigError('BOOTSTRAP_API_KEY must be 16 to 200 printable ASCII characters without spaces');
  }
  if (bootstrapApiKey?.includes(':')) throw new ConfigError('BOOTSTRAP_API_KEY must not contain ":"');
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    databaseUrl,
    databasePooler,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseReadLanes: integer(env, 'DATABASE_READ_LANES', 2, 0, 64),
    fileStorage,
    consoleDir: env.CONSOLE_DIR || fileURLToPath(new URL('../dist/console', import.meta.url)),
    maxUploadBytes: integer(env, 'MAX_UPLOAD_BYTES', 209_715_200, 1, Number.MAX_SAFE_INTEGER),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 6000, 0, 10_000_000),
    exportsPerAccount: integer(env, 'EXPORTS_PER_ACCOUNT', 2, 1, 1000),
    importsPerAccount: integer(env, 'IMPORTS_PER_ACCOUNT', 2, 1, 1000),
    bootstrapApiKey,
    logLevel,
    timeouts: httpTimeouts(env),
    viewCacheBytes: integer(env, 'VIEW_CACHE_MB', 32, 0, 65_536) * 1024 * 1024,
    heapGrowingPercent: integer(env, 'HEAP_GROWING_PERCENT', isSqlite ? 35 : 50, 0, 1000),
    publicUrl: publicUrl(env, host, port),
    sessions: {
      idleMs: integer(env, 'SESSION_IDLE_MINUTES', 720, 1, 525_600) * 60_000,
      maxAgeMs: integer(env, 'SESSION_MAX_DAYS', 30, 1, 3650) * 86_400_000,
    },
    bootstrapOwner: bootstrapOwner(env),
    smtp: smtp(env),
    oidc: oidc(env),
    webhooks: {
      allowPrivateNetworks: flag(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 100, 120_000),
    },
    outboxWorker: flag(env, 'OUTBOX_WORKER', true),
    outboxLeaseMs: integer(env, 'OUTBOX_LEASE_MS', 60_000, 1_000, 3_600_000),
    exchangeRatesUrl: exchangeRatesUrl(env),
    trustProxy: trustProxy(env),
  };
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function publicUrl(env: NodeJS.ProcessEnv, host: string, port: number): string {
  const raw = env.PUBLIC_URL || `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http or https URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must be an http or https URL, got "${raw}"`);
  return url.toString().replace(/\/+$/, '');
}

function bootstrapOwner(env: NodeJS.ProcessEnv): Config['bootstrapOwner'] {
  const email = env.BOOTSTRAP_OWNER_EMAIL || undefined;
  const password = env.BOOTSTRAP_OWNER_PASSWORD || undefined;
  if (email === undefined && password === undefined) return undefined;
  if (email === undefined || password === undefined) throw new ConfigError('BOOTSTRAP_OWNER_EMAIL and BOOTSTRAP_OWNER_PASSWORD go together');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ConfigError('BOOTSTRAP_OWNER_EMAIL must be an e-mail address');
  if ([...password].length < 10) throw new ConfigError('BOOTSTRAP_OWNER_PASSWORD must have at least 10 characters');
  return { email, password };
}

function smtp(env: NodeJS.ProcessEnv): Config['smtp'] {
  const url = env.SMTP_URL || undefined;
  if (url === undefined) return undefined;
  if (!/^smtps?:\/\/[^\s]+$/.test(url)) throw new ConfigError('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…');
  // MAIL_FROM names the sender of every e-mail; SMTP_FROM, its earlier name, stays accepted. MAIL_FROM wins.
  return { url, from: env.MAIL_FROM || env.SMTP_FROM || 'Transdesk <transdesk@localhost>' };
}

function oidc(env: NodeJS.ProcessEnv): Config['oidc'] {
  const issuer = env.OIDC_ISSUER || undefined;
  if (issuer === undefined) return undefined;
  const clientId = env.OIDC_CLIENT_ID || undefined;
  const clientSecret = env.OIDC_CLIENT_SECRET || undefined;
  if (clientId === undefined || clientSecret === undefined) throw new ConfigError('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new ConfigError(`OIDC_ISSUER must be an https URL, got "${issuer}"`);
  }
  // Plain http only for a provider on this machine, whose traffic never leaves it (docs/access.md#single-sign-on).
  const loopback = url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopback) throw new ConfigError('OIDC_ISSUER must be an https URL (http only for 127.0.0.1, [::1] or localhost)');
  return { issuer, clientId, clientSecret, name: env.OIDC_NAME || 'single sign-on' };
}

function exchangeRatesUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.EXCHANGE_RATES_URL || undefined;
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`EXCHANGE_RATES_URL must be an http or https URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`EXCHANGE_RATES_URL must be an http or https URL, got "${raw}"`);
  return raw;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY, comma-separated: each an address, an address/prefix length, or a range name; never "everyone". */
function trustProxy(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (version === 0 || !prefixOk || rest.length > 0) {
      throw new ConfigError(
        `TRUST_PROXY must list the addresses of your reverse proxies, separated by commas (an address, an address/prefix length, loopback, linklocal or uniquelocal), got "${entry}"`,
      );
    }
  }
  return entries;
}
