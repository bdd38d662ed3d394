import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const load = (env: Record<string, string>) => loadConfig(env);

describe('loadConfig (docs/operations.md#configuration)', () => {
  it('has the documented defaults', () => {
    expect(load({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/transdesk.sqlite',
      databasePooler: 'none',
      databasePoolSize: 10,
      databaseReadLanes: 2,
      fileStorage: { kind: 'fs', path: './data/files' },
      maxUploadBytes: 209_715_200,
      rateLimitPerMinute: 6000,
      bootstrapApiKey: undefined,
      logLevel: 'info',
      timeouts: { headersMs: 20_000, requestMs: 300_000, keepAliveMs: 72_000, idleMs: 120_000, checkIntervalMs: 1000 },
      viewCacheBytes: 32 * 1024 * 1024,
      heapGrowingPercent: 35,
      publicUrl: 'http://127.0.0.1:8080',
      sessions: { idleMs: 12 * 3_600_000, maxAgeMs: 30 * 86_400_000 },
      bootstrapOwner: undefined,
      smtp: undefined,
      oidc: undefined,
      webhooks: { allowPrivateNetworks: false, timeoutMs: 15_000 },
      outboxWorker: true,
      outboxLeaseMs: 60_000,
      trustProxy: [],
      exportsPerAccount: 2,
      importsPerAccount: 2,
      // The package's own build (npm run build writes it there).
      consoleDir: fileURLToPath(new URL('../../dist/console', import.meta.url)),
    });
  });

  it('stores files on disk with SQLite and in the database with PostgreSQL by default', () => {
    expect(load({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).fileStorage).toEqual({ kind: 'fs', path: './data/files' });
    expect(load({ DATABASE_URL: 'postgres://u@h:5432/db' }).fileStorage).toEqual({ kind: 'db' });
    expect(load({ DATABASE_URL: 'postgresql://u@h/db' }).fileStorage).toEqual({ kind: 'db' });
    expect(load({ DATABASE_URL: 'postgres://u@h/db', FILE_STORAGE: 'fs:/mnt/shared' }).fileStorage).toEqual({ kind: 'fs', path: '/mnt/shared' });
    expect(load({ FILE_STORAGE: 'db' }).fileStorage).toEqual({ kind: 'db' });
  });

  it('takes a transaction pooler for a PostgreSQL URL only (DATABASE_POOLER)', () => {
    expect(load({ DATABASE_URL: 'postgres://u@h:6432/db', DATABASE_POOLER: 'transaction' }).databasePooler).toBe('transaction');
    expect(load({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOLER: 'none' }).databasePooler).toBe('none');
    expect(() => load({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOLER: 'session' })).toThrow(/^DATABASE_POOLER must be none or transaction/);
    expect(() => load({ DATABASE_POOLER: 'transaction' })).toThrow(/^DATABASE_POOLER=transaction is for a PostgreSQL DATABASE_URL/);
  });

  it('sizes the PostgreSQL pool and its read lanes (DATABASE_POOL_SIZE, DATABASE_READ_LANES)', () => {
    expect(load({ DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({ databasePoolSize: 10, databaseReadLanes: 2 });
    expect(load({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: '3', DATABASE_READ_LANES: '0' })).toMatchObject({
      databasePoolSize: 3,
      databaseReadLanes: 0,
    });
    expect(() => load({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => load({ DATABASE_READ_LANES: '65' })).toThrow(/DATABASE_READ_LANES/);
    expect(() => load({ DATABASE_READ_LANES: 'two' })).toThrow(/DATABASE_READ_LANES/);
  });

  it('limits the heap growth on both databases (more on SQLite), unless told', () => {
    expect(load({}).heapGrowingPercent).toBe(35);
    expect(load({ DATABASE_URL: 'postgres://u@h/db' }).heapGrowingPercent).toBe(50);
    expect(load({ DATABASE_URL: 'postgres://u@h/db', HEAP_GROWING_PERCENT: '40' }).heapGrowingPercent).toBe(40);
    expect(load({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      DATABASE_POOLER: 'transaction',
      DATABASE_POOL_SIZE: '4',
      DATABASE_READ_LANES: '0',
      FILE_STORAGE: 'fs:./files',
      MAX_UPLOAD_BYTES: '1000',
      RATE_LIMIT_PER_MINUTE: '0',
      BOOTSTRAP_API_KEY: 'td_0123456789abcdef',
      LOG_LEVEL: 'warn',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '60000',
      KEEP_ALIVE_TIMEOUT_MS: '5000',
      IDLE_TIMEOUT_MS: '0',
      VIEW_CACHE_MB: '0',
      HEAP_GROWING_PERCENT: '0',
      PUBLIC_URL: 'https://desk.example.com/',
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_DAYS: '7',
      BOOTSTRAP_OWNER_EMAIL: 'boss@example.com',
      BOOTSTRAP_OWNER_PASSWORD: 'correct horse battery',
      SMTP_URL: 'smtp://mailer:secret@mail.example.com:587',
      SMTP_FROM: 'Agency <desk@example.com>',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'transdesk',
      OIDC_CLIENT_SECRET: 'shh',
      OIDC_NAME: 'Example ID',
      CONSOLE_DIR: '/srv/transdesk-console',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_TIMEOUT_MS: '5000',
      OUTBOX_WORKER: 'false',
      OUTBOX_LEASE_MS: '5000',
      TRUST_PROXY: '10.0.0.7,10.0.1.0/24',
      EXPORTS_PER_ACCOUNT: '3',
      IMPORTS_PER_ACCOUNT: '4',
    });
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      databasePooler: 'transaction',
      databasePoolSize: 4,
      databaseReadLanes: 0,
      fileStorage: { kind: 'fs', path: './files' },
      maxUploadBytes: 1000,
      rateLimitPerMinute: 0,
      bootstrapApiKey: 'td_0123456789abcdef',
      logLevel: 'warn',
      timeouts: { headersMs: 5000, requestMs: 60_000, keepAliveMs: 5000, idleMs: 0, checkIntervalMs: 1000 },
      viewCacheBytes: 0,
      heapGrowingPercent: 0,
      publicUrl: 'https://desk.example.com',
      sessions: { idleMs: 30 * 60_000, maxAgeMs: 7 * 86_400_000 },
      bootstrapOwner: { email: 'boss@example.com', password: 'correct horse battery' },
      smtp: { url: 'smtp://mailer:secret@mail.example.com:587', from: 'Agency <desk@example.com>' },
      oidc: { issuer: 'https://id.example.com', clientId: 'transdesk', clientSecret: 'shh', name: 'Example ID' },
      webhooks: { allowPrivateNetworks: true, timeoutMs: 5000 },
      outboxWorker: false,
      outboxLeaseMs: 5000,
      consoleDir: '/srv/transdesk-console',
      trustProxy: ['10.0.0.7', '10.0.1.0/24'],
      exportsPerAccount: 3,
      importsPerAccount: 4,
    });
  });

  it('derives the public URL from the listen address, and checks the sign-in settings', () => {
    expect(load({ PORT: '9000', HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(load({ PUBLIC_URL: 'https://desk.example.com/agency/' }).publicUrl).toBe('https://desk.example.com/agency');
    const refused: Array<Record<string, string>> = [
      { PUBLIC_URL: 'ftp://x' },
      { PUBLIC_URL: 'not a url' },
      { SESSION_IDLE_MINUTES: '0' },
      { SESSION_MAX_DAYS: 'x' },
      { BOOTSTRAP_OWNER_EMAIL: 'boss@example.com' },
      { BOOTSTRAP_OWNER_EMAIL: 'nope', BOOTSTRAP_OWNER_PASSWORD: 'long enough pw' },
      { BOOTSTRAP_OWNER_EMAIL: 'boss@example.com', BOOTSTRAP_OWNER_PASSWORD: 'short' },
      { SMTP_URL: 'http://mail' },
      { OIDC_ISSUER: 'https://id.example.com' },
      { OIDC_ISSUER: 'id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' },
    ];
    for (const env of refused) {
      expect(() => load(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('takes the sender from MAIL_FROM, else SMTP_FROM (MAIL_FROM wins when both are set)', () => {
    const url = 'smtp://mail.example.com';
    expect(load({ SMTP_URL: url, MAIL_FROM: 'Desk <desk@example.com>' }).smtp).toEqual({ url, from: 'Desk <desk@example.com>' });
    expect(load({ SMTP_URL: url, SMTP_FROM: 'Old <old@example.com>' }).smtp).toEqual({ url, from: 'Old <old@example.com>' });
    expect(load({ SMTP_URL: url, SMTP_FROM: 'Old <old@example.com>', MAIL_FROM: 'Desk <desk@example.com>' }).smtp!.from).toBe('Desk <desk@example.com>');
    expect(load({ MAIL_FROM: 'Desk <desk@example.com>' }).smtp).toBeUndefined();
  });

  it('reads the reverse proxies to trust (TRUST_PROXY), never everyone', () => {
    expect(load({ TRUST_PROXY: '10.0.0.7' }).trustProxy).toEqual(['10.0.0.7']);
    expect(load({ TRUST_PROXY: ' loopback, 10.1.0.0/16 ,fd00::/8,::1 ' }).trustProxy).toEqual(['loopback', '10.1.0.0/16', 'fd00::/8', '::1']);
    expect(load({ TRUST_PROXY: ' , ' }).trustProxy).toEqual([]);
    for (const value of ['true', '*', '1', 'proxy.example.com', '10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0.0/', '10.0.0.256', 'all']) {
      expect(() => load({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => load({ TRUST_PROXY: value }), value).toThrow(/^TRUST_PROXY must list/);
    }
  });

  it('treats empty variables as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: '', FILE_STORAGE: '', LOG_LEVEL: '', BOOTSTRAP_API_KEY: '', RATE_LIMIT_PER_MINUTE: '' })).toEqual(load({}));
  });

  it('throws ConfigError for invalid values', () => {
    const invalid: Array<Record<string, string>> = [
      { PORT: 'abc' },
      { PORT: '-1' },
      { PORT: '65536' },
      { PORT: '80.5' },
      { PORT: '1e3' },
      { DATABASE_URL: 'mysql://h/db' },
      { DATABASE_URL: './data/x.sqlite' },
      { FILE_STORAGE: 's3:bucket' },
      { FILE_STORAGE: 'fs:' },
      { FILE_STORAGE: 'database' },
      { MAX_UPLOAD_BYTES: '0' },
      { VIEW_CACHE_MB: '-1' },
      { VIEW_CACHE_MB: '65537' },
      { VIEW_CACHE_MB: '1.5' },
      { HEAP_GROWING_PERCENT: '-1' },
      { HEAP_GROWING_PERCENT: '1001' },
      { MAX_UPLOAD_BYTES: '10MB' },
      { RATE_LIMIT_PER_MINUTE: '-5' },
      { RATE_LIMIT_PER_MINUTE: 'unlimited' },
      { LOG_LEVEL: 'verbose' },
      { LOG_LEVEL: 'INFO' },
      { BOOTSTRAP_API_KEY: 'short' },
      { BOOTSTRAP_API_KEY: 'has a space in the middle' },
      { BOOTSTRAP_API_KEY: 'td_0123456789:abcdef' },
      { BOOTSTRAP_API_KEY: 'td_0123456789abcdéf' },
    ];
    for (const env of invalid) expect(() => load(env), JSON.stringify(env)).toThrow(ConfigError);
  });

  it('names the variable in the message', () => {
    expect(() => load({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => load({ RATE_LIMIT_PER_MINUTE: '-5' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => load({ FILE_STORAGE: 'x' })).toThrow(/FILE_STORAGE/);
    expect(() => load({ LOG_LEVEL: 'x' })).toThrow(/LOG_LEVEL/);
  });
});
