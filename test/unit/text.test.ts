import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeUtf8, findInvalidText, MALFORMED_MARK, printable, textProblem } from '../../src/core/text.js';

const bytes = (...values: number[]) => Buffer.from(values);
const wellFormed = (text: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe('decodeUtf8', () => {
  it('decodes valid UTF-8 as Buffer#toString does', () => {
    expect(decodeUtf8(Buffer.from('Łódź Ελλάδα 東京 😀'))).toBe('Łódź Ελλάδα 東京 😀');
    expect(decodeUtf8(new Uint8Array([0x61, 0xc3, 0xa9]))).toBe('aé');
  });

  it('turns every malformed byte into one mark: stray bytes, truncated and overlong sequences, encoded surrogates, code points past U+10FFFF', () => {
    const M = MALFORMED_MARK;
    expect(decodeUtf8(bytes(0x61, 0xff, 0xfe, 0x62))).toBe(`a${M}${M}b`);
    expect(decodeUtf8(bytes(0xc3))).toBe(M);
    expect(decodeUtf8(bytes(0xc3, 0x28))).toBe(`${M}(`);
    expect(decodeUtf8(bytes(0xc0, 0xaf))).toBe(`${M}${M}`);
    expect(decodeUtf8(bytes(0xe0, 0x80, 0xaf))).toBe(`${M}${M}${M}`);
    expect(decodeUtf8(bytes(0xed, 0xa0, 0x80))).toBe(`${M}${M}${M}`);
    expect(decodeUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(`${M}${M}${M}${M}`);
    expect(decodeUtf8(bytes(0xf0, 0x9f, 0x98, 0x80, 0x80))).toBe(`😀${M}`);
  });

  it('property: valid text round-trips; the result is well-formed exactly when the bytes are UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeUtf8(Buffer.from(text))).toBe(text);
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (raw) => {
        const decoded = decodeUtf8(raw);
        expect(wellFormed(decoded)).toBe(isUtf8(raw));
        // Marks aside, the valid parts are what the standard decoder reads.
        if (isUtf8(raw)) expect(decoded).toBe(Buffer.from(raw).toString('utf8'));
      }),
    );
  });
});

describe('findInvalidText', () => {
  it('names the first parameter holding a lone surrogate, a malformed-byte mark or NUL, in values and in names', () => {
    expect(findInvalidText({ a: 'ok', b: ['x', { c: 'y\ud800' }] })).toEqual({ param: 'b[1][c]', problem: expect.stringMatching(/valid UTF-8/) });
    expect(findInvalidText({ a: `x${MALFORMED_MARK}` })?.param).toBe('a');
    expect(findInvalidText({ a: 'x\u0000' })).toEqual({ param: 'a', problem: 'must not contain NUL characters' });
    expect(findInvalidText({ ['k\udc00']: 'v' })).toEqual({ param: 'k\ufffd', problem: expect.stringMatching(/^the name must be valid UTF-8/) });
    expect(findInvalidText({ a: 'Ελλάδα 😀', n: 1, b: null, c: [true] })).toBeUndefined();
    expect(findInvalidText('\ud83d')).toEqual({ param: '', problem: 'must be valid UTF-8 text (it holds malformed bytes or a lone surrogate)' });
  });

  it('accepts surrogate pairs, refuses either half alone', () => {
    expect(textProblem('😀')).toBeUndefined();
    const malformed = 'must be valid UTF-8 text (it holds malformed bytes or a lone surrogate)';
    expect(textProblem('\ud83d')).toBe(malformed);
    expect(textProblem('\ude00x')).toBe(malformed);
    expect(printable('a\ud83d\u0000😀')).toBe('a\ufffd\ufffd😀');
  });
});
