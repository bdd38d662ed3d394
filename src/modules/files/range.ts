import type { ByteRange } from '../../core/storage/index.js';

/**
 * The answer to a `Range` header for content of `size` bytes (RFC 9110 §14):
 * - `full`: no Range, a malformed one, another unit, or several ranges (answered whole, 200);
 * - `partial`: one satisfiable range `a-b`, `a-` or `-n` (206, the end clamped to the last byte);
 * - `unsatisfiable`: one range starting past the end, or `-0` (416, `Content-Range: bytes *\/size`).
 */
export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'full' };
  if (header.includes(',')) return { kind: 'full' };
  const match = SINGLE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  // A start of 16 digits or more is past any stored size (and past exact JavaScript numbers).
  if (first.length > 15) return { kind: 'unsatisfiable' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'full' }; // syntactically invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
