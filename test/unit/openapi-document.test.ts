import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codesOf, errorStatuses, refineDocument } from '../../src/core/http/openapi.js';
import { componentName, shareNamedSchemas } from '../../src/core/http/openapi-components.js';
import { operationIdOf, ruleOperationId, singular } from '../../src/core/http/operation-ids.js';

const methods = (...list: string[]) => new Set(list);

describe('the operationId rule', () => {
  it('names the usual shapes', () => {
    const crud = methods('GET', 'PUT', 'DELETE');
    expect(ruleOperationId('GET', '/v2/jobs', methods('GET', 'POST'))).toBe('listJobs');
    expect(ruleOperationId('POST', '/v2/jobs', methods('GET', 'POST'))).toBe('createJob');
    expect(ruleOperationId('GET', '/v2/jobs/{id}', crud)).toBe('getJob');
    expect(ruleOperationId('PUT', '/v2/jobs/{id}', crud)).toBe('updateJob');
    expect(ruleOperationId('DELETE', '/v2/jobs/{id}', crud)).toBe('deleteJob');
    expect(ruleOperationId('PUT', '/v2/jobs/{id}/price', methods('PUT'))).toBe('updateJobPrice');
    expect(ruleOperationId('GET', '/v2/jobs/{id}/prices', methods('GET'))).toBe('listJobPrices');
    expect(ruleOperationId('POST', '/v2/jobs/{id}/labels/{labelId}', methods('POST', 'DELETE'))).toBe('addJobLabel');
    expect(ruleOperationId('DELETE', '/v2/jobs/{id}/labels/{labelId}', methods('POST', 'DELETE'))).toBe('removeJobLabel');
    expect(ruleOperationId('DELETE', '/v2/jobs/{id}/notes/{noteId}', methods('PUT', 'DELETE'))).toBe('deleteJobNote');
    expect(ruleOperationId('POST', '/v2/suppliers/{id}/unavailabilities', methods('GET', 'POST'))).toBe('createSupplierUnavailability');
    expect(ruleOperationId('GET', '/v2/account/taxes', methods('GET', 'POST'))).toBe('listAccountTaxes');
    expect(ruleOperationId('GET', '/v2/account/prices/clients', methods('GET', 'POST'))).toBe('listAccountClientPrices');
    expect(ruleOperationId('GET', '/v2/account', methods('GET', 'PUT'))).toBe('getAccount');
    expect(ruleOperationId('GET', '/v2/invoices/{id}/pdf', methods('GET'))).toBe('getInvoicePdf');
    expect(ruleOperationId('POST', '/v2/quotes/{id}/accept', methods('POST'))).toBe('acceptQuote');
    expect(ruleOperationId('POST', '/v2/cat-analysis/parse', methods('POST'))).toBe('parseCatAnalysis');
    expect(ruleOperationId('POST', '/v2/jobs/{id}/cat-analysis', methods('POST'))).toBe('importJobCatAnalysis');
    expect(ruleOperationId('GET', '/v2/jobs/{id}/files/{fileId}/download', methods('GET', 'HEAD'))).toBe('downloadJobFile');
    expect(ruleOperationId('HEAD', '/v2/jobs/{id}/files/{fileId}/download', methods('GET', 'HEAD'))).toBe('headJobFile');
    expect(ruleOperationId('PUT', '/v2/jobs/{id}/files/{fileId}/share/with/{outsourcingId}', methods('PUT', 'DELETE'))).toBe('shareJobFileWithOutsourcing');
    expect(ruleOperationId('DELETE', '/v2/clients/{id}/files/{fileId}/share/with-jobs', methods('PUT', 'DELETE'))).toBe('unshareClientFileWithJobs');
  });

  it('takes an override where the rule reads badly', () => {
    expect(ruleOperationId('GET', '/v2/users/me', methods('GET'))).toBe('getUserMe');
    expect(operationIdOf('GET', '/v2/users/me', methods('GET'))).toBe('getCurrentUser');
  });

  it('singularises the plural segments of the API', () => {
    expect(['jobs', 'taxes', 'matches', 'unavailabilities', 'prices', 'services', 'analysis', 'outsourcing', 'status'].map(singular)).toEqual([
      'job',
      'tax',
      'match',
      'unavailability',
      'price',
      'service',
      'analysis',
      'outsourcing',
      'status',
    ]);
  });

  it('always gives an identifier, and different names to a collection, its records and their verbs (property)', () => {
    const word = fc.constantFrom('jobs', 'clients', 'notes', 'labels', 'price', 'files', 'quantity-types', 'account');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
        const collection = `/v2/${words.join('/{x}/')}`;
        const record = `${collection}/{y}`;
        const names = [
          ruleOperationId('GET', collection, methods('GET', 'POST')),
          ruleOperationId('POST', collection, methods('GET', 'POST')),
          ruleOperationId('GET', record, methods('GET', 'PUT', 'DELETE')),
          ruleOperationId('PUT', record, methods('GET', 'PUT', 'DELETE')),
          ruleOperationId('DELETE', record, methods('GET', 'PUT', 'DELETE')),
        ];
        for (const name of names) expect(name).toMatch(/^[a-z]+[A-Z][A-Za-z]*$/);
        expect(new Set(names.slice(1)).size).toBe(4);
      }),
    );
  });
});

