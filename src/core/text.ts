import { isUtf8 } from 'node:buffer';

/**
 * Text a caller sends must be valid Unicode: well-formed UTF-8 bytes, no lone surrogate (a JSON
 * `"\ud800"`), no NUL. Anything else would be stored differently by SQLite and PostgreSQL (or
 * refused by PostgreSQL as a 500), so it is refused with 400 `parameter_invalid` naming the
 * parameter.
 *
 * Bytes are decoded with `decodeUtf8`, which turns every malformed byte into a lone surrogate
 * (U+DFFF) instead of the usual U+FFFD: a lone surrogate can never come out of valid UTF-8, so
 * one check on the parsed values (`findInvalidText`) finds both malformed bytes and lone
 * surrogates, and names the parameter that holds them.
 */
export const MALFORMED_MARK = '\udfff';

/** The length of the valid UTF-8 sequence at `at`, or 0 when the byte there does not start one. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const first = bytes[at]!;
  if (first < 0x80) return 1;
  const cont = (offset: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[at + offset];
    return byte !== undefined && byte >= low && byte <= high;
  };
  if (first >= 0xc2 && first <= 0xdf) return cont(1) ? 2 : 0;
  if (first === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  // 0xED A0..BF would encode a surrogate (CESU-8): not UTF-8.
  if (first === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (first >= 0xe1 && first <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (first === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (first >= 0xf1 && first <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (first === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Decodes UTF-8; each malformed byte becomes MALFORMED_MARK (see above). */
export function decodeUtf8(bytes: Uint8Array): string {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer)) return buffer.toString('utf8');
  let text = '';
  let start = 0;
  let at = 0;
  while (at < buffer.length) {
    const length = sequenceLength(buffer, at);
    if (length > 0) {
      at += length;
      continue;
    }
    text += buffer.toString('utf8', start, at) + MALFORMED_MARK;
    at += 1;
    start = at;
  }
  return text + buffer.toString('utf8', start, at);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * A stored text as an answer gives it: null when empty. Some columns keep "unset" as '' (they
 * are NOT NULL); the API shows null there, as it does for any nullable parameter sent empty.
 */
export const nullWhenEmpty = (value: string): string | null => (value === '' ? null : value);

/**
 * The text of a multipart text field, which the multipart parser hands over one character per
 * byte (latin1: the `defCharset` of files/upload.ts): decoded here as UTF-8, malformed bytes
 * kept as marks. A part that declared its own charset was decoded by the parser already
 * (characters past U+00FF show it) and stays as read.
 */
export function multipartFieldText(value: unknown): string {
  const text = String(value);
  // eslint-disable-next-line no-control-regex -- the range is all of Latin-1, NUL included: what lies outside it is past U+00FF
  return /[^\u0000-\u00ff]/.test(text) ? text : decodeUtf8(Buffer.from(text, 'latin1'));
}

/** What is wrong with a text, or undefined when it is valid. */
export function textProblem(text: string): string | undefined {
  if (LONE_SURROGATE.test(text)) return 'must be valid UTF-8 text (it holds malformed bytes or a lone surrogate)';
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  return undefined;
}

/** A key as it can be quoted: what is not valid text shown as U+FFFD. */
export const printable = (text: string): string => text.replace(LONE_SURROGATES, '\ufffd').replaceAll('\u0000', '\ufffd');

interface Node {
  value: unknown;
  /** The key or index under its parent; undefined at the root. */
  segment?: string;
  parent?: Node;
}

/** The bracket-notation name of a node (`a[0][b]`), built only for the node that is reported. */
export function nameOf(node: Node): string {
  const segments: string[] = [];
  for (let at: Node | undefined = node; at?.segment !== undefined; at = at.parent) segments.push(printable(at.segment));
  segments.reverse();
  return segments.length === 0
    ? ''
    : segments[0]! +
        segments
          .slice(1)
          .map((segment) => `[${segment}]`)
          .join('');
}

/**
 * The first node of a parsed body, depth first in document order, for which `check` answers
 * something. Iterative, with names built lazily: a JSON body nested 100 000 levels deep must
 * neither overflow the stack nor build a long name for every level.
 */
export function firstInTree<R>(root: unknown, check: (node: Node) => R | undefined): R | undefined {
  const stack: Node[] = [{ value: root }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const found = check(node);
    if (found !== undefined) return found;
    const value = node.value;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], segment: String(index), parent: node });
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) stack.push({ value: entries[index]![1], segment: entries[index]![0], parent: node });
    }
  }
  return undefined;
}

/**
 * The first parameter (bracket notation, `a[0][b]`) whose name or text value is not valid text,
 * with what is wrong; undefined when every text is valid.
 */
export function findInvalidText(value: unknown): { param: string; problem: string } | undefined {
  return firstInTree(value, (node) => {
    const nameProblem = node.segment === undefined ? undefined : textProblem(node.segment);
    if (nameProblem !== undefined) return { param: nameOf(node), problem: `the name ${nameProblem}` };
    if (typeof node.value !== 'string') return undefined;
    const problem = textProblem(node.value);
    return problem === undefined ? undefined : { param: nameOf(node), problem };
  });
}
