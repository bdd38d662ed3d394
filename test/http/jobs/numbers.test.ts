import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatJobNumber } from '../../../src/modules/jobs/numbering.js';
import { expectError, type Api, type TestContext } from '../../helper.js';
import { worldPerFile, type World } from './fixture.js';

/** docs/jobs.md#job-numbers: `J-<year>-<NNNN>` per account and year of creation, consecutive, unique under concurrency. */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));
afterEach(() => vi.useRealTimers());

const create = (api: Api, params: Record<string, unknown>) => api.post('/v2/jobs', { name: 'Numbered', quantity: 10, ...params });
const ours = (name = 'Numbered') => create(t.api, { name, client: w.client.acme, quantityType: w.unit.Words, service: w.service.Translation });
const theirs = () => create(t.otherApi, { client: w.other.client, quantityType: w.other.unit, service: w.other.service });
const numberOf = async (reply: Promise<{ status: number; body: any }>) => {
  const answer = await reply;
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.number as string;
};
/** The sequence part of a number. */
const seq = (number: string) => Number(number.split('-')[2]);
const year = () => new Date().getUTCFullYear();

describe('job numbers', () => {
  it('are given at creation, consecutive per account, and each account has its own series', async () => {
    const first = await numberOf(ours());
    expect(first).toMatch(new RegExp(`^J-${year()}-\\d{4}$`));
    const second = await numberOf(ours());
    const third = await numberOf(ours());
    expect([seq(second), seq(third)]).toEqual([seq(first) + 1, seq(first) + 2]);
    // The other account's series is its own: its first job is 0001, whatever this account has.
    expect(await numberOf(theirs())).toBe(`J-${year()}-0001`);
    expect(seq(await numberOf(ours()))).toBe(seq(first) + 3);
  });

  it('a deleted job keeps its number out of use: the next job takes the one after', async () => {
    const made = (await ours()).body;
    expect((await t.api.delete(`/v2/jobs/${made.id}`)).status).toBe(204);
    expect(seq(await numberOf(ours()))).toBe(seq(made.number) + 1);
  });

  it('start again at 0001 in a new year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-12-31T23:59:58.000Z'));
    const december = await numberOf(ours());
    expect(december).toBe('J-2031-0001');
    expect(await numberOf(ours())).toBe('J-2031-0002');
    vi.setSystemTime(new Date('2032-01-01T00:00:01.000Z'));
    expect(await numberOf(ours())).toBe('J-2032-0001');
    expect(await numberOf(ours())).toBe('J-2032-0002');
  });

  it('20 creations at once get 20 distinct, consecutive numbers', async () => {
    const before = seq(await numberOf(ours()));
    const numbers = await Promise.all(Array.from({ length: 20 }, (_, i) => numberOf(ours(`Concurrent ${i}`))));
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.map(seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
  });

  it('are read-only: refused as a parameter of creation and update (400 parameter_unknown)', async () => {
    expectError(
      await t.api.post('/v2/jobs', { name: 'x', client: w.client.acme, quantityType: w.unit.Words, service: w.service.Translation, number: 'J-1-1' }),
      400,
      'parameter_unknown',
    );
    const job = (await ours()).body;
    expectError(await t.api.put(`/v2/jobs/${job.id}`, { number: 'J-2000-0001' }), 400, 'parameter_unknown');
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.number).toBe(job.number);
    // Other updates keep it.
    expect((await t.api.put(`/v2/jobs/${job.id}`, { name: 'Renamed', purchaseOrder: 'PO-1' })).body.number).toBe(job.number);
  });

  it('are found by the `q` filter (whole or in part, any case), shown in the listing and the CSV export', async () => {
    const job = (await ours('Searched by number')).body;
    const found = async (q: string) =>
      ((await t.api.get('/v2/jobs', { q, pageSize: 100 })).body.items as Array<{ id: string; number: string }>).map((item) => item.id);
    expect(await found(job.number)).toEqual([job.id]);
    expect(await found(job.number.toLowerCase())).toEqual([job.id]);
    // Renamed, it is still found by its number.
    await t.api.put(`/v2/jobs/${job.id}`, { name: 'Renamed again', externalReference: 'EXT' });
    expect(await found(job.number)).toEqual([job.id]);
    const listed = (await t.api.get('/v2/jobs', { q: job.number })).body.items[0];
    expect(listed.number).toBe(job.number);
    const csv = await t.api.get('/v2/jobs', { format: 'csv', q: job.number });
    const rows: Array<Record<string, string>> = parse((csv as unknown as { raw: { rawPayload: Buffer } }).raw.rawPayload, { bom: true, columns: true });
    expect(rows.map((row) => [row.id, row.number, row.name])).toEqual([[job.id, job.number, 'Renamed again']]);
    // Another account's number is not found.
    const other = (await theirs()).body;
    expect(await found(other.number)).not.toContain(other.id);
  });

  it('have at least four digits', () => {
    expect(formatJobNumber(2026, 1)).toBe('J-2026-0001');
    expect(formatJobNumber(2026, 9999)).toBe('J-2026-9999');
    expect(formatJobNumber(2026, 10000)).toBe('J-2026-10000');
  });
});
