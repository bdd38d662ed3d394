import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Type, type TSchema } from '@sinclair/typebox';
import { ApiError } from '../../src/core/errors.js';
import { parseForm } from '../../src/core/form.js';
import { coerce, validatorCompiler } from '../../src/core/http/validation.js';
import { findInvalidText } from '../../src/core/text.js';
import { CurrencyCode, DateInput, Email, Id, IdParams, Input, Nullable, pageQuery } from '../../src/core/schemas.js';

type Part = 'body' | 'querystring' | 'params';
type Outcome = { value?: unknown; error?: ApiError };

function validator(schema: TSchema, httpPart: Part = 'body') {
  const validate = validatorCompiler({ schema, httpPart, method: 'POST', url: '/test' }) as (data: unknown) => Outcome;
  return (data: unknown) => validate(data);
}
const form = (schema: TSchema, part: Part = 'body') => {
  const validate = validator(schema, part);
  return (text: string) => validate(parseForm(text));
};
function ok(outcome: Outcome): unknown {
  if (outcome.error) throw new Error(`expected a value, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}
function fails(outcome: Outcome, code: string): ApiError {
  if (!outcome.error) throw new Error(`expected ${code}, got the value ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ApiError);
  expect(outcome.error.code).toBe(code);
  return outcome.error;
}

