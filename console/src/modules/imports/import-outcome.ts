import { CONSOLE_CALL, problemOf, sessionHooks, type ApiProblem } from '../../shared/api/client';

/** The imports of the API (docs/imports.md), one per resource. */
export const IMPORT_RESOURCES = ['clients', 'suppliers', 'contacts', 'prices'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];

export interface RowError {
  row: number;
  column: string | null;
  message: string;
}

export interface ImportAnswer {
  dryRun: boolean;
  created: number;
  updated: number;
  rows: Array<{ row: number; action: 'create' | 'update'; id?: string; label?: string }>;
  errors: RowError[];
}

/**
 * What became of an import, from the API's answer: checked (a dry run without errors: the import
 * may run), done, refused for its rows (a dry run's errors, or a 400 with `errors`: nothing was
 * written either way), or another problem (a bad file, a role, the size) with the API's message.
 */
export type ImportOutcome =
  | { kind: 'checked'; answer: ImportAnswer }
  | { kind: 'done'; answer: ImportAnswer }
  | { kind: 'rowErrors'; errors: RowError[]; rows: ImportAnswer['rows'] }
  | { kind: 'problem'; problem: ApiProblem };

export function importOutcome(status: number, body: unknown): ImportOutcome {
  const answer = body as Partial<ImportAnswer> | undefined;
  if (status === 200 && answer && Array.isArray(answer.errors)) {
    const full = answer as ImportAnswer;
    if (full.errors.length > 0) return { kind: 'rowErrors', errors: full.errors, rows: full.rows };
    return full.dryRun ? { kind: 'checked', answer: full } : { kind: 'done', answer: full };
  }
  if (status === 400 && answer && Array.isArray(answer.errors) && answer.errors.length > 0) return { kind: 'rowErrors', errors: answer.errors, rows: [] };
  return { kind: 'problem', problem: problemOf(status, body) };
}

/** Sends the file (multipart, the session's CSRF token), a dry run or the import itself. */
export async function sendImport(resource: ImportResource, file: Blob, dryRun: boolean): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { ...CONSOLE_CALL };
  if (sessionHooks.csrfToken) headers['X-CSRF-Token'] = sessionHooks.csrfToken;
  const response = await fetch(`/v2/imports/${resource}${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body: form, headers, credentials: 'same-origin' });
  if (response.status === 401) sessionHooks.onUnauthorized();
  return importOutcome(response.status, await response.json().catch(() => undefined));
}
