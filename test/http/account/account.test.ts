import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const EMPTY_ADDRESS = { name: '', street: '', city: '', postalCode: '', state: '', country: null };
const EMPTY_IDENTITY = {
  legalName: '',
  vatNumber: '',
  registrationNumber: '',
  email: '',
  phone: '',
  website: '',
  iban: '',
  bic: '',
  bankName: '',
  documentLanguage: 'en',
  acceptedQuoteJobStatus: 2,
  managersSeeRevenueAndMargins: true,
  suppliersSeeClientName: false,
  requestEmail: '',
  requestTerms: '',
  clientsSeeProgress: true,
  clientsSeeDueDates: true,
  logo: null,
};

describe('GET /v2/account', () => {
  it('answers the settings of a new account with their defaults', async () => {
    const reply = await t.api.get('/v2/account');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: t.account.accountId,
      name: 'Agency One',
      currency: { code: 'EUR', symbol: '€' },
      targetMargin: 0.3,
      invoiceNumberFormat: 'INV-{YYYY}-{SEQ:4}',
      quoteNumberFormat: 'Q-{YYYY}-{SEQ:4}',
      purchaseOrderNumberFormat: 'PO-{YYYY}-{SEQ:4}',
      creditNoteNumberFormat: 'CN-{YYYY}-{SEQ:4}',
      address: EMPTY_ADDRESS,
      ...EMPTY_IDENTITY,
      createdAt: DATE,
      updatedAt: DATE,
    });
  });

  it('answers each caller its own account', async () => {
    expect((await t.otherApi.get('/v2/account')).body).toMatchObject({ id: t.other.accountId, name: 'Agency Two' });
  });
});

