import { randomBytes } from 'node:crypto';

/**
 * Identifiers are 24 lowercase hex characters, time-ordered like MongoDB ObjectIds:
 * 4 bytes of seconds, 5 random bytes fixed per process, 3 bytes of a counter.
 */
const processRandom = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export const ID_PATTERN = '^[0-9a-f]{24}$';
const ID_REGEX = /^[0-9a-f]{24}$/;

export function newId(now: number = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000) % 0x100000000;
  return seconds.toString(16).padStart(8, '0') + processRandom + counter.toString(16).padStart(6, '0');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_REGEX.test(value);
}

/** The creation time encoded in an id (seconds precision). */
export function idTimestamp(id: string): Date {
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
