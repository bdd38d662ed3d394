import { LIMITS } from '../api/limits.gen';

/**
 * Reading a list's address (docs/console.md#list-pages): the parts every list has. What cannot be
 * read is dropped, never an error; what the address need not say (the first page, the default
 * page size) is left out.
 */

/** A whole number of at least 1 (`2` or `'2'`, as the router or a hand-written address gives it). */
export function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}

/** The page shown: 2 and on (the first is left unsaid). */
export function pageOf(value: unknown): number | undefined {
  const page = positiveInteger(value);
  return page !== undefined && page > 1 ? page : undefined;
}

/** The page size: one of those offered, other than the default (left unsaid). */
export function pageSizeOf(value: unknown, offered: readonly number[], defaultSize: number): number | undefined {
  const pageSize = positiveInteger(value);
  return pageSize !== undefined && offered.includes(pageSize) && pageSize !== defaultSize ? pageSize : undefined;
}

/** The search text as typed: not blank, at most the API's length of a text. */
export function searchTextOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, LIMITS.text) : undefined;
}
