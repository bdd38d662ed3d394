import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestContext } from '../../helper.js';
import { statementCounter } from '../../statement-counts.js';
import { docWorld, fixedJob, newInvoice, type DocWorld } from './fixture.js';

/**
 * The SQL statements of rendering a document and of adding a job to one (docs/documents.md, the
 * rendering module): the PDF and the e-invoice are made from one snapshot read once, and a job
 * line reads the job's row, not the whole job object. Counted on SQLite (every better-sqlite3
 * statement run), a lone request each. A change that reads something twice fails here; fewer is
 * better: lower the figure.
 */
let t: TestContext;
let w: DocWorld;
let countOf: ReturnType<typeof statementCounter>;

beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
  await t.api.put('/v2/account', {
    legalName: 'Agency One SRL',
    vatNumber: 'BE0123456749',
    email: 'billing@agency.example',
    address: { street: '5 Agency Road', city: 'Ghent', postalCode: '9000', country: 'BE' },
  });
  await t.api.put(`/v2/clients/${w.client}`, { vatNumber: 'BE0987654321', email: 'ap@acme.example' });
  countOf = statementCounter();
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(usingPostgres)('statements of rendering and of job lines', () => {
  it('GET …/pdf and GET …/ubl of a sent invoice with a job and a free line; POST …/jobs/:jobId', async () => {
    const jobId = await fixedJob(t.api, w, 100);
    const invoice = await newInvoice(t.api, { client: w.client, jobs: [jobId], lines: [{ description: 'Rush fee', quantity: 1, unitCost: 10 }], tax1: w.vat });
    expect((await t.api.post(`/v2/invoices/${invoice.id}/send`)).status).toBe(200);
    await countOf(() => t.api.get(`/v2/invoices/${invoice.id}/pdf`), 14);
    await countOf(() => t.api.get(`/v2/invoices/${invoice.id}/ubl`), 15);

    const draft = await newInvoice(t.api, { client: w.client, lines: [{ description: 'Proofreading', quantity: 1, unitCost: 10 }] });
    const another = await fixedJob(t.api, w, 50);
    await countOf(() => t.api.post(`/v2/invoices/${draft.id}/jobs/${another}`), 35);
  });
});
