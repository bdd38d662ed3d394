import { appendFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The test workers' side of test/operation-answers.ts: each answer a test app checks is written down, with the test file that saw it. */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where the test workers write the answers they saw (one file per process). */
    operationAnswersDir: string;
  }
}

interface Recorder {
  /** The test file running now (vitest's `expect.getState().testPath`). */
  testPath(): string | undefined;
  /** This process's records file. */
  file: string;
}

const seen = new Set<string>();
/** Answers given before vitest was loaded (the first ones of a process). */
let waiting: Array<{ operationId: string; status: number }> = [];
/** undefined: not loaded yet; null: outside a vitest worker, or without the global setup. */
let recorder: Recorder | null | undefined;
let loading: Promise<void> | undefined;

function write(rec: Recorder, operationId: string, status: number): void {
  const path = rec.testPath();
  const file = path === undefined ? '-' : relative(process.cwd(), path).split('\\').join('/');
  const line = `${operationId} ${status} ${file}`;
  if (seen.has(line)) return;
  seen.add(line);
  appendFileSync(rec.file, `${line}\n`);
}

/**
 * Records one answer of a test app (once per process for each operation, status and test file).
 * vitest is loaded only here, when a test app first answers: outside a vitest worker (a script
 * building a test app) or without the global setup, nothing is recorded. The answers given while
 * it loads are written when it has loaded, under the file running then (files run one at a time
 * in a worker, and a file's first answer is awaited by its own test).
 */
export function recordAnswer(operationId: string, status: number): void {
  if (recorder === null) return;
  if (recorder) return write(recorder, operationId, status);
  waiting.push({ operationId, status });
  loading ??= import('vitest')
    .then(({ inject, expect }) => {
      const dir = inject('operationAnswersDir');
      recorder = dir ? { testPath: () => expect.getState().testPath, file: join(dir, `${process.pid}.txt`) } : null;
    })
    .catch(() => {
      recorder = null;
    })
    .then(() => {
      const pending = waiting;
      waiting = [];
      if (recorder) for (const answer of pending) write(recorder, answer.operationId, answer.status);
    });
}
