import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { OPERATION_IDS } from './http/platform/openapi-operation-ids.js';
import { isCounted, missingAnswers, parseAnswers, type MissingAnswers } from './operation-answers.js';

/**
 * Vitest global setup: gives the test workers a folder for the answers they see
 * (test/operation-answers.ts), and when the run covered the whole suite, checks that every
 * operation of the OpenAPI document answered at least one success and one error in the HTTP tests
 * (`test/http/`).
 *
 * Only a run of every test file with no test name filter is checked (`npm test`, `npx vitest run`):
 * running some files, or some tests, leaves operations out by design. A failed check prints the
 * operations and sets the exit code to 1 (an error thrown from a teardown would not be reported
 * as a failure of the run).
 */

/**
 * Operations that no HTTP test can make answer a success or an error, each with the reason. Keep
 * it empty if at all possible: an operation that can answer it has a test for it.
 */
export const EXEMPT: Record<string, { success?: string; error?: string }> = {};

const PREFIX = 'transdesk-operation-answers-';

export default function setup(project: TestProject): () => Promise<void> {
  removeAbandoned();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  project.provide('operationAnswersDir', dir);
  return async () => {
    try {
      if (!(await wholeSuiteRan(project))) return;
      const answers = readdirSync(dir).flatMap((name) => parseAnswers(readFileSync(join(dir, name), 'utf8')));
      // No answer at all: the tests were listed, not run (`vitest list`).
      if (answers.length === 0) return;
      const missing = missingAnswers(Object.values(OPERATION_IDS), answers.filter(isCounted), EXEMPT);
      if (missing.length === 0) return;
      console.error(report(missing));
      process.exitCode = 1;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

export function report(missing: MissingAnswers[]): string {
  const lines = missing.map(({ operationId, missing: kinds }) => `  ${operationId}: no ${kinds.join(', no ')}`);
  return [`Operations of the OpenAPI document without a success and an error test (${missing.length}; docs/development.md#tests):`, ...lines].join('\n');
}

async function wholeSuiteRan(project: TestProject): Promise<boolean> {
  const vitest = project.vitest;
  if (vitest.config.watch || vitest.config.testNamePattern || vitest.config.shard) return false;
  const ran = new Set(vitest.state.getFiles().map((file) => file.filepath));
  const { testFiles } = await project.globTestFiles();
  return testFiles.length > 0 && testFiles.every((file) => ran.has(file));
}

/** The folders of runs that were killed before their teardown, a day old or more. */
function removeAbandoned(): void {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const path = join(tmpdir(), name);
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another run: nothing to do.
    }
  }
}
