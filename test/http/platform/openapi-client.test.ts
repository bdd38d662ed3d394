import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createTestApp, type TestContext } from '../../helper.js';

/**
 * A client can be generated from the document: openapi-typescript (what the planned web console
 * uses, with openapi-fetch) turns it into types without an error, and code written against those
 * types compiles under `strict` — with the operation names, error codes, uploads and PDFs typed.
 */
let t: TestContext;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'transdesk-openapi-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

const CLIENT = `
import type { components, operations, paths } from './api.js';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;

export const page: Json<operations['listJobs']['responses'][200]> = {
  items: [], page: 1, pageSize: 20, totalPages: 0, totalItems: 0, hasNextPage: false, hasPreviousPage: false,
};
export const missing: Json<operations['getJob']['responses'][404]>['code'] = 'resource_missing';
// @ts-expect-error a code of another status
export const notMissing: Json<operations['getJob']['responses'][404]>['code'] = 'resource_exists';
// @ts-expect-error not an error code
export const unknown: components['schemas']['Error']['code'] = 'no_such_code';
export const conflict: Json<operations['deleteClient']['responses'][409]>['code'] = 'resource_in_use';
export type Upload = NonNullable<operations['uploadJobFile']['requestBody']>['content']['multipart/form-data'];
export const upload: Upload = { file: 'bytes' };
export const pdf: operations['getInvoicePdf']['responses'][200]['content']['application/pdf'] = '%PDF-';
export const range: operations['downloadJobFile']['parameters']['header'] = { Range: 'bytes=0-99' };
export type PriceUpdate = operations['updateJobPrice'];
export const pathOfJob: keyof paths = '/v2/jobs/{id}';
`;

it('openapi-typescript generates types from the document, and a client compiles against them', async () => {
  const document = (await t.api.withKey(undefined).get('/v2/openapi.json')).body;
  const source = astToString(await openapiTS(document));
  expect(source).toContain('listJobs: {');
  writeFileSync(join(folder, 'api.ts'), source);
  writeFileSync(join(folder, 'client.ts'), CLIENT);
  const program = ts.createProgram([join(folder, 'client.ts')], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  });
  const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(problems).toEqual([]);
}, 120_000);
