/**
 * Encoding detection: UTF-8 with or without BOM, UTF-16 LE or BE with BOM. Anything else (UTF-16
 * without BOM, Latin-1 / Windows-1252 bytes, binary data) is rejected. The text is decoded in
 * chunks as it is read (`decodeChunks`), never as one string of the whole file.
 */
import { fail } from './types.js';

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface Detected {
  encoding: Encoding;
  /** Bytes of the byte-order mark (skipped). */
  bomLength: number;
}

const ADVICE = 'export the report again as UTF-8 or as UTF-16 with a byte-order mark';

export function detectEncoding(bytes: Uint8Array): Detected {
  if (bytes.length === 0) fail('The file is empty.');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  // No BOM: UTF-8. A NUL byte never occurs in a text report: UTF-16 without a BOM, or binary data.
  const nul = bytes.subarray(0, 4096).indexOf(0);
  if (nul >= 0) {
    fail(`The file holds a NUL byte at byte ${nul + 1}: it looks like UTF-16 without a byte-order mark or a binary file; ${ADVICE}.`);
  }
  return { encoding: 'utf-8', bomLength: 0 };
}

/** Text decoded per chunk: a reader holds one chunk at a time, never the whole file as a string. */
export const DECODE_CHUNK_BYTES = 64 * 1024;

/**
 * Decodes the first `limit` bytes (for sniffing; a character cut at the limit is left out), or the
 * whole file when it is no longer. Invalid sequences are rejected, never replaced.
 */
export function decode(bytes: Uint8Array, detected: Detected, limit?: number): string {
  const whole = limit === undefined || bytes.length <= detected.bomLength + limit;
  const end = whole ? bytes.length : detected.bomLength + limit;
  let text = '';
  for (const chunk of decodeChunks(bytes.subarray(0, end), detected, whole)) text += chunk;
  return text;
}

/**
 * The text of the file after its byte-order mark, in chunks of about `DECODE_CHUNK_BYTES`.
 * `complete` false: the bytes are a prefix, so a character cut at their end is left out instead of
 * being an error.
 */
export function* decodeChunks(bytes: Uint8Array, detected: Detected, complete = true): Generator<string> {
  const { encoding, bomLength } = detected;
  let body = bytes.subarray(bomLength);
  if (encoding !== 'utf-8' && body.length % 2 === 1) {
    if (complete) fail(`The file is UTF-16 but has an odd number of bytes (${bytes.length}): it looks truncated.`);
    body = body.subarray(0, body.length - 1);
  }
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  const failure = () => {
    if (encoding === 'utf-8') {
      const at = bomLength + invalidUtf8Offset(body);
      return fail(
        `The file is not valid UTF-8 (invalid byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')} at byte ${at + 1}; Latin-1 or Windows-1252 text?); ${ADVICE}.`,
      );
    }
    return fail(
      `The file starts with a ${encoding === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE'} byte-order mark but is not valid UTF-16 (unpaired surrogate); ${ADVICE}.`,
    );
  };
  for (let offset = 0; offset < body.length; offset += DECODE_CHUNK_BYTES) {
    const last = offset + DECODE_CHUNK_BYTES >= body.length;
    let text: string;
    try {
      text = decoder.decode(body.subarray(offset, offset + DECODE_CHUNK_BYTES), { stream: !(last && complete) });
    } catch {
      return failure();
    }
    if (text !== '') yield text;
  }
}

/** The offset of the first byte that breaks UTF-8 (only called once decoding failed). */
function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    if (i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    const b1 = bytes[i + 1] ?? 0;
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f) || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return i;
    i += length;
  }
  return Math.max(0, bytes.length - 1);
}
