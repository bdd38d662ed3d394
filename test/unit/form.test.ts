import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FormError, isForm, parseForm } from '../../src/core/form.js';
import { toForm } from '../helper.js';

/** Plain objects and arrays only (parseForm marks its result with a non-enumerable symbol). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
const parse = (text: string) => plain(parseForm(text));

describe('parseForm: flat pairs', () => {
  it('reads pairs, decodes + and percent-encoding, and keeps values as strings', () => {
    expect(parse('a=1&b=two')).toEqual({ a: '1', b: 'two' });
    expect(parse('name=Jos%C3%A9+Garc%C3%ADa&x=a%2Bb%26c%3Dd')).toEqual({ name: 'José García', x: 'a+b&c=d' });
    expect(parse('q=%E2%82%AC+100%25')).toEqual({ q: '€ 100%' });
    expect(parse('emoji=%F0%9F%98%80')).toEqual({ emoji: '😀' });
    expect(parse('k%20ey=v')).toEqual({ 'k ey': 'v' });
  });

  it('treats a key without = as an empty value, skips empty pairs, and splits on the first =', () => {
    expect(parse('flag&x=1')).toEqual({ flag: '', x: '1' });
    expect(parse('a=&b=')).toEqual({ a: '', b: '' });
    expect(parse('&&a=1&&')).toEqual({ a: '1' });
    expect(parse('a=b=c')).toEqual({ a: 'b=c' });
    expect(parse('')).toEqual({});
  });

  it('marks its result as coming from a form (coercion applies to it)', () => {
    expect(isForm(parseForm('a=1'))).toBe(true);
    expect(isForm(parseForm(''))).toBe(true);
    expect(isForm({ a: '1' })).toBe(false);
    expect(Object.keys(parseForm('a=1'))).toEqual(['a']);
  });
});

describe('parseForm: arrays and objects (bracket notation, docs/reference.md#form-values-and-brackets)', () => {
  it('makes arrays of repeated keys and of name[]', () => {
    expect(parse('a=1&a=2&a=3')).toEqual({ a: ['1', '2', '3'] });
    expect(parse('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
    expect(parse('a[]=only')).toEqual({ a: ['only'] });
    // One empty item; the schema decides what it means (`a=` is the documented empty list).
    expect(parse('a[]=')).toEqual({ a: [''] });
    expect(parse('a%5B%5D=1&a%5B%5D=2')).toEqual({ a: ['1', '2'] });
  });

  it('mixes a=1 with a[]=2 into one list, in either order', () => {
    expect(parse('a=1&a[]=2')).toEqual({ a: ['1', '2'] });
    expect(parse('a[]=1&a=2')).toEqual({ a: ['1', '2'] });
  });

  it('makes objects of a[b]=', () => {
    expect(parse('emails[invoice]=true&emails[quote]=false')).toEqual({ emails: { invoice: 'true', quote: 'false' } });
    expect(parse('a[b][c]=1&a[b][d]=2&a[e]=3')).toEqual({ a: { b: { c: '1', d: '2' }, e: '3' } });
    expect(parse('a[b]=1&a[b]=2')).toEqual({ a: { b: ['1', '2'] } });
    expect(parse('a[b][]=1&a[b][]=2')).toEqual({ a: { b: ['1', '2'] } });
  });

  it('makes arrays of objects of a[0][id]=', () => {
    expect(parse('a[0][id]=x&a[0][value]=1&a[1][id]=y')).toEqual({ a: [{ id: 'x', value: '1' }, { id: 'y' }] });
    expect(parse('matches[0][id]=m1&matches[1][id]=m2&matches[0][value]=10&matches[1][value]=20')).toEqual({
      matches: [
        { id: 'm1', value: '10' },
        { id: 'm2', value: '20' },
      ],
    });
    expect(parse('a[][id]=x')).toEqual({ a: [{ id: 'x' }] });
    expect(parse('a[0][]=1&a[0][]=2&a[1][]=3')).toEqual({ a: [['1', '2'], ['3']] });
  });

  it('compacts sparse indexes in index order', () => {
    expect(parse('a[5]=x&a[2]=y')).toEqual({ a: ['y', 'x'] });
    expect(parse('a[3][id]=b&a[1][id]=a')).toEqual({ a: [{ id: 'a' }, { id: 'b' }] });
    expect(parse('a[1000]=last')).toEqual({ a: ['last'] });
  });

  it('keeps names that are properties of Object.prototype as ordinary (unknown) parameters', () => {
    expect(parse('toString=1&valueOf[]=2&hasOwnProperty[a]=3')).toEqual({ toString: '1', valueOf: ['2'], hasOwnProperty: { a: '3' } });
    expect(parse('a[toString]=1')).toEqual({ a: { toString: '1' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseForm: percent-encoded bytes that are not UTF-8', () => {
  // Kept as U+DFFF marks (core/text.ts), so that validation refuses them naming the parameter.
  it('keeps each malformed byte as a lone surrogate mark, in keys and values', () => {
    expect(parseForm('a=%C3%28')).toEqual({ a: '\udfff(' });
    expect(parseForm('a=x%FF%FEy')).toEqual({ a: 'x\udfff\udfffy' });
    expect(parseForm('a=%ED%A0%80')).toEqual({ a: '\udfff\udfff\udfff' });
    expect(parseForm('%E0=1')).toEqual({ '\udfff': '1' });
    expect(parseForm('a=%C3%A9%FF')).toEqual({ a: 'é\udfff' });
  });
});

describe('parseForm: rejected input (FormError)', () => {
  const rejects = (text: string, message?: RegExp) => {
    expect(() => parseForm(text), text).toThrow(FormError);
    if (message) expect(() => parseForm(text)).toThrow(message);
  };

  it('rejects a key used both as a value and as an object, in either order', () => {
    rejects('a=1&a[b]=2', /conflicts/);
    rejects('a[b]=2&a=1', /conflicts/);
    rejects('a[]=1&a[b]=2');
    rejects('a[0]=1&a[b]=2', /conflicts|mixes/);
    rejects('a[0][x]=1&a[0][0]=2&a[b]=3');
    rejects('a[0]=1&a[0]=2', /twice/);
    rejects('a[b]=1&a[b][c]=2', /conflicts/);
  });

  it('rejects malformed percent-encoding in keys and values', () => {
    rejects('a=%', /percent-encoding/);
    rejects('a=%ZZ', /percent-encoding/);
    rejects('a=%E0%A4%A', /percent-encoding/);
    rejects('%E0%=1', /percent-encoding/);
  });

  it('rejects malformed brackets and nameless parameters', () => {
    rejects('a[b=1', /brackets/);
    rejects('a[b]c=1', /brackets/);
    rejects('a[[b]]=1', /brackets/);
    rejects('=1', /no name/);
    rejects('%20=1&=2', /no name/);
  });

  it('limits nesting to six brackets', () => {
    expect(parse('a[b][c][d][e][f][g]=1')).toEqual({ a: { b: { c: { d: { e: { f: { g: '1' } } } } } } });
    rejects('a[b][c][d][e][f][g][h]=1', /nested too deeply/);
    rejects(`a${'[]'.repeat(100)}=1`, /nested too deeply/);
    rejects(`a${'[x]'.repeat(10_000)}=1`, /nested too deeply/);
  });

  it('limits the number of parameters and the size of indexes', () => {
    expect(Object.keys(parseForm(Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&')))).toHaveLength(2000);
    rejects(Array.from({ length: 2001 }, (_, i) => `p${i}=1`).join('&'), /too many parameters/);
    rejects('a[1001]=x', /too large/);
    rejects('a[99999999999999999999]=x', /too large/);
  });

  it('rejects __proto__, constructor and prototype as names at any level', () => {
    for (const text of [
      '__proto__[polluted]=1',
      'a[__proto__][polluted]=1',
      'constructor[prototype][polluted]=1',
      'a[constructor]=1',
      'prototype=1',
      '__proto__=1',
      '%5F%5Fproto%5F%5F[x]=1',
      'a[0][__proto__]=1',
    ]) {
      rejects(text, /not allowed/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseForm: property', () => {
  // Names without brackets, not all digits (a[0] would be read as a list) and not forbidden.
  const name = fc
    .string({ unit: 'binary', minLength: 1, maxLength: 8 })
    .filter((s) => !/[[\]]/.test(s) && !/^\d+$/.test(s) && !['__proto__', 'constructor', 'prototype'].includes(s));
  const text = fc.string({ unit: 'binary', maxLength: 12 });
  type Tree = string | Tree[] | { [key: string]: Tree };
  const { tree } = fc.letrec<{ tree: Tree; leaf: Tree; object: Tree; list: Tree }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small', maxDepth: 3 }, tie('leaf'), tie('object'), tie('list')),
    leaf: text,
    object: fc.dictionary(name, tie('tree'), { minKeys: 1, maxKeys: 4 }),
    // toForm writes lists of strings as a[]=…, lists of objects and lists as a[0]…
    list: fc.oneof(fc.array(text, { minLength: 1, maxLength: 4 }), fc.array(tie('object'), { minLength: 1, maxLength: 3 })),
  }));
  const form = fc.dictionary(name, tree, { maxKeys: 5 });

  it('round-trips nested objects of strings written by toForm', () => {
    fc.assert(
      fc.property(form, (value) => {
        expect(parse(toForm(value))).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('either parses or throws FormError, never anything else, on arbitrary text', () => {
    const chars = fc.constantFrom('a', 'b', '0', '1', '[', ']', '=', '&', '%', '2', 'F', '+', '_', 'é');
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 60 }).map((c) => c.join('')),
        (input) => {
          try {
            parseForm(input);
          } catch (error) {
            if (!(error instanceof FormError)) throw error;
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
