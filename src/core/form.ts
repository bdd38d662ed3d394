/**
 * Parses `application/x-www-form-urlencoded` bodies and query strings into nested values
 * (docs/reference.md#form-values-and-brackets): `a=1`, repeated `a=1&a=2` and `a[]=1&a[]=2` give arrays, `a[b]=1` objects,
 * `a[0][id]=x` arrays of objects. Values stay strings; the route schema coerces them.
 * Hostile input is bounded: parameter count, bracket depth and index size. Percent-encoded bytes
 * that are not UTF-8 are kept as marks that validation refuses, naming the parameter (text.ts).
 */
import { excerpt } from './errors.js';
import { decodeUtf8 } from './text.js';

export const FORM_ORIGIN: unique symbol = Symbol('form-origin');

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class FormError extends Error {}

const MAX_PARAMS = 2000;
const MAX_DEPTH = 6;
const MAX_INDEX = 1000;

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;

function decode(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  if (BAD_PERCENT.test(spaced)) throw new FormError(`malformed percent-encoding in "${excerpt(spaced)}"`);
  return spaced.replace(PERCENT_RUN, (run) => decodeUtf8(Buffer.from(run.replace(/%/g, ''), 'hex')));
}

/** `a[b][0][]` → ['a', 'b', '0', ''] */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const match = /^\[([^[\]]*)\]/.exec(rest);
    if (!match) throw new FormError(`malformed brackets in parameter "${excerpt(key)}"`);
    parts.push(match[1]!);
    rest = rest.slice(match[0].length);
    if (parts.length > MAX_DEPTH + 1) throw new FormError(`parameter "${excerpt(key)}" is nested too deeply`);
  }
  return parts;
}

type Container = Record<string, unknown> | unknown[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assign(target: Record<string, unknown>, parts: string[], value: string, fullKey: string): void {
  let container: Container = target;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    const nextPart = parts[i + 1];
    if (Array.isArray(container)) {
      if (part === '') {
        if (last) container.push(value);
        else {
          const child = nextPart === '' || /^\d+$/.test(nextPart!) ? [] : {};
          container.push(child);
          container = child;
        }
        continue;
      }
      if (!/^\d+$/.test(part)) throw new FormError(`parameter "${excerpt(fullKey)}" mixes list and object notation`);
      const index = Number(part);
      if (index > MAX_INDEX) throw new FormError(`index ${index} in "${excerpt(fullKey)}" is too large`);
      if (last) {
        if (container[index] !== undefined) throw new FormError(`parameter "${excerpt(fullKey)}" is given twice`);
        container[index] = value;
      } else {
        container[index] ??= nextPart === '' || /^\d+$/.test(nextPart!) ? [] : {};
        const child: unknown = container[index];
        if (typeof child !== 'object' || child === null) throw new FormError(`parameter "${excerpt(fullKey)}" conflicts with another`);
        container = child as Container;
      }
      continue;
    }
    if (part === '__proto__' || part === 'constructor' || part === 'prototype') {
      throw new FormError(`parameter name "${part}" is not allowed`);
    }
    // Own properties only: `toString=1` is an (unknown) parameter, not Object.prototype.toString.
    const existing: unknown = Object.prototype.hasOwnProperty.call(container, part) ? container[part] : undefined;
    if (last) {
      if (existing === undefined) container[part] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else if (typeof existing === 'string') container[part] = [existing, value];
      else throw new FormError(`parameter "${excerpt(fullKey)}" conflicts with another`);
      continue;
    }
    const wantsArray = nextPart === '' || /^\d+$/.test(nextPart!);
    if (existing === undefined) {
      const child = wantsArray ? [] : {};
      container[part] = child;
      container = child;
    } else if (wantsArray && Array.isArray(existing)) {
      container = existing;
    } else if (!wantsArray && isPlainObject(existing)) {
      container = existing;
    } else if (nextPart === '' && typeof existing === 'string') {
      // `a=1&a[]=2`: both forms of one list
      const list: unknown[] = [existing];
      container[part] = list;
      container = list;
    } else {
      throw new FormError(`parameter "${excerpt(fullKey)}" conflicts with another`);
    }
  }
}

function compact(value: unknown): FormValue {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (isPlainObject(value)) {
    const out: FormObject = {};
    for (const [key, child] of Object.entries(value)) out[key] = compact(child);
    return out;
  }
  return value as string;
}

export function parseForm(text: string): FormObject {
  const result: Record<string, unknown> = {};
  if (text.length === 0) return markForm(result as FormObject);
  const pairs = text.split('&');
  if (pairs.length > MAX_PARAMS) throw new FormError(`too many parameters (at most ${MAX_PARAMS})`);
  for (const pair of pairs) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (key === '') throw new FormError('a parameter has no name');
    assign(result, splitKey(key), value, key);
  }
  return markForm(compact(result) as FormObject);
}

export function markForm<T extends object>(value: T): T {
  Object.defineProperty(value, FORM_ORIGIN, { value: true, enumerable: false });
  return value;
}

export function isForm(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[FORM_ORIGIN] === true;
}
