import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, ErrorCodes, excerpt, type ErrorCode } from '../errors.js';
import { isForeignKeyViolation, isUniqueViolation } from '../db/dialect.js';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Fastify's own error codes, translated into ours (docs/reference.md#error-codes). */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body_invalid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body_invalid',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body_invalid',
  FST_ERR_CTP_INVALID_TYPE: 'body_invalid',
  FST_ERR_CTP_EMPTY_TYPE: 'body_invalid',
  FST_ERR_BAD_URL: 'route_missing',
  // A path parameter longer than any identifier: the record cannot exist.
  FST_ERR_MAX_PARAM_LENGTH: 'resource_missing',
  FST_ERR_ASYNC_CONSTRAINT: 'route_missing',
};

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  payload_too_large: 'The request body is larger than the limit',
  unsupported_media_type: 'Send application/x-www-form-urlencoded, application/json or multipart/form-data',
  body_invalid: 'The request body could not be read',
  route_missing: 'No such route',
  resource_missing: 'Resource not found',
};

export function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  if (isUniqueViolation(error)) return new ApiError('resource_exists', 'A record with these values already exists');
  if (isForeignKeyViolation(error)) {
    return new ApiError('resource_in_use', 'The record is still referenced by other records; archive it or set disabled=true instead');
  }
  const fastifyError = error as Partial<FastifyError> & { status?: number; type?: string };
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) {
    const message =
      mapped === 'body_invalid' && fastifyError.message ? `The request body could not be read: ${excerpt(fastifyError.message, 200)}` : MESSAGES[mapped]!;
    return new ApiError(mapped, message);
  }
  // Errors thrown by body parsers (e.g. JSON syntax) carry a 4xx status.
  const status = fastifyError.statusCode ?? fastifyError.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new ApiError('payload_too_large', MESSAGES.payload_too_large!);
    if (status === 415) return new ApiError('unsupported_media_type', MESSAGES.unsupported_media_type!);
    return new ApiError('body_invalid', 'The request could not be read');
  }
  request.log.error({ err: error }, 'unhandled error');
  return new ApiError('internal_error', 'Internal error; the request id identifies it in the server log');
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(ErrorCodes[error.code])
    .type('application/json; charset=utf-8')
    .send(errorBody(error, String(reply.request.id)));
}

/** Error bodies (docs/reference.md#errors) for every failure, 404 `route_missing` and 405 with `Allow`. */
export interface ErrorsOptions {
  /**
   * A page for a browser's navigation that no route serves (the web console's client-side routes):
   * answers it when it wants to, or returns undefined for the 404.
   */
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
}

export const errorsPlugin = fp(async (app: FastifyInstance, options: ErrorsOptions) => {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod)) {
        try {
          router.on(method as HTTPMethod, route.url, () => {});
        } catch {
          // the same path and method registered twice (HEAD routes): already known
        }
      }
    }
  });

  app.setErrorHandler((error, request, reply) => {
    sendError(reply, toApiError(error, request));
  });

  app.setNotFoundHandler((request, reply) => {
    const page = options.pageFallback?.(request, reply);
    if (page !== undefined) return page;
    const path = request.url.split('?')[0] ?? '/';
    // A route of this method matched and found nothing (a missing file under /docs/static/): 404.
    // Only a path that no route of this method serves, but a route of another method does, is 405.
    const served = router.find(request.method as HTTPMethod, path) !== null;
    const allowed = served ? [] : METHODS.filter((method) => method !== request.method && router.find(method, path) !== null);
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendError(reply, new ApiError('method_not_allowed', `${request.method} is not allowed here; allowed: ${allowed.join(', ')}`));
    }
    return sendError(reply, new ApiError('route_missing', `No route ${request.method} ${excerpt(path)}`));
  });
});