const Body = Input({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  rate: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
  free: Type.Optional(Type.Number()),
  flag: Type.Optional(Type.Boolean()),
  note: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  amount: Type.Optional(Nullable(Type.Number())),
  due: Type.Optional(Nullable(DateInput())),
  tags: Type.Optional(Type.Array(Type.String(), { maxItems: 100 })),
  counts: Type.Optional(Type.Array(Type.Integer())),
  maybeList: Type.Optional(Nullable(Type.Array(Type.String()))),
  status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('sent'), Type.Literal('paid')])),
  priority: Type.Optional(Nullable(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]))),
  kind: Type.Optional(Type.String({ enum: ['a', 'b'] })),
  emails: Type.Optional(Type.Object({ invoice: Type.Boolean(), quote: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
  matches: Type.Optional(
    Type.Array(Type.Object({ id: Id(), value: Type.Number({ minimum: 0 }), note: Type.Optional(Nullable(Type.String())) }, { additionalProperties: false })),
  ),
  client: Type.Optional(Id()),
  currency: Type.Optional(CurrencyCode()),
  email: Type.Optional(Email()),
});

describe('coercion of form values (docs/reference.md#form-values-and-brackets)', () => {
  const body = form(Body);

  it('reads booleans true/false/1/0 and nothing else', () => {
    expect(ok(body('name=x&flag=true'))).toEqual({ name: 'x', flag: true });
    expect(ok(body('name=x&flag=false'))).toEqual({ name: 'x', flag: false });
    expect(ok(body('name=x&flag=1'))).toEqual({ name: 'x', flag: true });
    expect(ok(body('name=x&flag=0'))).toEqual({ name: 'x', flag: false });
    for (const bad of ['yes', 'no', 'TRUE', 'True', 'on', '', '2', 'null']) {
      const error = fails(body(`name=x&flag=${bad}`), 'parameter_invalid');
      expect(error.details).toEqual([{ param: 'flag', message: 'must be boolean' }]);
    }
  });

  it('reads numbers in decimal notation only (no exponent, hex, Infinity or blanks)', () => {
    expect(ok(body('name=x&rate=1.5&count=7'))).toEqual({ name: 'x', rate: 1.5, count: 7 });
    expect(ok(body('name=x&rate=-0.25'))).toEqual({ name: 'x', rate: -0.25 });
    expect(ok(body('name=x&rate=0'))).toEqual({ name: 'x', rate: 0 });
    expect(ok(body('name=x&rate=007'))).toEqual({ name: 'x', rate: 7 });
    for (const bad of ['1e3', '1E3', '0x10', 'Infinity', '-Infinity', 'NaN', '.5', '1.', '+1', ' 1', '1 ', '1,5', '--1', '-', '', '1.2.3', '9'.repeat(400)]) {
      const error = fails(body(`name=x&rate=${encodeURIComponent(bad)}`), 'parameter_invalid');
      expect(error.details?.[0]).toEqual({ param: 'rate', message: 'must be number' });
    }
    expect(fails(body('name=x&count=1.5'), 'parameter_invalid').details?.[0]).toEqual({ param: 'count', message: 'must be integer' });
    expect(fails(body('name=x&count=1001'), 'parameter_invalid').details?.[0]?.message).toBe('must be <= 1000');
  });

  it('reads an empty value and null as null for nullable parameters only', () => {
    expect(ok(body('name=x&note=&amount=null&due='))).toEqual({ name: 'x', note: null, amount: null, due: null });
    expect(ok(body('name=x&note=null'))).toEqual({ name: 'x', note: null });
    expect(ok(body('name=x&maybeList='))).toEqual({ name: 'x', maybeList: null });
    expect(ok(body('name=x&amount=2.5'))).toEqual({ name: 'x', amount: 2.5 });
    // Not nullable: an empty string stays a string (and fails minLength), null stays text.
    expect(fails(body('name='), 'parameter_invalid').details?.[0]?.param).toBe('name');
    expect(ok(body('name=null'))).toEqual({ name: 'null' });
  });

  it('makes a single value a one-element array, an empty value an empty array, and coerces items', () => {
    expect(ok(body('name=x&tags=a'))).toEqual({ name: 'x', tags: ['a'] });
    expect(ok(body('name=x&tags='))).toEqual({ name: 'x', tags: [] });
    expect(ok(body('name=x&tags=a&tags=b'))).toEqual({ name: 'x', tags: ['a', 'b'] });
    expect(ok(body('name=x&tags[]=a&tags[]=b'))).toEqual({ name: 'x', tags: ['a', 'b'] });
    expect(ok(body('name=x&counts=1&counts=2'))).toEqual({ name: 'x', counts: [1, 2] });
    expect(ok(body('name=x&counts[]=3'))).toEqual({ name: 'x', counts: [3] });
    expect(ok(body('name=x&maybeList=a'))).toEqual({ name: 'x', maybeList: ['a'] });
    expect(fails(body('name=x&counts[]=1&counts[]=b'), 'parameter_invalid').details).toEqual([{ param: 'counts[1]', message: 'must be integer' }]);
  });

  it('coerces nested objects and arrays of objects', () => {
    expect(ok(body('name=x&emails[invoice]=true&emails[quote]=0'))).toEqual({ name: 'x', emails: { invoice: true, quote: false } });
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    expect(ok(body(`name=x&matches[0][id]=${id}&matches[0][value]=10&matches[1][id]=${id}&matches[1][value]=2.5&matches[1][note]=`))).toEqual({
      name: 'x',
      matches: [
        { id, value: 10 },
        { id, value: 2.5, note: null },
      ],
    });
  });

  it('does not coerce JSON bodies: they use native types', () => {
    const json = validator(Body);
    expect(ok(json({ name: 'x', flag: true, rate: 1.5, note: null, tags: ['a'] }))).toEqual({ name: 'x', flag: true, rate: 1.5, note: null, tags: ['a'] });
    expect(fails(json({ name: 'x', flag: 'true' }), 'parameter_invalid').details).toEqual([{ param: 'flag', message: 'must be boolean' }]);
    expect(fails(json({ name: 'x', rate: '1.5' }), 'parameter_invalid').details).toEqual([{ param: 'rate', message: 'must be number' }]);
    expect(fails(json({ name: 'x', tags: 'a' }), 'parameter_invalid').details).toEqual([{ param: 'tags', message: 'must be array' }]);
    expect(fails(json({ name: 'x', note: 5 }), 'parameter_invalid').details).toEqual([{ param: 'note', message: 'must be string or null' }]);
  });

  it('rejects Infinity and NaN as numbers (JSON 1e400 parses to Infinity)', () => {
    const json = validator(Body);
    expect(fails(json({ name: 'x', free: Infinity }), 'parameter_invalid').details?.[0]?.param).toBe('free');
    expect(fails(json({ name: 'x', free: JSON.parse('-1e400') }), 'parameter_invalid').details?.[0]?.param).toBe('free');
    expect(fails(json({ name: 'x', free: NaN }), 'parameter_invalid').details?.[0]?.param).toBe('free');
    expect(fails(json({ name: 'x', amount: Infinity }), 'parameter_invalid').details?.[0]?.param).toBe('amount');
    expect(ok(json({ name: 'x', free: 1e300 }))).toEqual({ name: 'x', free: 1e300 });
  });

  it('coerce() leaves values the schema does not describe alone', () => {
    expect(coerce(undefined, 'x')).toBe('x');
    expect(coerce({ type: 'object', properties: { a: { type: 'integer' } } }, { a: '1', b: '2' })).toEqual({ a: 1, b: '2' });
    expect(coerce({ type: 'integer' }, 'abc')).toBe('abc');
    expect(coerce({ type: 'boolean' }, 'maybe')).toBe('maybe');
    expect(coerce({ type: 'string' }, '1')).toBe('1');
    expect(coerce({ anyOf: [{ type: 'integer' }, { type: 'null' }] }, '')).toBeNull();
    expect(coerce({ type: 'array', items: { type: 'number' } }, ['1', 'x'])).toEqual([1, 'x']);
  });

  it('property: any decimal string of a number schema coerces to the same number', () => {
    const schema = Input({ n: Type.Number() });
    const body = form(schema);
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), (n) => {
        const text = n.toFixed(6).replace(/\.?0+$/, '') || '0';
        const value = ok(body(`n=${text}`)) as { n: number };
        return value.n === Number(text);
      }),
    );
  });
});

