/**
 * Which operations of the OpenAPI document the tests have seen answer with a success and with an
 * error. The response validation of every test app (test/response-validation.ts) records each
 * (operationId, status) it checks (test/operation-answers-record.ts); at the end of a run of the
 * whole suite, test/operation-answers-setup.ts reads the records of every worker and fails the run
 * listing each operation that no test saw succeed (2xx) or fail (4xx). This module is the check
 * itself, free of vitest so that the global setup can load it.
 */

/**
 * 4xx answers that the platform gives for any route before the operation runs: a missing or wrong
 * key (401), a read-only key on a write (403), the rate limit (429). The security tests get them
 * from every route, so they say nothing about an operation's own errors and do not count.
 */
export const PLATFORM_ERROR_STATUSES: ReadonlySet<number> = new Set([401, 403, 429]);

export interface OperationAnswer {
  operationId: string;
  status: number;
  /** The test file that saw it, relative to the repository (`-` when unknown). */
  file?: string;
}

/**
 * Only the HTTP tests count: an operation's success and error tests are the tests of its resource
 * (`test/http/<resource>/`). The reliability suite and the fuzzing reach every route too (a 404 of
 * another account's id, say), but an answer seen there is no test of the operation's own rules.
 */
export const COUNTED_TESTS = 'test/http/';

export const isCounted = (answer: OperationAnswer): boolean => answer.file?.startsWith(COUNTED_TESTS) === true;

export interface MissingAnswers {
  operationId: string;
  missing: Array<'success (2xx)' | 'error (4xx)'>;
}

/**
 * Each operation of `operationIds` lacking a success or an error among `answers`, in the order of
 * `operationIds`. An operation in `exempt` is not checked for the kinds of answer it lists.
 */
export function missingAnswers(
  operationIds: readonly string[],
  answers: Iterable<OperationAnswer>,
  exempt: Readonly<Record<string, { success?: string; error?: string }>> = {},
): MissingAnswers[] {
  const succeeded = new Set<string>();
  const failed = new Set<string>();
  for (const { operationId, status } of answers) {
    if (status >= 200 && status < 300) succeeded.add(operationId);
    else if (status >= 400 && status < 500 && !PLATFORM_ERROR_STATUSES.has(status)) failed.add(operationId);
  }
  const result: MissingAnswers[] = [];
  for (const operationId of operationIds) {
    const missing: MissingAnswers['missing'] = [];
    if (!succeeded.has(operationId) && exempt[operationId]?.success === undefined) missing.push('success (2xx)');
    if (!failed.has(operationId) && exempt[operationId]?.error === undefined) missing.push('error (4xx)');
    if (missing.length > 0) result.push({ operationId, missing });
  }
  return result;
}

/** The lines of the records files: `operationId status file`. */
export function parseAnswers(text: string): OperationAnswer[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [operationId, status, file] = line.trim().split(' ');
      return { operationId: operationId!, status: Number(status), ...(file === undefined ? {} : { file }) };
    });
}
