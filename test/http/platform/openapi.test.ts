import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ErrorCodes } from '../../../src/core/errors.js';
import { createTestApp, type TestContext } from '../../helper.js';
import { openapiPath } from '../../response-validation.js';
import { OPERATION_IDS } from './openapi-operation-ids.js';

/**
 * The OpenAPI document (`GET /v2/openapi.json`) as a client generator reads it: valid, complete,
 * named, with the error answers, uploads and downloads each operation really has. That every answer
 * of the suite matches it is checked by the test apps themselves (test/response-validation.ts).
 */
let t: TestContext;
let document: any;
beforeAll(async () => {
  t = await createTestApp();
  const reply = await t.api.withKey(undefined).get('/v2/openapi.json');
  expect(reply.status).toBe(200);
  document = reply.body;
});
afterAll(() => t.close());

type Operation = { method: string; path: string; operation: any };
const operations = (): Operation[] =>
  Object.entries<any>(document.paths).flatMap(([path, item]) =>
    ['get', 'head', 'post', 'put', 'patch', 'delete'].filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
  );
const resolve = (value: any): any =>
  value?.$ref
    ? resolve(
        value.$ref
          .slice(2)
          .split('/')
          .reduce((node: any, key: string) => node[key], document),
      )
    : value;

describe('the document', () => {
  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route the app registers (but the hidden ones and the HEAD twins of GET routes)', () => {
    const registered = t.responses.routes.filter((route) => !route.hidden && !route.implicitHead && route.url.startsWith('/v2/'));
    expect(registered.length).toBeGreaterThan(200);
    const documented = new Set(operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    const missing = registered.map((route) => `${route.method} ${openapiPath(route.url)}`).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    expect(documented.size).toBe(new Set(registered.map((route) => `${route.method} ${route.url}`)).size);
  });

  it('gives every operation the operationId of the pinned list (unique, readable)', () => {
    const actual = Object.fromEntries(operations().map(({ method, path, operation }) => [`${method.toUpperCase()} ${path}`, operation.operationId]));
    expect(actual).toEqual(OPERATION_IDS);
    const ids = Object.values(actual);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it('has no generic 4XX answer: each error status an operation answers, as a reference to the error body', () => {
    for (const { method, path, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, `${method} ${path}`).not.toContain('4XX');
      const write = method !== 'get' && method !== 'head';
      const errors = ['400', '401'];
      // The reports that are nothing but revenue or margins: 403 when the account hides them from the caller (docs/access.md#revenue-and-margins).
      const financialOnly = ['getMarginsReport', 'getReceivablesReport'].includes(operation.operationId);
      expect(operation['x-financial-only'] === true, `${method} ${path} x-financial-only`).toBe(financialOnly);
      // The client portal: a supplier's person, or a client's person without the permission, is refused (403) on reads too.
      if (write || financialOnly || path.startsWith('/v2/portal/client/')) errors.push('403');
      // The account's logo and request terms PDF may be absent: 404 without a path parameter.
      const mayBeAbsent = [
        'getAccountLogo',
        'deleteAccountLogo',
        'getPortalAgencyLogo',
        'getAccountRequestTermsPdf',
        'deleteAccountRequestTermsPdf',
        'getPortalClientRequestTermsPdf',
      ].includes(operation.operationId);
      // A supplier invoice's purchase orders, named in its body: 404 for one that is not the supplier's.
      const namesRecords = operation.operationId === 'submitPortalInvoice';
      if (mayBeAbsent || namesRecords || operation.parameters?.some((parameter: any) => parameter.in === 'path')) errors.push('404');
      if ((write && operation.operationId !== 'parseCatAnalysis') || ['getInvoiceUbl', 'getClientPortalInvoiceUbl'].includes(operation.operationId))
        errors.push('409');
      if (write) errors.push('413', '415');
      errors.push('429', '500');
      // Downloads of files (the portal's: …/files/{fileId}/content) answer 416 for a range outside the content.
      const ranges = path.endsWith('/download') || path.endsWith('/files/{fileId}/content') ? ['416'] : [];
      expect(statuses.filter((status) => Number(status) >= 400).sort(), `${method} ${path}`).toEqual([...errors, ...ranges].sort());
      for (const status of statuses.filter((status) => Number(status) >= 400)) {
        expect(operation.responses[status].$ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/responses\//);
      }
    }
  });

  it('lists the error codes in the error body, and per status the codes of that status', () => {
    const error = document.components.schemas.Error;
    expect(error.required).toEqual(['message', 'name', 'code', 'id']);
    expect(error.properties.code.enum).toEqual(Object.keys(ErrorCodes));
    const notFound = resolve({ $ref: '#/components/responses/NotFound' });
    expect(notFound.description).toBe('NotFound: `resource_missing`, `route_missing`');
    expect(notFound.content['application/json'].schema.allOf[1].properties.code.enum).toEqual(['resource_missing', 'route_missing']);
    const conflict = resolve({ $ref: '#/components/responses/Conflict' });
    expect(conflict.content['application/json'].schema.allOf[1].properties.code.enum).toEqual([
      'resource_exists',
      'resource_in_use',
      'invalid_transition',
      'state_conflict',
      'document_not_sent',
      'no_recipients',
      'smtp_not_configured',
      'credit_exceeds_invoice',
      'group_client_mismatch',
    ]);
    expect(resolve({ $ref: '#/components/responses/TooManyRequests' }).headers['Retry-After']).toBeDefined();
    expect(resolve({ $ref: '#/components/responses/Unauthorized' }).headers['WWW-Authenticate']).toBeDefined();
    const range = resolve({ $ref: '#/components/responses/RangeNotSatisfiable' });
    expect(range.content['application/json'].schema.allOf[1].properties.code.enum).toEqual(['range_not_satisfiable']);
    expect(range.headers['Content-Range']).toBeDefined();
  });

  it('declares only the error answers some operation refers to (no 405: it answers a method a path lacks)', () => {
    const referred = new Set(JSON.stringify(document.paths).match(/#\/components\/responses\/\w+/g));
    expect(Object.keys(document.components.responses).sort()).toEqual([...referred].map((ref) => ref.split('/').pop()).sort());
    expect(document.components.responses.MethodNotAllowed).toBeUndefined();
  });

  it('names its server (the one answering it) and its licence', () => {
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('holds each named object once, as a shared schema the operations refer to', () => {
    const shared = document.components.schemas;
    expect(Object.keys(shared)).toEqual(
      expect.arrayContaining(['Job', 'Group', 'Invoice', 'Quote', 'PurchaseOrder', 'Client', 'Supplier', 'Note', 'UserReference']),
    );
    expect(shared.Job).toMatchObject({ title: 'job', type: 'object' });
    expect(shared.Job.properties.outsourcing.items).toEqual({ $ref: '#/components/schemas/Outsourcing' });
    expect(shared.Client.properties.notes.items).toEqual({ $ref: '#/components/schemas/Note' });
    expect(document.paths['/v2/jobs/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Job' });
    expect(document.paths['/v2/jobs'].get.responses['200'].content['application/json'].schema.properties.items.items).toEqual({
      $ref: '#/components/schemas/Job',
    });
    // No named object is left inline in an operation once it is shared.
    const inline = JSON.stringify(document.paths).match(/"title":"(job|invoice|group|Note|User reference)"/g);
    expect(inline).toBeNull();
  });

  it('has no two paths that one request could match (same method, and a static segment an id could be)', () => {
    // The check Redocly's no-ambiguous-paths makes (turned off in redocly.yaml), with the methods and the ids' pattern.
    const segments = (path: string) => path.split('/');
    const idPattern = (path: string, method: string, name: string): RegExp | undefined => {
      const parameter = document.paths[path][method].parameters?.find((candidate: any) => candidate.in === 'path' && candidate.name === name);
      return parameter?.schema?.pattern ? new RegExp(parameter.schema.pattern) : undefined;
    };
    const fits = (path: string, method: string, template: string, segment: string): boolean => {
      const variable = /^\{(.+)\}$/.exec(template)?.[1];
      if (variable === undefined) return template === segment;
      if (/^\{.+\}$/.test(segment)) return true;
      return idPattern(path, method, variable)?.test(segment) ?? true;
    };
    const ambiguous: string[] = [];
    const all = operations();
    for (const [index, a] of all.entries()) {
      for (const b of all.slice(index + 1)) {
        if (a.method !== b.method || a.path === b.path) continue;
        const [sa, sb] = [segments(a.path), segments(b.path)];
        if (sa.length !== sb.length) continue;
        if (sa.every((segment, at) => fits(a.path, a.method, segment, sb[at]!) && fits(b.path, b.method, sb[at]!, segment))) {
          ambiguous.push(`${a.method} ${a.path} ~ ${b.path}`);
        }
      }
    }
    expect(ambiguous).toEqual([]);
    // What Redocly reported: two paths of different methods, where `upload` is no id.
    expect(document.paths['/v2/jobs/{id}/files/upload/{outsourcingId}'].get).toBeUndefined();
    expect(idPattern('/v2/jobs/{id}/files/{fileId}/download', 'get', 'fileId')?.test('upload')).toBe(false);
  });

  it('declares the multipart body of every upload: the part `file` (binary) and the text fields', () => {
    const uploads = operations().filter(({ path }) => /\/files\/upload|\/cat-analysis/.test(path));
    expect(uploads.map(({ operation }) => operation.operationId).sort()).toEqual(
      [
        'importJobCatAnalysis',
        'importJobOutsourcingCatAnalysis',
        'parseCatAnalysis',
        'uploadClientFile',
        'uploadGroupFile',
        'uploadGroupFileToOutsourcing',
        'uploadJobFile',
        'uploadJobFileToOutsourcing',
        'uploadSupplierFile',
      ].sort(),
    );
    for (const { path, operation } of uploads) {
      const multipart = operation.requestBody?.content?.['multipart/form-data'];
      expect(multipart, path).toBeDefined();
      expect(multipart.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
      expect(operation.responses['413'], path).toBeDefined();
    }
    const parse = document.paths['/v2/cat-analysis/parse'].post.requestBody.content;
    expect(Object.keys(parse)).toEqual(['multipart/form-data']);
    expect(parse['multipart/form-data'].schema.required).toEqual(['file']);
    expect(parse['multipart/form-data'].schema.properties.catTool.enum).toEqual(['trados', 'memoq', 'phrase']);
    const importing = document.paths['/v2/jobs/{id}/cat-analysis'].post.requestBody.content;
    expect(Object.keys(importing).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(Object.keys(importing['multipart/form-data'].schema.properties)).toEqual(['file', 'fileId', 'catConfiguration', 'targetLanguage']);
    expect(importing['multipart/form-data'].schema.required).toBeUndefined();
  });

  it('declares downloads as binary content with Range, 206, 304 and 416, and PDFs as application/pdf', () => {
    const downloads = operations().filter(({ path }) => path.endsWith('/download'));
    expect(downloads).toHaveLength(10);
    for (const { method, path, operation } of downloads) {
      expect(operation.responses['200'].content['application/octet-stream'].schema, `${method} ${path}`).toMatchObject({ type: 'string', format: 'binary' });
      expect(operation.responses['206'].headers['Content-Range']).toBeDefined();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '206', '304', '416', '404']));
      expect(operation.responses['416']).toEqual({ $ref: '#/components/responses/RangeNotSatisfiable' });
      expect(operation.parameters.filter((parameter: any) => parameter.in === 'header').map((parameter: any) => parameter.name)).toEqual([
        'Range',
        'If-Range',
        'If-None-Match',
      ]);
    }
    for (const kind of ['invoices', 'quotes', 'purchase-orders']) {
      const pdf = document.paths[`/v2/${kind}/{id}/pdf`].get.responses['200'];
      expect(Object.keys(pdf.content)).toEqual(['application/pdf']);
      expect(pdf.content['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
    }
    for (const { operation } of operations()) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const content = resolve(response).content ?? {};
        if (content['application/json']) expect(content['application/json'].schema.format, `${operation.operationId} ${status}`).not.toBe('binary');
      }
    }
  });
});

describe('the response validation of the test apps', () => {
  it('fails a request whose answer does not match the document (a body, a status, a media type)', async () => {
    const other = await createTestApp();
    try {
      const paths = other.app.swagger() as any;
      // The document is built once per app: changing it here changes what this app's answers are checked against.
      paths.paths['/v2/users'].get.responses['200'] = { $ref: '#/components/responses/NotFound' };
      await expect(other.api.get('/v2/users')).rejects.toThrow(/does not match the OpenAPI document[\s\S]*GET \/v2\/users → 200/);
      delete paths.paths['/v2/users/me'].get.responses['401'];
      await expect(other.api.withKey('wrong').get('/v2/users/me')).rejects.toThrow(/GET \/v2\/users\/me → 401: status not declared/);
      const account = paths.paths['/v2/account'].get.responses['200'];
      account.content = { 'application/pdf': account.content['application/json'] };
      await expect(other.api.get('/v2/account')).rejects.toThrow(/GET \/v2\/account → 200: content type application\/json not declared/);
      expect((await other.api.get('/v2/events')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
