import { printable } from './text.js';

/** One error-code list, mapped once to HTTP statuses and names (docs/reference.md#errors). */
export const ErrorCodes = {
  parameter_missing: 400,
  parameter_invalid: 400,
  parameter_unknown: 400,
  body_invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  resource_missing: 404,
  route_missing: 404,
  method_not_allowed: 405,
  resource_exists: 409,
  resource_in_use: 409,
  invalid_transition: 409,
  state_conflict: 409,
  document_not_sent: 409,
  no_recipients: 409,
  smtp_not_configured: 409,
  credit_exceeds_invoice: 409,
  group_client_mismatch: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  416: 'RangeNotSatisfiable',
  429: 'TooManyRequests',
  500: 'InternalServerError',
};

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? (status >= 500 ? 'InternalServerError' : 'BadRequest');
}

export interface ErrorDetail {
  param: string;
  message: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;
  constructor(code: ErrorCode, message: string, details?: ErrorDetail[], headers?: Record<string, string>) {
    // No stack: an answer to the request, never logged with one (an unexpected error is logged
    // with its own). Capturing it was most of the cost of a 401.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.statusCode = ErrorCodes[code];
    if (details !== undefined) this.details = details;
    if (headers !== undefined) this.headers = headers;
  }
}

export interface ErrorBody {
  message: string;
  name: string;
  code: ErrorCode;
  id: string;
  details?: ErrorDetail[];
}

/**
 * Bounds of an error body, the last guard behind `excerpt()`: whatever a message quotes, the body
 * stays a few kilobytes (at most MAX_DETAILS details; the rest summed up in one more).
 */
const MAX_MESSAGE_CHARS = 1_000;
const MAX_DETAIL_CHARS = 200;
const MAX_DETAILS = 20;

/** Text as it may appear in an error body: what is not valid text shown as U+FFFD, cut to `max`. */
const bounded = (text: string, max: number): string => excerpt(printable(text), max);

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  const body: ErrorBody = { message: bounded(error.message, MAX_MESSAGE_CHARS), name: statusName(error.statusCode), code: error.code, id: requestId };
  if (error.details && error.details.length > 0) {
    const details = error.details
      .slice(0, MAX_DETAILS)
      .map((detail) => ({ param: bounded(detail.param, MAX_DETAIL_CHARS), message: bounded(detail.message, MAX_DETAIL_CHARS) }));
    const more = error.details.length - MAX_DETAILS;
    if (more > 0) details.push({ param: '…', message: `and ${more} more parameters with errors` });
    body.details = details;
  }
  return body;
}

// Short constructors so services read as sentences.
export const notFound = (what: string, id?: string) => new ApiError('resource_missing', id === undefined ? `${what} not found` : `No ${what} with id ${id}`);

export const invalid = (param: string, message: string) => new ApiError('parameter_invalid', `${param}: ${message}`, [{ param, message }]);

export const missing = (param: string) => new ApiError('parameter_missing', `Missing required parameter: ${param}`, [{ param, message: 'is required' }]);

export const exists = (message: string) => new ApiError('resource_exists', message);

export const inUse = (what: string) =>
  new ApiError('resource_in_use', `${what} is still referenced by other records and cannot be deleted; archive it or set disabled=true instead`);

export const stateConflict = (message: string) => new ApiError('state_conflict', message);

/** How much of a caller's input a message may quote. */
export const EXCERPT_CHARS = 60;

/**
 * The input an error message quotes, cut to a short excerpt: a message must never echo a large
 * value back (a 40 MB attribute would otherwise come back in the error body). The cut never
 * splits a surrogate pair, so the excerpt stays valid text.
 */
export function excerpt(value: string, max: number = EXCERPT_CHARS): string {
  if (value.length <= max) return value;
  let end = max;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}… (${value.length} characters)`;
}