describe('JSON bodies: an empty string of a nullable parameter is null, nothing else is coerced', () => {
  const json = validator(Body);

  it('turns "" into null where null is allowed, at any depth, and keeps it elsewhere', () => {
    expect(ok(json({ name: 'x', note: '', amount: '', due: '', maybeList: '' }))).toEqual({ name: 'x', note: null, amount: null, due: null, maybeList: null });
    expect(ok(json({ name: 'x', matches: [{ id: 'a'.repeat(24), value: 1, note: '' }] }))).toEqual({
      name: 'x',
      matches: [{ id: 'a'.repeat(24), value: 1, note: null }],
    });
    expect(fails(json({ name: '' }), 'parameter_invalid').details?.[0]?.param).toBe('name');
    expect(fails(json({ name: 'x', tags: [''], flag: '' }), 'parameter_invalid').details?.map((d) => d.param)).toEqual(['flag']);
    expect(ok(json({ name: 'x', tags: [''] }))).toEqual({ name: 'x', tags: [''] });
    expect(fails(json({ name: 'x', count: '' }), 'parameter_invalid').details?.[0]?.param).toBe('count');
  });

  it('property: a nullable text parameter sent empty reads as null, in a form and in JSON alike', () => {
    const body = form(Body);
    fc.assert(
      fc.property(fc.subarray(['note', 'due', 'amount', 'priority'], { minLength: 1 }), (names) => {
        const fromForm = ok(body(['name=x', ...names.map((name) => `${name}=`)].join('&')));
        const fromJson = ok(json({ name: 'x', ...Object.fromEntries(names.map((name) => [name, ''])) }));
        expect(fromJson).toEqual(fromForm);
        for (const name of names) expect((fromJson as Record<string, unknown>)[name]).toBeNull();
      }),
    );
  });
});

