import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded when first used instead of when the server starts (docs/performance.md#memory).
 * The packages of rare work (PDF and fonts, XLSX, UBL XML, SMTP, tar, HTML sanitising) held about
 * 40 MB of a server's resident memory from its start, whether it ever drew a PDF or not. All are
 * CommonJS packages, so the first use loads them synchronously (a few milliseconds, once).
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
