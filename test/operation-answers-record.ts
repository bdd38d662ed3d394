import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The test workers' side of test/operation-answers.ts: each answer a test app checks is written down. */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where the test workers write the answers they saw (one file per process). */
    operationAnswersDir: string;
  }
}

const seen = new Set<string>();
let file: string | null | undefined;

/** Records one answer of a test app (once per process for each operation and status). */
export function recordAnswer(operationId: string, status: number): void {
  const line = `${operationId} ${status}`;
  if (seen.has(line)) return;
  seen.add(line);
  if (file === undefined) {
    // Outside a vitest worker (or without the global setup) there is nowhere to write: nothing is recorded.
    let dir: string | undefined;
    try {
      dir = inject('operationAnswersDir');
    } catch {
      dir = undefined;
    }
    file = dir ? join(dir, `${process.pid}.txt`) : null;
  }
  if (file) appendFileSync(file, `${line}\n`);
}