describe('validation errors (docs/reference.md#error-codes)', () => {
  const body = form(Body);

  it('answers parameter_missing for a required parameter, naming it', () => {
    const error = fails(body(''), 'parameter_missing');
    expect(error.message).toBe('Missing required parameter: name');
    expect(error.details).toEqual([{ param: 'name', message: 'is required' }]);
    expect(error.statusCode).toBe(400);
    const nested = fails(body('name=x&emails[quote]=true'), 'parameter_missing');
    expect(nested.details).toEqual([{ param: 'emails[invoice]', message: 'is required' }]);
    const inList = fails(body('name=x&matches[0][value]=1'), 'parameter_missing');
    expect(inList.details).toEqual([{ param: 'matches[0][id]', message: 'is required' }]);
  });

  it('answers parameter_unknown for an unknown parameter, in bracket notation', () => {
    const error = fails(body('name=x&colour=red'), 'parameter_unknown');
    expect(error.message).toBe('Unknown parameter: colour');
    expect(error.details).toEqual([{ param: 'colour', message: 'is not a parameter of this endpoint' }]);
    expect(fails(body('name=x&emails[invoice]=true&emails[sms]=1'), 'parameter_unknown').details).toEqual([
      { param: 'emails[sms]', message: 'is not a parameter of this endpoint' },
    ]);
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    expect(fails(body(`name=x&matches[0][id]=${id}&matches[0][value]=1&matches[0][extra]=1`), 'parameter_unknown').details).toEqual([
      { param: 'matches[0][extra]', message: 'is not a parameter of this endpoint' },
    ]);
    // unknown wins over missing and invalid: the summary names the unknown ones.
    const mixed = fails(body('flag=maybe&a=1&b=2'), 'parameter_unknown');
    expect(mixed.message).toBe('Unknown parameter: a, b');
    expect(mixed.details).toEqual(
      expect.arrayContaining([
        { param: 'a', message: 'is not a parameter of this endpoint' },
        { param: 'b', message: 'is not a parameter of this endpoint' },
        { param: 'name', message: 'is required' },
        { param: 'flag', message: 'must be boolean' },
      ]),
    );
  });

  it('words type errors "must be string or null"', () => {
    const json = validator(Body);
    expect(fails(json({ name: 5 }), 'parameter_invalid').details).toEqual([{ param: 'name', message: 'must be string' }]);
    expect(fails(json({ name: 'x', note: 5 }), 'parameter_invalid').details).toEqual([{ param: 'note', message: 'must be string or null' }]);
    expect(fails(json({ name: 'x', amount: 'x' }), 'parameter_invalid').details).toEqual([{ param: 'amount', message: 'must be number or null' }]);
    expect(fails(json({ name: 'x', emails: 'yes' }), 'parameter_invalid').details).toEqual([{ param: 'emails', message: 'must be object' }]);
    const error = fails(json({ name: 'x', note: 5 }), 'parameter_invalid');
    expect(error.message).toBe('Invalid parameter note: must be string or null');
  });

  it('lists the allowed values of enums and unions of literals', () => {
    expect(fails(body('name=x&status=void'), 'parameter_invalid').details).toEqual([{ param: 'status', message: 'must be one of: draft, sent, paid' }]);
    expect(fails(body('name=x&priority=4'), 'parameter_invalid').details).toEqual([{ param: 'priority', message: 'must be one of: 1, 2, 3 or null' }]);
    expect(fails(body('name=x&kind=c'), 'parameter_invalid').details).toEqual([{ param: 'kind', message: 'must be one of: a, b' }]);
    expect(ok(body('name=x&priority=2&status=sent&kind=a'))).toEqual({ name: 'x', priority: 2, status: 'sent', kind: 'a' });
    expect(ok(body('name=x&priority='))).toEqual({ name: 'x', priority: null });
    const paging = form(Input(pageQuery(['createdAt', 'name'])), 'querystring');
    expect(fails(paging('sort=price'), 'parameter_invalid').details).toEqual([{ param: 'sort', message: 'must be one of: createdAt, name' }]);
    expect(fails(paging('direction=up'), 'parameter_invalid').details).toEqual([{ param: 'direction', message: 'must be one of: asc, desc' }]);
  });

  it('words ids, dates, currencies and emails', () => {
    expect(fails(body('name=x&client=123'), 'parameter_invalid').details).toEqual([
      { param: 'client', message: 'must be an identifier (24 hexadecimal characters)' },
    ]);
    expect(fails(body('name=x&matches[0][id]=nope&matches[0][value]=1'), 'parameter_invalid').details).toEqual([
      { param: 'matches[0][id]', message: 'must be an identifier (24 hexadecimal characters)' },
    ]);
    expect(fails(body('name=x&due=2025-02-30'), 'parameter_invalid').details?.[0]?.message).toContain('must be an ISO 8601 date');
    expect(fails(body('name=x&currency=eur'), 'parameter_invalid').details).toEqual([
      { param: 'currency', message: 'must be an ISO 4217 currency code (e.g. EUR)' },
    ]);
    expect(fails(body('name=x&email=nope'), 'parameter_invalid').details).toEqual([{ param: 'email', message: 'must be an email address' }]);
    expect(ok(body('name=x&due=2025-01-31&currency=EUR&email=a%40b.co'))).toEqual({ name: 'x', due: '2025-01-31', currency: 'EUR', email: 'a@b.co' });
  });

  it('reports length and range limits with the parameter name', () => {
    expect(fails(body(`name=${'a'.repeat(256)}`), 'parameter_invalid').details).toEqual([{ param: 'name', message: 'must NOT have more than 255 characters' }]);
    expect(ok(body(`name=${'a'.repeat(255)}`))).toEqual({ name: 'a'.repeat(255) });
    expect(fails(body('name=x&rate=1000000000001'), 'parameter_invalid').details?.[0]?.param).toBe('rate');
  });

  it('rejects text with NUL characters anywhere (PostgreSQL cannot store it)', () => {
    const error = fails(body('name=a%00b'), 'parameter_invalid');
    expect(error.details).toEqual([{ param: 'name', message: 'must not contain NUL characters' }]);
    expect(fails(validator(Body)({ name: 'x', tags: ['ok', 'b\u0000'] }), 'parameter_invalid').details?.[0]?.param).toBe('tags[1]');
    expect(findInvalidText({ a: [{ b: 'x\u0000' }] })?.param).toBe('a[0][b]');
    expect(findInvalidText({ a: ['x'], b: { c: 1 } })).toBeUndefined();
  });

  it('answers 404 resource_missing for a malformed id in the path, 400 for other path values', () => {
    const params = validator(IdParams, 'params');
    expect(ok(params({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }))).toEqual({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    for (const id of ['x', 'AAAAAAAAAAAAAAAAAAAAAAAA', 'aaaaaaaaaaaaaaaaaaaaaaaaa', '']) {
      const error = fails(params({ id }), 'resource_missing');
      expect(error.statusCode).toBe(404);
    }
    const other = validator(Type.Object({ year: Type.Integer() }, { additionalProperties: false }), 'params');
    expect(ok(other({ year: '2025' }))).toEqual({ year: 2025 });
    expect(fails(other({ year: 'abc' }), 'parameter_invalid').details?.[0]).toEqual({ param: 'year', message: 'must be integer' });
  });

  it('treats a missing body as an empty object and applies defaults', () => {
    expect(fails(validator(Body)(undefined), 'parameter_missing').details).toEqual([{ param: 'name', message: 'is required' }]);
    const paging = validator(Input(pageQuery(['createdAt'])), 'querystring');
    expect(ok(paging(parseForm('')))).toEqual({ page: 1, pageSize: 20, sort: 'createdAt', direction: 'desc' });
    expect(ok(paging(parseForm('page=2&pageSize=100')))).toEqual({ page: 2, pageSize: 100, sort: 'createdAt', direction: 'desc' });
    expect(fails(paging(parseForm('pageSize=101')), 'parameter_invalid').details?.[0]?.param).toBe('pageSize');
    expect(fails(paging(parseForm('page=0')), 'parameter_invalid').details?.[0]?.param).toBe('page');
  });
});
