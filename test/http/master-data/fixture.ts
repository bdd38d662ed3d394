import { expect } from 'vitest';
import { ApiError } from '../../../src/core/errors.js';
import { expectError, type Api, type Reply, type TestContext } from '../../helper.js';
import { ID as ID_PATTERN } from '../prices/fixture.js';

/**
 * Shared set-up of the table-driven master-data tests (master-data/crud.test.ts, master-data/access.test.ts):
 * the named kinds as a table, and helpers each test file binds to its own app: `masterDataFixture(() => t)`.
 */

export type Params = Record<string, any>;
export type Obj = Record<string, any> & { id: string; name: string };

export interface Kind {
  title: string;
  path: string;
  /** Event prefix. */
  resource: string;
  /** Required create parameters besides `name` (native values: the form encodes them as text). */
  required: Params;
  /** The object of a new record besides `id` and `name`. */
  created: Params;
  /** Each updatable field besides `name`: the parameters and the fields they change. */
  updates: Array<{ params: Params; expect: Params }>;
  /** Parameters that create refuses with parameter_unknown (besides a made-up one). */
  notOnCreate: string[];
  /** Parameters that update refuses with parameter_unknown (besides a made-up one). */
  notOnUpdate: string[];
  /** Values of the kind's own parameters that are of the wrong type or shape. */
  invalid: Array<{ params: Params; param: string; json?: boolean }>;
}

const flagInvalid = (flag: string) => [
  { params: { [flag]: 'maybe' }, param: flag },
  { params: { [flag]: 'yes' }, param: flag },
  { params: { [flag]: 'true' }, param: flag, json: true },
  { params: { [flag]: 1 }, param: flag, json: true },
  { params: { [flag]: null }, param: flag, json: true },
];

export const kinds: Kind[] = [
  {
    title: 'services',
    path: '/v2/account/services',
    resource: 'service',
    required: {},
    created: { pinned: false, disabled: false },
    updates: [
      { params: { pinned: true }, expect: { pinned: true } },
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { pinned: false, disabled: false }, expect: { pinned: false, disabled: false } },
    ],
    notOnCreate: ['pinned', 'disabled', 'id', 'isHours'],
    notOnUpdate: ['isHours', 'id', 'color'],
    invalid: [...flagInvalid('pinned'), ...flagInvalid('disabled')],
  },
  {
    title: 'match categories',
    path: '/v2/account/matches',
    resource: 'matchCategory',
    required: {},
    created: { disabled: false },
    updates: [
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { disabled: false }, expect: { disabled: false } },
    ],
    notOnCreate: ['disabled', 'pinned', 'percentage'],
    notOnUpdate: ['pinned', 'position', 'percentage'],
    invalid: flagInvalid('disabled'),
  },
  {
    title: 'units',
    path: '/v2/account/quantity-types',
    resource: 'quantityType',
    required: {},
    created: { pinned: false, disabled: false, isHours: false },
    updates: [
      { params: { pinned: true }, expect: { pinned: true } },
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { isHours: true }, expect: { isHours: true } },
      { params: { isHours: false, pinned: false, disabled: false }, expect: { isHours: false, pinned: false, disabled: false } },
    ],
    notOnCreate: ['pinned', 'disabled', 'isHours'],
    notOnUpdate: ['value', 'color', 'isDefaultTax1'],
    invalid: [...flagInvalid('pinned'), ...flagInvalid('disabled'), ...flagInvalid('isHours')],
  },
  {
    title: 'domains',
    path: '/v2/account/domains',
    resource: 'domain',
    required: {},
    created: {},
    updates: [],
    notOnCreate: ['disabled', 'pinned'],
    notOnUpdate: ['disabled', 'pinned'],
    invalid: [],
  },
  {
    title: 'labels',
    path: '/v2/account/labels',
    resource: 'label',
    required: { color: '#1a2b3c' },
    created: { color: '#1a2b3c' },
    updates: [
      { params: { color: '#ff8800' }, expect: { color: '#ff8800' } },
      { params: { color: '#00AAFF' }, expect: { color: '#00aaff' } },
    ],
    notOnCreate: ['disabled', 'pinned'],
    notOnUpdate: ['disabled', 'pinned'],
    invalid: [
      { params: { color: 'red' }, param: 'color' },
      { params: { color: '' }, param: 'color' },
      { params: { color: '#12345' }, param: 'color' },
      { params: { color: '#1234567' }, param: 'color' },
      { params: { color: '#gggggg' }, param: 'color' },
      { params: { color: '123456' }, param: 'color' },
      { params: { color: '#123' }, param: 'color' },
      { params: { color: 123456 }, param: 'color', json: true },
    ],
  },
  {
    title: 'taxes',
    path: '/v2/account/taxes',
    resource: 'tax',
    required: { value: 0.21 },
    created: { value: 0.21, disabled: false, isDefaultTax1: false, isDefaultTax2: false },
    updates: [
      { params: { value: -0.1 }, expect: { value: -0.1 } },
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { isDefaultTax1: true }, expect: { isDefaultTax1: true } },
      { params: { isDefaultTax2: true }, expect: { isDefaultTax2: true } },
      {
        params: { value: 0.055, disabled: false, isDefaultTax1: false, isDefaultTax2: false },
        expect: { value: 0.055, disabled: false, isDefaultTax1: false, isDefaultTax2: false },
      },
    ],
    notOnCreate: ['disabled', 'isDefaultTax1', 'isDefaultTax2', 'rate'],
    notOnUpdate: ['pinned', 'isHours', 'rate'],
    invalid: [
      { params: { value: 'abc' }, param: 'value' },
      { params: { value: '' }, param: 'value' },
      { params: { value: 1.5 }, param: 'value' },
      { params: { value: -1.01 }, param: 'value' },
      { params: { value: '0.21' }, param: 'value', json: true },
      { params: { value: null }, param: 'value', json: true },
      ...flagInvalid('disabled'),
      ...flagInvalid('isDefaultTax1'),
      ...flagInvalid('isDefaultTax2'),
    ],
  },
];

