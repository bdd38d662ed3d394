import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { FILE_FORMAT_MARK } from '../../../src/core/schemas.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { buildWorld, openApiRoutes, urlFor, type Route, type World } from '../../reliability/world.js';

/**
 * `format=csv` on every paginated listing (docs/reference.md#csv-export), generated over the
 * OpenAPI document: each operation with the `format` parameter answers the same rows as its JSON
 * pages, in the same order, as CSV with a header of the items' fields; the document declares the
 * CSV answer; another account's export holds none of them.
 */
let t: TestContext;
let w: World;
let listings: Route[];
let document: any;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t, t.api);
  // Paginated listings: `page` and `format` (the reports take a `format` of their own, and no page).
  listings = (await openApiRoutes(t.app)).filter((route) => route.method === 'GET' && route.query.includes('format') && route.query.includes('page'));
  document = (await t.api.get('/v2/openapi.json')).body;
});
afterAll(() => t.close());

/** The listing whose export is not derived from its JSON items (docs/jobs.md#csv-export). */
const SPREADSHEET_EXPORT = '/v2/jobs';

const rowsOf = (bytes: Buffer): Array<Record<string, string>> => parse(bytes, { bom: true, columns: true });

/** A JSON scalar as its cell: text that a spreadsheet would run gets a leading `'` (core/csv.ts). */
const cellOf = (value: string | number | boolean) => (typeof value === 'string' && /^[=+\-@\t\r＝＋－＠]/.test(value) ? `'${value}` : String(value));

describe('format=csv on every paginated listing', () => {
  it('is taken by exactly the paginated listings', () => {
    const paths = listings.map((route) => route.path);
    expect(paths.sort()).toEqual([
      '/v2/account/exchange-rates',
      '/v2/account/prices/clients',
      '/v2/account/prices/suppliers',
      '/v2/clients',
      '/v2/events',
      '/v2/groups',
      '/v2/invoices',
      '/v2/jobs',
      '/v2/purchase-orders',
      '/v2/quotes',
      '/v2/requests',
      '/v2/supplier-invoices',
      '/v2/suppliers',
      '/v2/webhooks',
      '/v2/webhooks/{id}/deliveries',
    ]);
  });

  it('answers the rows of the JSON pages, in their order, as CSV with a header of the fields', async () => {
    for (const route of listings) {
      const url = urlFor(w, route);
      const pages: Array<Record<string, unknown>> = [];
      for (let page = 1; ; page += 1) {
        const reply = await t.api.get(url, { page, pageSize: 100, sort: 'createdAt', direction: 'asc' });
        expect(reply.status, url).toBe(200);
        pages.push(...reply.body.items);
        if (!reply.body.hasNextPage) break;
      }
      expect(pages.length, `${url}: the world has a row`).toBeGreaterThan(0);
      const csv = await t.api.get(url, { format: 'csv', sort: 'createdAt', direction: 'asc' });
      expect(csv.status, url).toBe(200);
      expect(csv.headers['content-type'], url).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition'], url).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = rowsOf(csv.raw.rawPayload);
      expect(
        rows.map((row) => row.id),
        url,
      ).toEqual(pages.map((item) => item.id));
      // The jobs' file has columns of its own, made for a spreadsheet (test/http/jobs/export-csv.test.ts).
      if (route.path === SPREADSHEET_EXPORT) continue;
      // Every field of the items has its column (nested objects as `a.b`), and scalar cells are the JSON values.
      const header = Object.keys(rows[0]!);
      rows.forEach((row, index) => {
        for (const [key, value] of Object.entries(pages[index]!)) {
          expect(
            header.some((name) => name === key || name.startsWith(`${key}.`)),
            `${url} ${key}`,
          ).toBe(true);
          if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') expect(row[key], `${url} ${key}`).toBe(cellOf(value));
          if (Array.isArray(value)) expect(JSON.parse(row[key]!), `${url} ${key}`).toEqual(value);
        }
      });
    }
  });

  it('answers 400 naming format for another format', async () => {
    for (const route of listings) {
      const error = expectError(await t.api.get(urlFor(w, route), { format: 'xml' }), 400, 'parameter_invalid');
      expect(error.details?.map((detail) => detail.param)).toEqual(['format']);
    }
  });

  it("holds only the caller's rows", async () => {
    for (const route of listings) {
      const url = urlFor(w, route);
      const mine = new Set(rowsOf((await t.api.get(url, { format: 'csv' })).raw.rawPayload).map((row) => row.id));
      const reply = await t.otherApi.get(url, { format: 'csv' });
      if (route.params.length > 0) {
        // Another account's record in the path: 404, as for the JSON listing.
        expectError(reply, 404, 'resource_missing');
        continue;
      }
      expect(reply.status, url).toBe(200);
      const theirs = rowsOf(reply.raw.rawPayload).map((row) => row.id);
      expect(
        theirs.filter((id) => mine.has(id)),
        url,
      ).toEqual([]);
    }
  });

  it('is declared in the OpenAPI document: text/csv beside JSON, with Content-Disposition', () => {
    for (const route of listings) {
      const ok = document.paths[route.path].get.responses['200'];
      expect(Object.keys(ok.content).sort(), route.path).toEqual(['application/json', 'text/csv']);
      expect(ok.headers['Content-Disposition'], route.path).toBeDefined();
    }
    // The reports answer CSV too, as files of their own (test/http/reports): not listings. Their
    // `format` carries the mark saying so; any other GET answering CSV fails here.
    const answersOwnFiles = (operation: any) =>
      (operation.parameters ?? []).some((parameter: any) => parameter.in === 'query' && parameter.name === 'format' && parameter.schema?.[FILE_FORMAT_MARK]);
    const others = Object.entries<any>(document.paths).filter(
      ([path, item]) => item.get && !answersOwnFiles(item.get) && !listings.some((route) => route.path === path),
    );
    for (const [path, item] of others) expect(Object.keys(item.get.responses['200']?.content ?? {}), path).not.toContain('text/csv');
  });
});
