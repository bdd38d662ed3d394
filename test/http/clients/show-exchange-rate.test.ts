import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';

/** The client field showExchangeRateOnInvoice (docs/clients-suppliers.md, docs/exchange-rates.md#documents). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('showExchangeRateOnInvoice on POST and PUT /v2/clients', () => {
  it('is false by default, set on creation and update (form and JSON)', async () => {
    const plain = await t.api.post('/v2/clients', { name: 'Plain client' });
    expect(plain.status).toBe(201);
    expect(plain.body.showExchangeRateOnInvoice).toBe(false);
    const showing = await t.api.post('/v2/clients', { name: 'Showing client', currency: 'USD', showExchangeRateOnInvoice: true }, { json: true });
    expect(showing.body.showExchangeRateOnInvoice).toBe(true);
    expect((await t.api.get(`/v2/clients/${showing.body.id}`)).body.showExchangeRateOnInvoice).toBe(true);
    const updated = await t.api.put(`/v2/clients/${plain.body.id}`, { showExchangeRateOnInvoice: 'true' });
    expect(updated.body.showExchangeRateOnInvoice).toBe(true);
    expect((await t.api.put(`/v2/clients/${plain.body.id}`, { showExchangeRateOnInvoice: false }, { json: true })).body.showExchangeRateOnInvoice).toBe(false);
  });

  it('refuses a value that is not a boolean', async () => {
    const error = expectError(await t.api.post('/v2/clients', { name: 'Bad', showExchangeRateOnInvoice: 'maybe' }), 400, 'parameter_invalid');
    expect(error.details![0]!.param).toBe('showExchangeRateOnInvoice');
  });
});
