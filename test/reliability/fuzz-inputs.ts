import fc from 'fast-check';
import { MISSING_ID } from '../helper.js';

/**
 * The inputs test/reliability/fuzz.test.ts draws its requests from: huge strings, bad
 * percent-encodings, parameter names with brackets, malformed JSON and multipart, odd content
 * types; and, given the ids of the world, id-like values, scalars, JSON values and query pairs.
 * What makes a request of them for a route (its path, its schemas) stays in the test.
 */

export const huge = fc
  .tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('a', 'é', '€', '0', '[', '%', '\u0000', '😀'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));
export const badPercent = fc.constantFrom('%', '%z', '%zz', '%%', '%E0%A4%A', '%C0%80', '%FF%FE', '%00', '%ED%A0%80', '%2', '%u0041');
export const deepJson = fc
  .tuple(fc.integer({ min: 10, max: 5_000 }), fc.boolean())
  .map(([depth, array]) => (array ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));
/** Lone surrogates: JSON can carry them (`"\ud800"`); they must be refused, never stored. */
const loneSurrogates = fc.constantFrom('\ud800', 'a\udfffb', '\ude00\ud83d', 'ok\udbff');

/** Parameter names: the route's own (from its schemas) and unknown ones, with brackets. */
export function keyArb(known: string[]): fc.Arbitrary<string> {
  const base =
    known.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) })
      : fc.string({ minLength: 1, maxLength: 10 });
  return fc
    .tuple(
      base,
      fc.constantFrom('', '', '', '[]', '[0]', '[a]', '[0][id]', '[', ']', '[[', '][', '[]]', '[__proto__]', '[constructor][prototype]'),
      fc.nat({ max: 3 }),
    )
    .chain(([key, suffix, deep]) => (deep === 3 ? fc.integer({ min: 10, max: 3_000 }).map((n) => `${key}${'[a]'.repeat(n)}`) : fc.constant(`${key}${suffix}`)));
}

export const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '[',
    '{"a":',
    '{"a":1,}',
    '{a:1}',
    "{'a':1}",
    'nul',
    'tru',
    '"abc',
    '{"a":1}}',
    '\u0000',
    '{"a":"\\ud800"}',
    '{"a":1e999999}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '\ufeff{}',
    '{"a":NaN}',
    '1',
    '"x"',
    'null',
    '[]',
    'true',
  ),
  fc.string({ maxLength: 40 }),
  deepJson.map((text) => text.slice(0, Math.floor(text.length / 2))),
);

const BOUNDARY = 'fuzzBoundary';
export const malformedMultipart = fc.oneof(
  fc.constantFrom(
    '',
    `--${BOUNDARY}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; filename="a.txt"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../../etc/passwd"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n\r\n\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="unknown"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nx\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n\r\ny\r\n--${BOUNDARY}--\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileId"\r\n\r\n${MISSING_ID}\r\n--${BOUNDARY}--\r\n`,
    `--wrong\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nx\r\n--wrong--\r\n`,
    `--${BOUNDARY}--\r\n`,
    `garbage`,
  ),
  fc
    .tuple(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.string({ maxLength: 200 }))
    .map(
      ([name, filename, content]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${name}\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`,
    ),
  fc
    .array(fc.tuple(fc.constantFrom('file', 'fileId', 'catConfiguration', 'targetLanguage', 'x', 'file[]'), fc.string({ maxLength: 30 })), { maxLength: 30 })
    .map(
      (parts) =>
        parts.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${BOUNDARY}--\r\n`,
    ),
);

export const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'multipart/mixed; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/x-www-form-urlencoded; charset=latin1',
  'application/x-www-form-urlencoded; charset=utf-8',
  '',
  'garbage/!!',
  ';;;',
  'application/vnd.api+json',
  'image/png',
  'APPLICATION/JSON',
  'application/json, text/plain',
];

/** The values that mix real ids (`ids`, the world's) with malformed ones. */
export function valuesWithIds(ids: string[]) {
  const idLike = fc.oneof(
    fc.constantFrom(...ids),
    fc.constantFrom(
      MISSING_ID,
      '000000000000000000000000',
      'FFFFFFFFFFFFFFFFFFFFFFFF',
      'x',
      '',
      '0',
      '-1',
      'null',
      'undefined',
      'me',
      '..',
      '.',
      '1e3',
      'NaN',
      ' ',
    ),
    fc.stringMatching(/^[0-9a-f]{23,25}$/),
  );
  const scalar = fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 2, arbitrary: fc.double() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'true',
        'false',
        '1',
        '0',
        '',
        'null',
        '-0',
        '1e400',
        '-1e400',
        '0x10',
        '2030-13-45',
        '2030-01-01T25:00:00Z',
        'EUR',
        'XXX',
        'en',
        'zz-ZZ',
        '#ff0000',
        'Infinity',
        '__proto__',
        'constructor',
      ),
    },
    { weight: 2, arbitrary: idLike },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  /** A JSON value with wrong types, nesting and, rarely, huge strings. */
  const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }) },
    ),
  })).value;
  const anyJsonValue = fc.oneof({ weight: 20, arbitrary: jsonValue }, { weight: 1, arbitrary: huge }, { weight: 1, arbitrary: loneSurrogates });

  /** One `key=value` of a query string or form body: well encoded, raw or with broken percent-encodings. */
  function pairArb(known: string[]): fc.Arbitrary<string> {
    const value = fc.oneof({ weight: 12, arbitrary: scalar.map((v) => (v === null ? '' : String(v))) }, { weight: 1, arbitrary: huge });
    return fc.tuple(keyArb(known), value, fc.nat({ max: 9 }), badPercent).map(([key, v, mode, bad]) => {
      const k = encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
      if (mode === 0) return `${k}${bad}=${encodeURIComponent(v)}`;
      if (mode === 1) return `${k}=${encodeURIComponent(v)}${bad}`;
      if (mode === 2) return k; // no `=`
      if (mode === 3) return `${k}==${encodeURIComponent(v)}`;
      return `${k}=${encodeURIComponent(v)}`;
    });
  }

  const pairsArb = (known: string[]) => fc.array(pairArb(known), { maxLength: 6 }).map((pairs) => pairs.join('&'));

  return { idLike, anyJsonValue, pairsArb };
}
