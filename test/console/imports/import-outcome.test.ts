import { describe, expect, it } from 'vitest';
import { importOutcome } from '../../../console/src/modules/imports/import-outcome';

const answer = (dryRun: boolean, errors: unknown[] = []) => ({
  object: 'import',
  resource: 'clients',
  dryRun,
  created: 1,
  updated: 0,
  rows: [{ row: 1, action: 'create', label: 'Acme' }],
  errors,
});

describe('importOutcome', () => {
  it('is "checked" for a clean dry run (the import may run), "done" for an import', () => {
    expect(importOutcome(200, answer(true))).toMatchObject({ kind: 'checked', answer: { created: 1 } });
    expect(importOutcome(200, answer(false))).toMatchObject({ kind: 'done' });
  });

  it('lists the row errors of a dry run, and of an import refused with 400 (nothing written either way)', () => {
    const error = { row: 2, column: 'email', message: 'must be an email address' };
    expect(importOutcome(200, answer(true, [error]))).toEqual({ kind: 'rowErrors', errors: [error], rows: answer(true).rows });
    expect(importOutcome(400, { code: 'parameter_invalid', message: 'Rows are invalid', errors: [error] })).toEqual({
      kind: 'rowErrors',
      errors: [error],
      rows: [],
    });
  });

  it("is a problem with the API's message for a file that cannot be read, a role, or no answer", () => {
    const refused = importOutcome(400, { code: 'body_invalid', message: 'Line 3 has 2 cells, the header 3' });
    expect(refused).toMatchObject({ kind: 'problem', problem: { status: 400, code: 'body_invalid', message: 'Line 3 has 2 cells, the header 3' } });
    expect(importOutcome(403, { code: 'forbidden', message: 'Not for your role' })).toMatchObject({ kind: 'problem', problem: { status: 403 } });
    expect(importOutcome(502, undefined)).toMatchObject({ kind: 'problem', problem: { message: 'The server answered 502' } });
  });
});