describe('the error statuses of an operation', () => {
  it('follow from the method and the path parameters', () => {
    expect(errorStatuses({ method: 'get', operationId: 'listJobs', hasPathParameters: false })).toEqual([400, 401, 429, 500]);
    expect(errorStatuses({ method: 'get', operationId: 'getJob', hasPathParameters: true })).toEqual([400, 401, 404, 429, 500]);
    expect(errorStatuses({ method: 'post', operationId: 'createJob', hasPathParameters: false })).toEqual([400, 401, 403, 409, 413, 415, 429, 500]);
    expect(errorStatuses({ method: 'delete', operationId: 'deleteJob', hasPathParameters: true })).toEqual([400, 401, 403, 404, 409, 413, 415, 429, 500]);
    expect(errorStatuses({ method: 'post', operationId: 'parseCatAnalysis', hasPathParameters: false })).toEqual([400, 401, 403, 413, 415, 429, 500]);
    // The account's logo may be absent: 404 without a path parameter.
    expect(errorStatuses({ method: 'get', operationId: 'getAccountLogo', hasPathParameters: false })).toEqual([400, 401, 404, 429, 500]);
    expect(errorStatuses({ method: 'get', operationId: 'getClientPortalJob', hasPathParameters: true, clientPortal: true })).toEqual([
      400, 401, 403, 404, 429, 500,
    ]);
    expect(errorStatuses({ method: 'get', operationId: 'listClientPortalQuotes', hasPathParameters: false, clientPortal: true })).toEqual([
      400, 401, 403, 429, 500,
    ]);
    expect(errorStatuses({ method: 'delete', operationId: 'deleteAccountLogo', hasPathParameters: false })).toEqual([
      400, 401, 403, 404, 409, 413, 415, 429, 500,
    ]);
    expect(errorStatuses({ method: 'put', operationId: 'updateAccountLogo', hasPathParameters: false })).toEqual([400, 401, 403, 409, 413, 415, 429, 500]);
  });

  it('each status lists its codes', () => {
    expect(codesOf(400)).toEqual(['parameter_missing', 'parameter_invalid', 'parameter_unknown', 'body_invalid']);
    expect(codesOf(409)).toEqual([
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
    expect(codesOf(405)).toEqual(['method_not_allowed']);
  });

  it('replace the generic 4XX of a document, once per method of a shared operation object', () => {
    const shared = { parameters: [{ in: 'path', name: 'id' }], responses: { 200: { description: 'Default Response' }, '4XX': { description: 'error' } } };
    const document = refineDocument({ openapi: '3.1.0', paths: { '/v2/things/{id}/download': { get: shared, head: shared } }, components: {} });
    const item = document.paths['/v2/things/{id}/download'];
    expect(item.get.operationId).toBe('downloadThing');
    expect(item.head.operationId).toBe('headThing');
    expect(Object.keys(item.get.responses)).toEqual(['200', '400', '401', '404', '429', '500']);
    expect(item.get.responses['200'].description).toBe('OK');
    expect(item.get.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(document.components.responses.NotFound.description).toBe('NotFound: `resource_missing`, `route_missing`');
    // Only the error answers an operation refers to: neither 403 (no write here) nor 405.
    expect(Object.keys(document.components.responses)).toEqual(['BadRequest', 'Unauthorized', 'NotFound', 'TooManyRequests', 'InternalServerError']);
  });
});

describe('the shared schemas of the document', () => {
  const user = { title: 'User reference', type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
  const note = { title: 'Note', type: 'object', properties: { text: { type: 'string' }, user } };
  const answer = (schema: object) => ({ responses: { 200: { description: 'OK', content: { 'application/json': { schema } } } } });
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('names them after their title', () => {
    expect(['job', 'User reference', 'supplier_service', 'Webhook endpoint with its secret', 'purchaseOrder'].map(componentName)).toEqual([
      'Job',
      'UserReference',
      'SupplierService',
      'WebhookEndpointWithItsSecret',
      'PurchaseOrder',
    ]);
  });

  it('moves a named object met more than once to the components, inner ones first, and leaves the rest inline', () => {
    const lonely = { title: 'lonely', type: 'object', properties: { user } };
    const twoShapes = (extra: string) => ({ title: 'thing', type: 'object', properties: { [extra]: { type: 'string' } } });
    const clash = { title: 'Error', type: 'object', properties: { other: { type: 'string' } } };
    const document = shareNamedSchemas({
      paths: {
        '/notes': { get: answer({ type: 'array', items: note }), post: answer(note) },
        '/lonely': { get: answer(lonely) },
        '/things': { get: answer(twoShapes('a')), post: answer(twoShapes('b')) },
        '/clash': { get: answer(clash), post: answer(clash) },
        // A property called `title` is no name.
        '/titled': {
          get: answer({ type: 'object', properties: { title: { type: 'string' } } }),
          post: answer({ type: 'object', properties: { title: { type: 'string' } } }),
        },
      },
      components: { schemas: { Error: { type: 'object' } } },
    });
    const schema = (path: string, method: string) => document.paths[path][method].responses[200].content['application/json'].schema;
    expect(Object.keys(document.components.schemas)).toEqual(['Error', 'Note', 'UserReference']);
    expect(document.components.schemas.Note).toEqual({ ...note, properties: { ...note.properties, user: ref('UserReference') } });
    expect(document.components.schemas.UserReference).toEqual(user);
    expect(schema('/notes', 'get')).toEqual({ type: 'array', items: ref('Note') });
    expect(schema('/notes', 'post')).toEqual(ref('Note'));
    expect(schema('/lonely', 'get')).toEqual({ ...lonely, properties: { user: ref('UserReference') } });
    expect(schema('/things', 'get')).toEqual(twoShapes('a'));
    expect(schema('/clash', 'get')).toEqual(clash);
    expect(schema('/titled', 'get').properties.title).toEqual({ type: 'string' });
  });

  it('changes no schema: each reference resolved gives back the schema it replaced (property)', () => {
    const resolve = (node: unknown, schemas: Record<string, unknown>): unknown => {
      if (Array.isArray(node)) return node.map((item) => resolve(item, schemas));
      if (node === null || typeof node !== 'object') return node;
      const target = (node as { $ref?: string }).$ref?.replace('#/components/schemas/', '');
      if (target !== undefined) return resolve(schemas[target], schemas);
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, schemas)]));
    };
    const named = fc.constantFrom(user, note, { title: 'tax', type: 'object', properties: { rate: { type: 'number' } } });
    const schema = fc.oneof(
      named,
      named.map((item) => ({ type: 'array', items: item })),
      named.map((item) => ({ type: 'object', properties: { item } })),
    );
    fc.assert(
      fc.property(fc.array(schema, { minLength: 1, maxLength: 6 }), (schemas) => {
        const paths = Object.fromEntries(schemas.map((item, index) => [`/p${index}`, { get: answer(item) }]));
        const document = shareNamedSchemas({ paths: structuredClone(paths) });
        expect(resolve(document.paths, document.components.schemas)).toEqual(paths);
      }),
    );
  });
});
