import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// A real Belgian IBAN (check digits 68) and BIC of the same bank.
const IBAN = 'BE68539007547034';

describe('PUT /v2/account: the identity on documents', () => {
  it('stores every field trimmed, the IBAN in its electronic form and the BIC upper case', async () => {
    const reply = await t.api.put('/v2/account', {
      legalName: ' Agency One SRL ',
      vatNumber: ' BE0123456749 ',
      registrationNumber: '0123.456.749',
      email: 'billing@agency.example',
      phone: '+32 2 123 45 67',
      website: 'https://agency.example',
      iban: ' be68 5390 0754 7034 ',
      bic: 'gebabebb',
      bankName: ' BNP Paribas Fortis ',
      documentLanguage: 'fr',
    });
    expect(reply.status).toBe(200);
    const identity = {
      legalName: 'Agency One SRL',
      vatNumber: 'BE0123456749',
      registrationNumber: '0123.456.749',
      email: 'billing@agency.example',
      phone: '+32 2 123 45 67',
      website: 'https://agency.example',
      iban: IBAN,
      bic: 'GEBABEBB',
      bankName: 'BNP Paribas Fortis',
      documentLanguage: 'fr',
      logo: null,
    };
    expect(reply.body).toMatchObject({ name: 'Agency One', ...identity });
    expect((await t.api.get('/v2/account')).body).toMatchObject(identity);
    // The other account is untouched.
    expect((await t.otherApi.get('/v2/account')).body).toMatchObject({ legalName: '', iban: '', documentLanguage: 'en' });
    // JSON works the same; an empty value clears a field; fields not given stay.
    const cleared = await t.api.put('/v2/account', { iban: '', bic: '', legalName: '', documentLanguage: 'de' }, { json: true });
    expect(cleared.body).toMatchObject({ ...identity, iban: '', bic: '', legalName: '', documentLanguage: 'de' });
    // An 11-character BIC (with a branch).
    expect((await t.api.put('/v2/account', { bic: 'DEUTDEFF500' })).body.bic).toBe('DEUTDEFF500');
  });

  it('refuses an IBAN whose check digits do not match, of the wrong length, or of an unknown country', async () => {
    const cases: Array<[string, RegExp]> = [
      ['BE68539007547035', /check digits/],
      ['BE69539007547034', /check digits/],
      ['BE6853900754703', /wrong length/],
      ['BE685390075470344', /wrong length/],
      ['XX68539007547034', /unknown country/],
      ['BE68-5390-0754-7034', /letters, digits and spaces/],
    ];
    for (const [iban, message] of cases) {
      const error = expectError(await t.api.put('/v2/account', { iban }), 400, 'parameter_invalid');
      expect(error.details).toEqual([{ param: 'iban', message: expect.stringMatching(message) }]);
    }
    expectError(await t.api.put('/v2/account', { iban: 'B'.repeat(65) }), 400, 'parameter_invalid');
  });

  it('refuses a BIC that is not 8 or 11 characters or not of the BIC form', async () => {
    for (const bic of ['GEBABE', 'GEBABEBB1', '1EBABEBB', 'GEBAXXBB']) {
      const error = expectError(await t.api.put('/v2/account', { bic }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('bic');
    }
  });

  it('refuses an unknown document language and a malformed e-mail, and changes nothing then', async () => {
    const before = (await t.api.get('/v2/account')).body;
    for (const documentLanguage of ['xx', 'EN', 'en-GB', 'ja']) {
      const error = expectError(await t.api.put('/v2/account', { documentLanguage }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('documentLanguage');
    }
    for (const email of ['billing', 'billing@', 'a b@example.com']) {
      const error = expectError(await t.api.put('/v2/account', { email, vatNumber: 'changed' }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('email');
    }
    expectError(await t.api.put('/v2/account', { legalName: 'l'.repeat(256) }), 400, 'parameter_invalid');
    expect((await t.api.get('/v2/account')).body).toEqual(before);
  });
});