describe('PUT /v2/account', () => {
  it('updates every setting with a form body, and records account.updated', async () => {
    const reply = await t.otherApi.put('/v2/account', {
      name: ' Lingua Ltd ',
      currency: 'GBP',
      targetMargin: '0.25',
      invoiceNumberFormat: 'F{YY}{MM}-{SEQ:3}',
      quoteNumberFormat: 'QUO/{YYYY}/{SEQ}',
      purchaseOrderNumberFormat: 'BC-{SEQ:6}',
      creditNoteNumberFormat: 'AV{YY}-{SEQ:3}',
      address: { name: 'Lingua Ltd', street: '1 High Street', city: 'London', postalCode: 'EC1A 1AA', state: '', country: 'gb' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: t.other.accountId,
      name: 'Lingua Ltd',
      currency: { code: 'GBP', symbol: '£' },
      targetMargin: 0.25,
      invoiceNumberFormat: 'F{YY}{MM}-{SEQ:3}',
      quoteNumberFormat: 'QUO/{YYYY}/{SEQ}',
      purchaseOrderNumberFormat: 'BC-{SEQ:6}',
      creditNoteNumberFormat: 'AV{YY}-{SEQ:3}',
      address: { name: 'Lingua Ltd', street: '1 High Street', city: 'London', postalCode: 'EC1A 1AA', state: '', country: 'GB' },
      ...EMPTY_IDENTITY,
      createdAt: DATE,
      updatedAt: DATE,
    });
    expect((await t.otherApi.get('/v2/account')).body).toEqual(reply.body);
    const events = (await t.otherApi.get('/v2/events', { type: 'account.updated' })).body.items;
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual(reply.body);
    // The first account is untouched.
    expect((await t.api.get('/v2/account')).body).toMatchObject({ name: 'Agency One', currency: { code: 'EUR' } });
  });

  it("changes the client portal's settings: the request address, the terms (trimmed), what clients see of their jobs", async () => {
    const reply = await t.otherApi.put(
      '/v2/account',
      {
        requestEmail: 'requests@lingua.example',
        requestTerms: '  Payment within 30 days.\n\nQuotes are valid for 60 days.  ',
        clientsSeeProgress: false,
        clientsSeeDueDates: false,
      },
      { json: true },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      requestEmail: 'requests@lingua.example',
      requestTerms: 'Payment within 30 days.\n\nQuotes are valid for 60 days.',
      clientsSeeProgress: false,
      clientsSeeDueDates: false,
    });
    expect((await t.otherApi.put('/v2/account', { requestEmail: '', clientsSeeProgress: true }, { json: true })).body).toMatchObject({
      requestEmail: '',
      clientsSeeProgress: true,
      clientsSeeDueDates: false,
    });
    expectError(await t.otherApi.put('/v2/account', { requestEmail: 'not an address' }, { json: true }), 400, 'parameter_invalid');
    expectError(await t.otherApi.put('/v2/account', { requestTerms: 'x'.repeat(20001) }, { json: true }), 400, 'parameter_invalid');
    expectError(await t.otherApi.put('/v2/account', { clientsSeeDueDates: 'perhaps' }, { json: true }), 400, 'parameter_invalid');
  });

  it('accepts JSON with native types, and leaves parameters not given unchanged', async () => {
    const before = (await t.api.get('/v2/account')).body;
    const reply = await t.api.put('/v2/account', { targetMargin: 0.4, address: { city: 'Brussels', country: 'BE' } }, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...before, targetMargin: 0.4, address: { ...EMPTY_ADDRESS, city: 'Brussels', country: 'BE' }, updatedAt: DATE });
    // Only the address fields given change; an empty value clears one.
    const street = (await t.api.put('/v2/account', { address: { street: 'Rue Haute 1' } })).body;
    expect(street.address).toEqual({ ...EMPTY_ADDRESS, city: 'Brussels', country: 'BE', street: 'Rue Haute 1' });
    const cleared = (await t.api.put('/v2/account', { address: { country: '' } })).body;
    expect(cleared.address).toEqual({ ...EMPTY_ADDRESS, city: 'Brussels', street: 'Rue Haute 1' });
    expect((await t.api.put('/v2/account', {})).body).toMatchObject({ name: 'Agency One', targetMargin: 0.4 });
  });

  it('keeps targetMargin exact and within 0..1', async () => {
    expect((await t.api.put('/v2/account', { targetMargin: '0.123456' })).body.targetMargin).toBe(0.123456);
    expect((await t.api.put('/v2/account', { targetMargin: 0 })).body.targetMargin).toBe(0);
    expect((await t.api.put('/v2/account', { targetMargin: 1 })).body.targetMargin).toBe(1);
    for (const value of ['-0.1', '1.01', 'abc']) {
      expect(expectError(await t.api.put('/v2/account', { targetMargin: value }), 400, 'parameter_invalid').details?.[0]?.param).toBe('targetMargin');
    }
    expectError(await t.api.put('/v2/account', { targetMargin: '0.3' }, { json: true }), 400, 'parameter_invalid');
  });

  it('validates name and currency', async () => {
    expectError(await t.api.put('/v2/account', { name: '' }), 400, 'parameter_invalid');
    expectError(await t.api.put('/v2/account', { name: '  ' }), 400, 'parameter_invalid');
    expectError(await t.api.put('/v2/account', { name: 'n'.repeat(256) }), 400, 'parameter_invalid');
    const currency = expectError(await t.api.put('/v2/account', { currency: 'EURO' }), 400, 'parameter_invalid');
    expect(currency.details).toEqual([{ param: 'currency', message: 'must be an ISO 4217 currency code (e.g. EUR)' }]);
    expectError(await t.api.put('/v2/account', { currency: 'XYZ' }), 400, 'parameter_invalid');
    expect((await t.api.put('/v2/account', { currency: 'JPY' })).body.currency).toEqual({ code: 'JPY', symbol: '¥' });
    await t.api.put('/v2/account', { currency: 'EUR' });
  });

  it('validates number formats with a message saying what is wrong', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['invoiceNumberFormat', 'INV-{YYYY}', /sequence token/],
      ['quoteNumberFormat', '{SEQ}{SEQ}', /exactly one sequence token/],
      ['purchaseOrderNumberFormat', 'PO-{SEQ:13}', /from 1 to 12/],
      ['creditNoteNumberFormat', 'CN-{YYYY}', /sequence token/],
      ['invoiceNumberFormat', 'INV-{YEAR}-{SEQ}', /unknown token \{YEAR\}/],
      ['invoiceNumberFormat', 'INV-{SEQ', /without a matching/],
      ['invoiceNumberFormat', '', /must not be empty/],
    ];
    for (const [param, format, message] of cases) {
      const error = expectError(await t.api.put('/v2/account', { [param]: format }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
      expect(error.details?.[0]?.message).toMatch(message);
      expect(error.message).toMatch(message);
    }
    const long = expectError(await t.api.put('/v2/account', { invoiceNumberFormat: `${'X'.repeat(60)}{SEQ}` }), 400, 'parameter_invalid');
    expect(long.details?.[0]).toEqual({ param: 'invoiceNumberFormat', message: expect.stringMatching(/64/) });
    expect((await t.api.get('/v2/account')).body.invoiceNumberFormat).toBe('INV-{YYYY}-{SEQ:4}');
  });

  it('validates the address: country code, unknown fields, lengths', async () => {
    const country = expectError(await t.api.put('/v2/account', { address: { country: 'XX' } }), 400, 'parameter_invalid');
    expect(country.details?.[0]?.param).toBe('address[country]');
    expectError(await t.api.put('/v2/account', { address: { country: 'BEL' } }), 400, 'parameter_invalid');
    const unknown = expectError(await t.api.put('/v2/account', { address: { planet: 'Mars' } }), 400, 'parameter_unknown');
    expect(unknown.details?.[0]?.param).toBe('address[planet]');
    expectError(await t.api.put('/v2/account', { address: { city: 'c'.repeat(256) } }), 400, 'parameter_invalid');
    expectError(await t.api.put('/v2/account', { address: 'Main street' }), 400, 'parameter_invalid');
  });

  it('rejects unknown parameters and read-only keys, and writes no event then', async () => {
    const before = (await t.api.get('/v2/events', { type: 'account.updated' })).body.totalItems;
    expectError(await t.api.put('/v2/account', { id: t.other.accountId }), 400, 'parameter_unknown');
    expectError(await t.api.put('/v2/account', { createdAt: '2020-01-01' }), 400, 'parameter_unknown');
    expectError(await t.api.withKey(t.account.readKey).put('/v2/account', { name: 'Read only' }), 403, 'forbidden');
    expect((await t.api.get('/v2/events', { type: 'account.updated' })).body.totalItems).toBe(before);
  });

  it('answers 405 for methods the account does not take', async () => {
    const reply = await t.api.delete('/v2/account');
    expectError(reply, 405, 'method_not_allowed');
    expect(String(reply.headers.allow)).toContain('PUT');
  });
});

describe('the account refuses query parameters', () => {
  for (const path of ['/v2/account']) {
    it(`GET ${path}?sort=name: 400 parameter_unknown naming the parameter (the listing takes none)`, async () => {
      const error = expectError(await t.api.get(`${path}?sort=name`), 400, 'parameter_unknown');
      expect(error.details).toEqual([expect.objectContaining({ param: 'sort' })]);
    });
  }
});
