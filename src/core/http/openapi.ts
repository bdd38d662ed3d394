import { ErrorCodes, statusName, type ErrorCode } from '../errors.js';
import { LIST_FORMAT_MARK } from '../schemas.js';
import { shareNamedSchemas } from './openapi-components.js';
import { operationIdOf } from './operation-ids.js';

/**
 * The OpenAPI document as a client generator needs it, derived in this one place from what
 * @fastify/swagger builds out of the route schemas:
 * - every operation gets its `operationId` (operation-ids.ts);
 * - the error statuses each operation can answer (errorStatuses), each with the error body whose
 *   `code` lists the codes of that status, instead of one generic `4XX`;
 * - binary answers (downloads, PDFs) under their own media type instead of JSON, with the
 *   `Range` headers and the 206, 304 and 416 answers where a route answers ranges;
 * - only the error answers some operation declares (not 405: it answers a method a path lacks);
 * - the named objects (TypeBox `title`) met more than once as shared schemas (openapi-components.ts);
 * - multipart request bodies with the file part, for the routes that take uploads;
 * - the CSV answer (`text/csv`, `Content-Disposition`) of the paginated listings, which take
 *   `format=csv` (core/http/csv-export.ts).
 */

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access --
   the document @fastify/swagger builds is untyped JSON, walked here by its shape; typing each level would add casts, not checks. */
type Json = Record<string, any>;

/** What a route declares for its multipart body (route schema key `x-multipart`). */
export interface MultipartDoc {
  /** What the part `file` holds. */
  file: string;
  /** True when the part `file` must be there (an import may name a stored file instead). */
  required: boolean;
  /** The text fields besides the file (a TypeBox object), if any. */
  fields?: Json;
}

/** Operations that change nothing even though their method writes: they cannot conflict (409). */
const STORES_NOTHING = new Set(['parseCatAnalysis']);
/** Reads that refuse a record's state (409): an invoice's e-invoice while it is a draft or lacks identity data. */
const READS_WITH_CONFLICTS = new Set(['getInvoiceUbl', 'getClientPortalInvoiceUbl']);

/** Operations on something the account may not have (no path parameter names it): 404 when it has none. */
const MAY_BE_ABSENT = new Set([
  'getAccountLogo',
  'deleteAccountLogo',
  'getPortalAgencyLogo',
  'getAccountRequestTermsPdf',
  'deleteAccountRequestTermsPdf',
  'getPortalClientRequestTermsPdf',
]);
/** Operations whose body names the caller's records (a supplier invoice's purchase orders): 404 for one that is not theirs. */
const BODY_NAMES_RECORDS = new Set(['submitPortalInvoice']);

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

export interface OperationShape {
  method: string;
  operationId: string;
  /** The path has parameters (ids of records): a missing or malformed one answers 404. */
  hasPathParameters: boolean;
  /** The operation answers nothing but revenue or margins (`x-financial-only`): 403 when they are hidden from the caller. */
  financialOnly?: boolean;
  /** An operation of the client portal (/v2/portal/client/): 403 to a supplier's person, and to a client's person without its permission. */
  clientPortal?: boolean;
}

/**
 * The error statuses an operation can answer, from its shape:
 * - 400 always: unknown query parameters are refused everywhere, bodies and paths are validated;
 * - 401 always (no or wrong API key) and 429 always (the per-key rate limit, when configured);
 * - 403 on writes (a role that may not write there, a read-only key; reads are every role's), and
 *   on the reads that are nothing but revenue or margins (`x-financial-only`: the account's setting
 *   may hide them from the caller, docs/access.md#revenue-and-margins), and on every operation of
 *   the client portal (a supplier's person, a permission missing: docs/client-portal.md#routes);
 * - 404 with path parameters (a record that does not exist or belongs to another account), and
 *   on what the account may not have (MAY_BE_ABSENT: its logo), and on the records a body names
 *   (BODY_NAMES_RECORDS: the purchase orders of a supplier invoice);
 * - 409 on writes that store something (unique values, records still in use, status rules), and on
 *   the few reads of READS_WITH_CONFLICTS;
 * - 413 and 415 on writes: a body is read on every POST, PUT and DELETE, whether the operation
 *   declares one or not (size limit, media types);
 * - 500 always: the database or the file storage can fail (`internal_error`, never for bad input).
 * 405 is never the answer of a documented operation: it answers a method a path does not have.
 */
