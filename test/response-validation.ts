import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { isValidDateInput } from '../src/core/dates.js';
import { isCurrencyCode } from '../src/core/money.js';
import { recordAnswer } from './operation-answers-record.js';

/**
 * The response validation of the test apps: every answer of a documented route must be one the
 * OpenAPI document declares for that operation — a declared status, a declared media type, and
 * for JSON a body that matches the declared schema (AJV). A mismatch fails the request's test
 * (createTestApp's `inject` throws it) and, for requests over a real socket, the closing of the app.
 */
type Json = Record<string, any>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('iso-date', { type: 'string', validate: isValidDateInput });
  ajv.addFormat('currency-code', { type: 'string', validate: isCurrencyCode });
  ajv.addFormat('email-address', { type: 'string', validate: (value: string) => value.includes('@') });
  ajv.addFormat('binary', true);
  return ajv;
}

/** Fastify's `/v2/jobs/:id` as the document writes it: `/v2/jobs/{id}`. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
  /** A HEAD route Fastify added for a GET route (not one the route declared). */
  implicitHead: boolean;
}

export class ResponseValidation {
  readonly routes: RegisteredRoute[] = [];
  private document: Json | undefined;
  private ajv = newAjv();
  private validators = new Map<string, ValidateFunction>();
  private unreported: string[] = [];
  private paused = false;

  /**
   * Stops checking answers until `resume()`. Only for a test that measures how quickly the server
   * answers while it works: the check parses and validates a body synchronously on the server's
   * thread, so a 14 MB answer would hold that thread up for the test's own sake, not the server's.
   */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  /** Called by buildApp before any route is registered. */
  install = (app: FastifyInstance): void => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = route.schema;
      for (const method of methods) {
        // The routes of the app declare HEAD with GET in one method list; a lone HEAD is Fastify's own.
        const implicitHead = method === 'HEAD' && !Array.isArray(route.method);
        this.routes.push({ method, url: route.url, hidden: schema?.hide === true, implicitHead });
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (this.paused) return payload;
      const mismatch = this.check(app, request, reply, payload);
      if (mismatch) this.unreported.push(mismatch);
      return payload;
    });
  };

  /** Throws the mismatches not reported yet (after each injected request, and when the app closes). */
  throwMismatches(): void {
    if (this.unreported.length === 0) return;
    const found = this.unreported.splice(0);
    throw new Error(`The answer does not match the OpenAPI document:\n${found.join('\n')}`);
  }

  private operation(app: FastifyInstance, method: string, url: string): Json | undefined | 'undocumented' {
    this.document ??= app.swagger() as Json;
    const item = this.document.paths?.[openapiPath(url)] as Json | undefined;
    if (!item) return 'undocumented';
    return item[method.toLowerCase()];
  }

  private resolve(value: Json): Json {
    const ref = value.$ref as string | undefined;
    if (!ref) return value;
    const path = ref.replace(/^#\//, '').split('/');
    let target: any = this.document;
    for (const key of path) target = target?.[key];
    return this.resolve(target as Json);
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      if (!this.ajv.getSchema('openapi')) this.ajv.addSchema({ $id: 'openapi', components: this.document!.components }, 'openapi');
      const pointed = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
      validate = this.ajv.compile(pointed);
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** What is wrong with an answer, or undefined when it is one the document declares. */
  check(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown): string | undefined {
    const url = request.routeOptions.url;
    if (url === undefined) return undefined; // no route: 404 route_missing or 405, not an operation's answer
    const operation = this.operation(app, request.method, url);
    if (operation === 'undocumented') return undefined; // hidden routes: /health, the document itself, /docs
    const where = `${request.method} ${url} → ${reply.statusCode}`;
    if (!operation) {
      // HEAD of a GET route: Fastify answers it by itself; the document lists the GET.
      return request.method === 'HEAD' ? undefined : `${where}: the operation is not in the document`;
    }
    // What the whole suite must have seen of each operation: a success and an error (test/operation-answers.ts).
    if (typeof operation.operationId === 'string') recordAnswer(operation.operationId, reply.statusCode);
    const declared = operation.responses?.[String(reply.statusCode)] as Json | undefined;
    if (!declared) return `${where}: status not declared (declared: ${Object.keys(operation.responses ?? {}).join(', ')})`;
    const response = this.resolve(declared);
    const content = response.content as Json | undefined;
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    // 204 and 304 never carry a body (Fastify drops what the route serialised, e.g. `null`).
    const empty =
      reply.statusCode === 204 ||
      reply.statusCode === 304 ||
      payload === undefined ||
      payload === null ||
      payload === '' ||
      (Buffer.isBuffer(payload) && payload.length === 0);
    if (!content) return empty || request.method === 'HEAD' ? undefined : `${where}: a body where none is declared`;
    if (request.method === 'HEAD' || (empty && reply.statusCode !== 200)) return undefined;
    const media = content[type] ?? (content['application/octet-stream']?.schema?.format === 'binary' ? content['application/octet-stream'] : undefined);
    if (!media) return `${where}: content type ${type || '(none)'} not declared (declared: ${Object.keys(content).join(', ')})`;
    if (type !== 'application/json') return undefined; // binary content: the media type is what is declared
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : undefined;
    if (text === undefined) return `${where}: a JSON answer that is not text`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where}: the body is not JSON`;
    }
    const validate = this.validator(`${request.method} ${url} ${reply.statusCode} ${type}`, media.schema ?? {});
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
    return `${where}: ${errors.join('; ')} — body ${text.slice(0, 300)}`;
  }
}
