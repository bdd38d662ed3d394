import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { sendCsv } from '../imports/fixture.js';

/**
 * GET /v2/clients?format=csv and POST /v2/imports/clients (docs/reference.md#csv): a name starting
 * with a fullwidth formula sign (＝ ＋ － ＠) is exported with a leading `'` and refused on import,
 * as its ASCII form is.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NAMES = ["＝cmd|' /C calc'!A0", '＋SUM(1;2)', '－2＋3', '＠SUM(A1)', 'Acme＝Co'];

describe('fullwidth formula signs', () => {
  it('are escaped in the export with a leading quote, like the ASCII ones', async () => {
    for (const name of NAMES) expect((await t.api.post('/v2/clients', { name })).status, name).toBe(201);
    const reply = await t.api.get('/v2/clients', { format: 'csv', sort: 'createdAt', direction: 'asc' });
    expect(reply.status).toBe(200);
    const rows: Array<Record<string, string>> = parse(reply.raw.rawPayload, { bom: true, columns: true });
    expect(rows.map((row) => row.name)).toEqual(["'＝cmd|' /C calc'!A0", "'＋SUM(1;2)", "'－2＋3", "'＠SUM(A1)", 'Acme＝Co']);
    expect(reply.raw.rawPayload.toString('utf8')).toContain(",client,'＠SUM(A1),");
  });

  it('are refused on import, with row and column, and nothing is written', async () => {
    const before = (await t.api.get('/v2/clients', { pageSize: 100 })).body.items.length;
    const csv = `name\n${NAMES.map((name) => `"${name.replace(/"/g, '""')}"`).join('\n')}\n`;
    const reply = await sendCsv(t, 'clients', csv);
    expectError(reply, 400, 'parameter_invalid');
    const dry = await sendCsv(t, 'clients', csv, { dryRun: true });
    expect(dry.body.errors.map((error: { row: number; column: string }) => [error.row, error.column])).toEqual([
      [1, 'name'],
      [2, 'name'],
      [3, 'name'],
      [4, 'name'],
    ]);
    expect((await t.api.get('/v2/clients', { pageSize: 100 })).body.items.length).toBe(before);
  });
});