export function errorStatuses(operation: OperationShape): number[] {
  const write = WRITES.has(operation.method);
  const statuses = [400, 401];
  if (write || operation.financialOnly === true || operation.clientPortal === true) statuses.push(403);
  if (operation.hasPathParameters || MAY_BE_ABSENT.has(operation.operationId) || BODY_NAMES_RECORDS.has(operation.operationId)) statuses.push(404);
  if ((write && !STORES_NOTHING.has(operation.operationId)) || READS_WITH_CONFLICTS.has(operation.operationId)) statuses.push(409);
  if (write) statuses.push(413, 415);
  statuses.push(429, 500);
  return statuses;
}

/** The error codes answered with a status. */
export function codesOf(status: number): ErrorCode[] {
  return (Object.keys(ErrorCodes) as ErrorCode[]).filter((code) => ErrorCodes[code] === status);
}

const ERROR_STATUSES = [...new Set<number>(Object.values(ErrorCodes))];

const ERROR_HEADERS: Record<number, Json> = {
  401: { 'WWW-Authenticate': { description: 'the authentication schemes (Basic)', schema: { type: 'string' } } },
  416: { 'Content-Range': { description: '`bytes */size`: the size of the content', schema: { type: 'string' } } },
  429: { 'Retry-After': { description: 'seconds until the window of the rate limit resets', schema: { type: 'integer' } } },
};

