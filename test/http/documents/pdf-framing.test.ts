import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { consolePolicy } from '../../../src/modules/console/page.js';
import { docWorld, type DocWorld } from './fixture.js';

/**
 * The console previews a document's PDF in an iframe of its page (docs/documents.md#pdf-documents):
 * the PDF answer lets pages of this origin frame it (and only them), and the console page's policy
 * lets it frame its own origin. JSON answers still refuse any framing.
 */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

describe('framing of PDF documents', () => {
  for (const [path, party] of [
    ['/v2/invoices', 'client'],
    ['/v2/quotes', 'client'],
    ['/v2/purchase-orders', 'supplier'],
  ] as const) {
    it(`${path}/:id/pdf may be framed by this origin only`, async () => {
      const created = await t.api.post(path, { [party]: w[party], lines: [{ description: 'Proofreading', quantity: 2, unitCost: 30 }] });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const pdf = await t.api.get(`${path}/${created.body.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="/);
      expect(pdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
      const json = await t.api.get(`${path}/${created.body.id}`);
      expect(json.headers['x-frame-options']).toBe('DENY');
      expect(json.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  }

  it("the console page may frame its own origin (frame-src 'self') and nothing may frame it", () => {
    const policy = consolePolicy('abc');
    expect(policy).toContain("frame-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/frame-src[^;]*\*/);
  });
});
