import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';

export type FileStorageSetting = { kind: 'fs'; path: string } | { kind: 'db' };

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  fileStorage: FileStorageSetting;
  maxUploadBytes: number;
  rateLimitPerMinute: number;
  bootstrapApiKey: string | undefined;
  logLevel: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = loadEnv()): Config {
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/transdesk.sqlite';
  if (!/^sqlite:/.test(databaseUrl) && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be sqlite:PATH or postgres://…');
  }
  const isSqlite = databaseUrl.startsWith('sqlite:');
  const storageRaw = env.FILE_STORAGE || (isSqlite ? 'fs:./data/files' : 'db');
  let fileStorage: FileStorageSetting;
  if (storageRaw === 'db') fileStorage = { kind: 'db' };
  else if (storageRaw.startsWith('fs:') && storageRaw.length > 3) fileStorage = { kind: 'fs', path: storageRaw.slice(3) };
  else throw new ConfigError('FILE_STORAGE must be fs:PATH or db');
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const bootstrapApiKey = env.BOOTSTRAP_API_KEY || undefined;
  if (bootstrapApiKey !== undefined && !/^[\x21-\x7e]{16,200}$/.test(bootstrapApiKey) ) {
    throw new ConfigError('BOOTSTRAP_API_KEY must be 16 to 200 printable ASCII characters without spaces');
  }
  if (bootstrapApiKey?.includes(':')) throw new ConfigError('BOOTSTRAP_API_KEY must not contain ":"');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    fileStorage,
    maxUploadBytes: integer(env, 'MAX_UPLOAD_BYTES', 104_857_600, 1, Number.MAX_SAFE_INTEGER),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 6000, 0, 10_000_000),
    bootstrapApiKey,
    logLevel,
  };
}
