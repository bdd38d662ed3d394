import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createTestApp, type TestContext } from '../../helper.js';

/**
 * A client can be generated from the document: openapi-typescript (what the web console uses, with
 * openapi-fetch) turns it into types without an error, and so does @hey-api/openapi-ts into a whole
 * SDK (a function per operation); code written against either compiles under `strict` — with the
 * operation names, error codes, shared objects, uploads and PDFs typed.
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

const compile = (file: string, lib?: string[]): string[] => {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
    ...(lib ? { lib } : {}),
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
};

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
export const job: components['schemas']['Job']['object'] = 'job';
export const range416: Json<operations['downloadJobFile']['responses'][416]>['code'] = 'range_not_satisfiable';
`;

it('openapi-typescript generates types from the document, and a client compiles against them', async () => {
  const document = (await t.api.withKey(undefined).get('/v2/openapi.json')).body;
  const source = astToString(await openapiTS(document));
  expect(source).toContain('listJobs: {');
  writeFileSync(join(folder, 'api.ts'), source);
  writeFileSync(join(folder, 'client.ts'), CLIENT);
  expect(compile(join(folder, 'client.ts'))).toEqual([]);
}, 120_000);

const HEY_API_CLIENT = `
import { client } from './sdk/client.gen.js';
import { createJob, downloadJobFile, getJob, listJobs, uploadJobFile } from './sdk/index.js';
import type { GetJobErrors, Job, ListJobsResponses, Note } from './sdk/index.js';

client.setConfig({ baseUrl: 'http://127.0.0.1:8080', auth: () => 'key' });

export async function use(): Promise<void> {
  const page: ListJobsResponses[200] | undefined = (await listJobs({ query: { page: 2, pageSize: 50 } })).data;
  const first: Job | undefined = page?.items[0];
  const notes: Note[] = first?.notes ?? [];
  const answer = await getJob({ path: { id: first?.id ?? '' } });
  if (answer.error) {
    const code: GetJobErrors[keyof GetJobErrors]['code'] = answer.error.code;
    void code;
  }
  const id = '0123456789abcdef01234567';
  await createJob({ body: { name: 'Translation', client: id, service: id, quantityType: id, quantity: 1200 } });
  await uploadJobFile({ path: { id }, body: { file: new Blob(['text']) } });
  await downloadJobFile({ path: { id, fileId: id }, headers: { Range: 'bytes=0-99' } });
  // @ts-expect-error not an error code of a 404
  const wrong: GetJobErrors[404]['code'] = 'resource_exists';
  void [notes, wrong];
}
`;

it('@hey-api/openapi-ts generates an SDK from the document, and a client compiles against it', async () => {
  const document = (await t.api.withKey(undefined).get('/v2/openapi.json')).body;
  writeFileSync(join(folder, 'openapi.json'), JSON.stringify(document));
  await createClient({
    input: join(folder, 'openapi.json'),
    output: { path: join(folder, 'sdk'), tsConfigPath: null },
    logs: { level: 'silent', file: false },
  });
  writeFileSync(join(folder, 'hey-client.ts'), HEY_API_CLIENT);
  // The SDK's fetch client needs the DOM's fetch, URL and FormData types.
  expect(compile(join(folder, 'hey-client.ts'), ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'])).toEqual([]);
}, 180_000);