export const ID = expect.stringMatching(ID_PATTERN);

interface EventRow {
  id: string;
  type: string;
  data: any;
}

/** The ApiError a service call is rejected with (fails when it resolves or throws anything else). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

export function expectCode(reply: Reply, status: number, code: string, param?: string) {
  const error = expectError(reply, status, code);
  if (param !== undefined) expect(error.details?.map((d) => d.param)).toContain(param);
  return error;
}

export function masterDataFixture(context: () => TestContext) {
  async function eventsOf(accountId: string): Promise<EventRow[]> {
    const rows = await context().database.db.selectFrom('events').select(['id', 'type', 'data']).where('account_id', '=', accountId).execute();
    return rows.map((row) => ({ id: row.id, type: row.type, data: JSON.parse(row.data) }));
  }

  /** Runs `work` and answers it with the event rows it wrote for each account (in creation order). */
  async function withEvents<T>(work: () => Promise<T>): Promise<{ result: T; events: EventRow[]; otherEvents: EventRow[] }> {
    const t = context();
    const before = new Set([...(await eventsOf(t.account.accountId)), ...(await eventsOf(t.other.accountId))].map((e) => e.id));
    const result = await work();
    const fresh = (rows: EventRow[]) => rows.filter((e) => !before.has(e.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
    return { result, events: fresh(await eventsOf(t.account.accountId)), otherEvents: fresh(await eventsOf(t.other.accountId)) };
  }

  /** The helpers of one kind's suite: unique names, creating a record, listing the kind. */
  function forKind(kind: Kind) {
    let counter = 0;
    const unique = (prefix: string) => `${prefix} ${kind.resource} ${++counter}`;
    const create = async (name = unique('Record'), api: Api = context().api): Promise<Obj> => {
      const reply = await api.post(kind.path, { name, ...kind.required });
      expect(reply.status).toBe(201);
      return reply.body;
    };
    const list = async (api: Api = context().api): Promise<Obj[]> => {
      const reply = await api.get(kind.path);
      expect(reply.status).toBe(200);
      expect(Array.isArray(reply.body)).toBe(true);
      return reply.body;
    };
    return { unique, create, list };
  }

  return { withEvents, forKind };
}
