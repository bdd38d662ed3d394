import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codesOf, errorStatuses, refineDocument } from '../../src/core/http/openapi.js';
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
    expect(errorStatuses({ method: 'delete', operationId: 'deleteAccountLogo', hasPathParameters: false })).toEqual([
      400, 401, 403, 404, 409, 413, 415, 429, 500,
    ]);
    expect(errorStatuses({ method: 'put', operationId: 'updateAccountLogo', hasPathParameters: false })).toEqual([400, 401, 403, 409, 413, 415, 429, 500]);
  });

  it('each status lists its codes', () => {
    expect(codesOf(400)).toEqual(['parameter_missing', 'parameter_invalid', 'parameter_unknown', 'body_invalid']);
    expect(codesOf(409)).toEqual(['resource_exists', 'resource_in_use', 'invalid_transition', 'state_conflict']);
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
  });
});