/** The error body: `code` is one of the listed codes; `details` names the parameters at fault. */
function errorComponents(): { schemas: Json; responses: Json } {
  const schemas: Json = {
    Error: {
      type: 'object',
      description: 'The body of every error answer.',
      required: ['message', 'name', 'code', 'id'],
      properties: {
        message: { type: 'string', description: 'what went wrong, for people' },
        name: { type: 'string', description: 'the name of the HTTP status (`NotFound`, …)' },
        code: { type: 'string', enum: Object.keys(ErrorCodes), description: 'what went wrong, for programs' },
        id: { type: 'string', description: 'the request id (also in the X-Request-Id header)' },
        details: {
          type: 'array',
          description: 'one entry per parameter at fault',
          items: { type: 'object', required: ['param', 'message'], properties: { param: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  };
  const responses: Json = {};
  for (const status of ERROR_STATUSES) {
    const codes = codesOf(status);
    responses[statusName(status)] = {
      description: `${statusName(status)}: ${codes.map((code) => `\`${code}\``).join(', ')}`,
      ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }] },
        },
      },
    };
  }
  return { schemas, responses };
}

/** Descriptions of success answers whose route schema gives none. */
const SUCCESS: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'No content' };

const RANGE_PARAMETERS = [
  {
    in: 'header',
    name: 'Range',
    required: false,
    description: 'one byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`); several ranges answer the whole content',
    schema: { type: 'string' },
  },
  {
    in: 'header',
    name: 'If-Range',
    required: false,
    description: 'the ETag the range is meant for; another tag answers the whole content',
    schema: { type: 'string' },
  },
  { in: 'header', name: 'If-None-Match', required: false, description: 'ETags the caller has; a match answers 304', schema: { type: 'string' } },
];

const CONTENT_HEADERS: Json = {
  ETag: { description: 'the SHA-256 of the content', schema: { type: 'string' } },
  'Accept-Ranges': { schema: { type: 'string', enum: ['bytes'] } },
  'Content-Disposition': { schema: { type: 'string' } },
};

/** Binary answers: declared with format `binary` (and `contentMediaType` when known) in the route schema. */
function refineBinaryResponses(operation: Json): void {
  const responses = operation.responses as Json;
  for (const response of Object.values(responses)) {
    const schema = response.content?.['application/json']?.schema;
    if (!schema || schema.type !== 'string' || schema.format !== 'binary') continue;
    const mediaType = schema.contentMediaType ?? 'application/octet-stream';
    const { contentMediaType: _mediaType, ...binary } = schema;
    response.content = { [mediaType]: { schema: binary } };
  }
  if (!responses['206']) return;
  // A route that answers ranges (files/download.ts): Range, If-Range and If-None-Match, 304 and 416.
  operation.parameters = [...(operation.parameters ?? []), ...RANGE_PARAMETERS];
  responses['200'].headers = { ...CONTENT_HEADERS };
  responses['206'].headers = { ...CONTENT_HEADERS, 'Content-Range': { description: '`bytes first-last/size`', schema: { type: 'string' } } };
  responses['304'] = { description: "Not modified: If-None-Match names the content's ETag", headers: { ETag: CONTENT_HEADERS.ETag } };
  responses['416'] = { $ref: `#/components/responses/${statusName(416)}` };
}

/** The multipart body of an upload: the part `file` (binary) and the route's text fields. */
function refineMultipart(operation: Json): void {
  const multipart = operation['x-multipart'] as MultipartDoc | undefined;
  if (!multipart) return;
  delete operation['x-multipart'];
  const fields = multipart.fields ?? {};
  const schema = {
    type: 'object',
    properties: { file: { type: 'string', format: 'binary', description: multipart.file }, ...(fields.properties ?? {}) },
    ...(multipart.required ? { required: ['file', ...(fields.required ?? [])] } : fields.required ? { required: fields.required } : {}),
  };
  const content = (operation.requestBody?.content ?? {}) as Json;
  operation.requestBody = {
    required: true,
    content: {
      'multipart/form-data': { schema, encoding: { file: { contentType: 'application/octet-stream' } } },
      ...withoutKey(content, 'multipart/form-data'),
    },
  };
}

/** A paginated listing (its `format` parameter, core/schemas.ts ListFormat): its 200 is JSON, or CSV with `format=csv`. */
function refineCsvExport(operation: Json): void {
  const format = (operation.parameters ?? []).find((parameter: Json) => parameter.in === 'query' && parameter.name === 'format');
  if (!format?.schema?.[LIST_FORMAT_MARK]) return;
  const ok = operation.responses['200'];
  ok.description = 'A page (JSON), or with `format=csv` every row as a CSV file (docs/reference.md#csv-export)';
  ok.content = {
    ...ok.content,
    'text/csv': {
      schema: { type: 'string', description: "UTF-8 with a byte-order mark, a header row, CRLF line ends; formula-like text cells start with `'`" },
    },
  };
  ok.headers = { 'Content-Disposition': { description: 'with `format=csv`: `attachment; filename="<listing>-<date>.csv"`', schema: { type: 'string' } } };
}

function withoutKey(record: Json, key: string): Json {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/** Applies the refinements above to the document @fastify/swagger built (changed in place and answered). */
export function refineDocument(document: Json): Json {
  const components = errorComponents();
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...components.schemas },
    responses: { ...document.components?.responses, ...components.responses },
  };
  for (const [path, item] of Object.entries(document.paths as Json)) {
    const methods = new Set(METHODS.filter((method) => item[method]).map((method) => method.toUpperCase()));
    for (const method of METHODS) {
      if (!item[method]) continue;
      // A route of several methods (GET and HEAD of a download) shares one object between them.
      const operation = (item[method] = structuredClone(item[method])) as Json;
      operation.operationId = operationIdOf(method, path, methods);
      refineMultipart(operation);
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        if (response.description === 'Default Response') response.description = SUCCESS[status] ?? response.description;
      }
      refineBinaryResponses(operation);
      refineCsvExport(operation);
      delete operation.responses['4XX'];
      const statuses = errorStatuses({
        method,
        operationId: operation.operationId,
        hasPathParameters: (operation.parameters ?? []).some((parameter: Json) => parameter.in === 'path'),
        financialOnly: operation['x-financial-only'] === true,
        clientPortal: path.startsWith('/v2/portal/client/'),
      });
      for (const status of statuses) operation.responses[String(status)] = { $ref: `#/components/responses/${statusName(status)}` };
    }
  }
  // 405 answers a method a path does not have: no operation declares it (its code stays in the enum).
  const answered = new Set(JSON.stringify(document.paths).match(/#\/components\/responses\/\w+/g));
  document.components.responses = Object.fromEntries(
    Object.entries(document.components.responses as Json).filter(([name]) => answered.has(`#/components/responses/${name}`)),
  );
  return shareNamedSchemas(document);
}
