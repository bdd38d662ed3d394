import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { cellsOf, columnsOf } from '../../src/core/csv-columns.js';
import { Nullable, Reference } from '../../src/core/schemas.js';
import { attachmentOf, exportName } from '../../src/core/http/csv-export.js';

/** The columns of a listing's CSV export, derived from its items' schema (docs/reference.md#csv-export). */
const Item = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal(1), Type.Literal(2)]),
  amount: Type.Number(),
  client: Reference,
  tax: Nullable(Reference),
  currency: Type.Object({ code: Type.String(), symbol: Type.String() }),
  labels: Type.Array(Reference),
  data: Type.Object({}, { additionalProperties: true }),
  note: Nullable(Type.String()),
  deep: Type.Object({ a: Type.Object({ b: Type.Object({ c: Type.Object({ d: Type.String() }) }) }) }),
});

describe('columnsOf', () => {
  it('flattens objects with dots, one column a scalar, JSON for arrays, free objects and what is nested too deep', () => {
    const columns = columnsOf(Item);
    expect(columns.map((column) => [column.header, column.json])).toEqual([
      ['id', false],
      ['status', false],
      ['amount', false],
      ['client.id', false],
      ['client.name', false],
      ['tax.id', false],
      ['tax.name', false],
      ['currency.code', false],
      ['currency.symbol', false],
      ['labels', true],
      ['data', true],
      ['note', false],
      ['deep.a.b.c', true],
    ]);
  });

  it('takes each cell by its path: null for a missing or null parent, JSON for arrays and objects', () => {
    const columns = columnsOf(Item);
    const cells = cellsOf(
      {
        id: 'x',
        status: 2,
        amount: -12.5,
        client: { id: 'c', name: '=1+1' },
        tax: null,
        currency: { code: 'EUR', symbol: '€' },
        labels: [{ id: 'l', name: 'urgent' }],
        data: { a: 1 },
        note: null,
        deep: { a: { b: { c: { d: 'e' } } } },
      },
      columns,
    );
    expect(cells).toEqual(['x', 2, -12.5, 'c', '=1+1', null, null, 'EUR', '€', '[{"id":"l","name":"urgent"}]', '{"a":1}', null, '{"d":"e"}']);
  });
});

describe('file names', () => {
  it('are the fixed segments of the path after /v2 and the day', () => {
    expect(exportName('/v2/jobs')).toBe('jobs');
    expect(exportName('/v2/account/prices/clients')).toBe('prices-clients');
    expect(exportName('/v2/webhooks/:id/deliveries')).toBe('webhooks-deliveries');
    expect(exportName('/v2/account/exchange-rates')).toBe('exchange-rates');
    expect(attachmentOf('jobs', new Date('2026-11-27T23:59:00Z'))).toBe('attachment; filename="jobs-2026-11-27.csv"');
  });
});
