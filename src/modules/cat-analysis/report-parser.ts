import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../../core/errors.js';
import type { ParseOutcome, ParseTask } from './parse-worker.js';
import { CatReportError, CatReportTooLarge, type CatToolId, type ParsedReport } from './readers/index.js';

/**
 * Reports are parsed off the event loop, in worker threads of a `piscina` pool, so that a large
 * report never holds up other requests (`/health` included). Each account may have a few parses
 * running at once; one more is refused with 429 `rate_limited` before its body is read.
 */
export interface ReportParserOptions {
  /** Worker threads (default: half the cores, 1 to 4). */
  threads?: number;
  /** Parses running at once per account, upload included (default 2). */
  perAccount?: number;
}

export const PARSES_PER_ACCOUNT = 2;
/** Seconds a refused client is told to wait: about the time a large report takes. */
const RETRY_AFTER_SECONDS = 5;
/** A worker past this heap is stopped; the report is refused (413) and the pool goes on. */
const WORKER_HEAP_MB = 1024;

/** The worker module: compiled JavaScript under dist/, the TypeScript source (through tsx) under src/. */
function workerFile(): string {
  const compiled = import.meta.url.endsWith('.js');
  return new URL(compiled ? './parse-worker.js' : './parse-worker-tsx.mjs', import.meta.url).href;
}

export class ReportParser {
  private pool: Piscina<ParseTask, ParseOutcome> | undefined;
  private readonly running = new Map<string, number>();
  private readonly threads: number;
  readonly perAccount: number;

  constructor(options: ReportParserOptions = {}) {
    this.threads = options.threads ?? Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
    this.perAccount = options.perAccount ?? PARSES_PER_ACCOUNT;
  }

  /**
   * Takes one of the account's parse slots (before the body is read); answers the function that
   * gives it back. 429 `rate_limited` with `Retry-After` when the account has none free.
   */
  acquire(accountId: string): () => void {
    const count = this.running.get(accountId) ?? 0;
    if (count >= this.perAccount) {
      throw new ApiError(
        'rate_limited',
        `This account already has ${count} CAT analysis reports being read, the most at once; retry in ${RETRY_AFTER_SECONDS} s`,
        undefined,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    this.running.set(accountId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left <= 0) this.running.delete(accountId);
      else this.running.set(accountId, left);
    };
  }

  /** Parses in a worker; a reader error is thrown as `CatReportError` (`CatReportTooLarge` past a bound). */
  async parse(bytes: Uint8Array, catTool: CatToolId | undefined): Promise<ParsedReport> {
    const outcome = await this.run({ bytes, ...(catTool === undefined ? {} : { catTool }) });
    if (!('report' in outcome)) throw new Error('the worker answered no report');
    return outcome.report;
  }

  /**
   * As `parse`, answering the report as JSON text (for the parse endpoint: nothing to copy or
   * serialise on this thread). The bytes are handed to the worker, not copied, when they own their
   * memory: the caller must not use them afterwards.
   */
  async parseToJson(bytes: Uint8Array, catTool: CatToolId | undefined): Promise<string> {
    // A view into a shared pool (small Buffers) is copied: moving it would take the pool away.
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    const outcome = await this.run({ bytes, json: true, ...(catTool === undefined ? {} : { catTool }) }, owned ? [bytes.buffer] : []);
    if (!('json' in outcome)) throw new Error('the worker answered no JSON');
    return outcome.json;
  }

  private async run(task: ParseTask, transferList: ArrayBuffer[] = []): Promise<Exclude<ParseOutcome, { error: unknown }>> {
    this.pool ??= new Piscina<ParseTask, ParseOutcome>({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 30_000,
      // Parsing yields the CPU to the threads answering requests when cores are short.
      niceIncrement: 10,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let outcome: ParseOutcome;
    try {
      outcome = await this.pool.run(task, { transferList });
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new CatReportTooLarge(
          `Reading the report needs more than ${WORKER_HEAP_MB} MB of memory, the limit for one report; split the analysis into several reports.`,
        );
      }
      throw error;
    }
    if (!('error' in outcome)) return outcome;
    throw outcome.error.tooLarge ? new CatReportTooLarge(outcome.error.message) : new CatReportError(outcome.error.message);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
