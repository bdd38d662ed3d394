import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { FormError, parseForm } from '../form.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * Request bodies of docs/reference.md#body-formats: form (the primary form), JSON, and multipart for uploads
 * (registered by the files module). Anything else on a request with a body: 415.
 */
export const parsingPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('text/plain');

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseForm(String(body)));
    } catch (error) {
      if (error instanceof FormError) done(new ApiError('body_invalid', `The form body could not be read: ${error.message}`), undefined);
      else done(error as Error, undefined);
    }
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, {});
    parseJson(request, String(body), (error, value) => {
      if (error) return done(new ApiError('body_invalid', `The JSON body could not be read: ${error.message}`), undefined);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return done(new ApiError('body_invalid', 'The JSON body must be an object of parameters'), undefined);
      }
      done(null, value);
    });
  });
});

const QUERY_ERROR: unique symbol = Symbol('query-error');

/** The query string parser: the same bracket notation as form bodies; errors surface as 400. */
export function parseQuery(text: string): Record<string, unknown> {
  try {
    return parseForm(text);
  } catch (error) {
    const invalid: Record<string | symbol, unknown> = {};
    Object.defineProperty(invalid, QUERY_ERROR, { value: error instanceof Error ? error.message : 'malformed query string' });
    return invalid as Record<string, unknown>;
  }
}

export const queryErrorPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const message = (request.query as Record<symbol, unknown> | undefined)?.[QUERY_ERROR];
    if (typeof message === 'string') throw new ApiError('parameter_invalid', `The query string could not be read: ${message}`);
  });
});
