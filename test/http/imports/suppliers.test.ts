import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { keyOfRole, sendCsv } from './fixture.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/imports/suppliers', () => {
  it('dry run, then import; an existing supplier (by name, any case) is updated', async () => {
    const existing = (await t.api.post('/v2/suppliers', { name: 'Marie Dupont' })).body;
    const csv =
      'name;supplierType;email;mobilePhone;rating;timezone;currency\nMARIE DUPONT;;marie@dupont.example;+33 6 12 34 56 78;4.5;Europe/Paris;\nLingua Ltd;company;;;;;GBP\n';
    const dry = await sendCsv(t, 'suppliers', csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.rows).toEqual([
      { row: 1, action: 'update', id: existing.id, label: 'MARIE DUPONT' },
      { row: 2, action: 'create', label: 'Lingua Ltd' },
    ]);
    expect((await t.api.get('/v2/suppliers', { q: 'lingua' })).body.totalItems).toBe(0);
    const real = await sendCsv(t, 'suppliers', csv);
    expect(real.status).toBe(200);
    expect((await t.api.get(`/v2/suppliers/${existing.id}`)).body).toMatchObject({
      email: 'marie@dupont.example',
      mobilePhone: '+33 6 12 34 56 78',
      rating: 4.5,
      timezone: 'Europe/Paris',
    });
    expect((await t.api.get(`/v2/suppliers/${real.body.rows[1].id}`)).body).toMatchObject({
      name: 'Lingua Ltd',
      supplierType: 'company',
      currency: { code: 'GBP' },
    });
  });

  it('reports the service validation (time zone, supplier type, rating) per row and column', async () => {
    const csv = 'name,supplierType,rating,timezone\nA,freelancer,,\nB,,7,\nC,,,Mars/Olympus\n';
    const reply = await sendCsv(t, 'suppliers', csv);
    expectError(reply, 400, 'parameter_invalid');
    expect(reply.body.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [1, 'supplierType'],
      [2, 'rating'],
      [3, 'timezone'],
    ]);
  });

  it('refuses viewers (403) and lets managers import', async () => {
    expect((await sendCsv(t, 'suppliers', 'name\nViewer S\n', { apiKey: await keyOfRole(t, 'viewer') })).status).toBe(403);
    expect((await sendCsv(t, 'suppliers', 'name\nManager S\n', { apiKey: await keyOfRole(t, 'manager') })).status).toBe(200);
  });
});
