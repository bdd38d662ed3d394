import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ApiError, excerpt } from '../errors.js';
import { FormError, parseForm } from '../form.js';
import { decodeUtf8, firstInTree, nameOf } from '../text.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * Request bodies (docs/development.md, "Request parsing"): form (the primary form), JSON, and
 * multipart for uploads (registered by the files module). Anything else on a request with a
 * body: 415. Bodies are read as bytes and decoded here (text.ts): malformed UTF-8 is kept as a
 * mark that validation refuses with 400 `parameter_invalid` naming the parameter, instead of
 * being silently replaced.
 */
export const parsingPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('text/plain');

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseForm(decodeUtf8(body as Buffer)));
    } catch (error) {
      if (error instanceof FormError) done(new ApiError('body_invalid', `The form body could not be read: ${error.message}`), undefined);
      else done(error as Error, undefined);
    }
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(decodeUtf8(body as Buffer)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
});

/**
 * Keys that would reach an object's prototype if a body were ever merged into an object: refused
 * wherever they appear (`constructor` only with a `prototype` inside, the one form that is
 * dangerous and the one JSON parsers refuse). Answers the bracket name of the key.
 */
function forbiddenKey(value: unknown): string | undefined {
  return firstInTree(value, (node) => {
    if (node.segment === '__proto__') return nameOf(node);
    const child = node.value;
    if (node.segment === 'constructor' && typeof child === 'object' && child !== null && Object.prototype.hasOwnProperty.call(child, 'prototype'))
      return nameOf(node);
    return undefined;
  });
}

const MAY_HOLD_FORBIDDEN_KEY = /__proto__|constructor|\\u/;

/** A JSON body: an object of parameters. Syntax errors and forbidden keys are 400 `body_invalid`. */
export function parseJsonBody(raw: string): Record<string, unknown> {
  // A byte order mark before the JSON is allowed (as JSON parsers commonly do).
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'malformed';
    throw new ApiError('body_invalid', `The JSON body could not be read: ${excerpt(reason, 200)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('body_invalid', 'The JSON body must be an object of parameters');
  }
  // JSON.parse makes `__proto__` an own property (it never sets the prototype); it is refused all
  // the same, naming where it is, so that no later copy of the body can turn it into one.
  // Only a body that spells one of the keys (or escapes characters) can hold one: skip the walk otherwise.
  const key = MAY_HOLD_FORBIDDEN_KEY.test(text) ? forbiddenKey(value) : undefined;
  if (key !== undefined) {
    const last = /\[([^[\]]*)\]$/.exec(key)?.[1] ?? key;
    const message = `the key "${last}" is not allowed (it could change the prototype of an object)`;
    throw new ApiError('body_invalid', `The JSON body could not be read: ${excerpt(key)}: ${message}`, [{ param: excerpt(key), message }]);
  }
  return value as Record<string, unknown>;
}

const QUERY_ERROR: unique symbol = Symbol('query-error');

/**
 * The query string parser: the same bracket notation as form bodies; errors surface as 400.
 * (Node refuses raw non-ASCII bytes in the request target as malformed HTTP, so a query's bytes
 * arrive percent-encoded, and are decoded as in a form body.)
 */
export function parseQuery(text: string): Record<string, unknown> {
  try {
    return parseForm(text);
  } catch (error) {
    const invalid: Record<string | symbol, unknown> = {};
    Object.defineProperty(invalid, QUERY_ERROR, { value: error instanceof Error ? error.message : 'malformed query string' });
    return invalid;
  }
}

export const queryErrorPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const message = (request.query as Record<symbol, unknown> | undefined)?.[QUERY_ERROR];
    if (typeof message === 'string') throw new ApiError('parameter_invalid', `The query string could not be read: ${message}`);
  });
});
