import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/** The test workers' side of test/operation-answers.ts: each answer a test app checks is written down. */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where the test workers write the answers they saw (one file per process). */
    operationAnswersDir: string;
  }
}

const seen = new Set<string>();
let file: Promise<string | undefined> | undefined;

/**
 * Records one answer of a test app (once per process for each operation and status). vitest is
 * loaded only here, when a test app answers: outside a vitest worker (a script building a test
 * app) or without the global setup, nothing is recorded.
 */
export function recordAnswer(operationId: string, status: number): void {
  const line = `${operationId} ${status}`;
  if (seen.has(line)) return;
  seen.add(line);
  file ??= import('vitest')
    .then(({ inject }) => {
      const dir = inject('operationAnswersDir');
      return dir ? join(dir, `${process.pid}.txt`) : undefined;
    })
    .catch(() => undefined);
  void file.then((path) => {
    if (path) appendFileSync(path, `${line}\n`);
  });
}
