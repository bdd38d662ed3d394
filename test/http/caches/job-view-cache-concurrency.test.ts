import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Api, type TestContext } from '../../helper.js';
import { fresh, newClient, newJob, twoApps, uniq, type TwoApps } from './job-view-cache-fixture.js';

/**
 * The job view cache under concurrent reads and writes (docs/performance.md#the-view-cache-jobs-and-groups): two apps over one database,
 * each with its own cache, read jobs (one by one and by page) while both write them. Whatever the
 * interleaving, once the writes are over every read through either app equals a job built from
 * the database without the cache: a read that built a job while a write committed must not have
 * kept it as current (its version is read before it is built).
 */
let t: TestContext;
let two: TwoApps;
beforeAll(async () => {
  t = await createTestApp();
  two = await twoApps(t);
});
afterAll(async () => {
  await two?.close();
  await t?.close();
});

const ROUNDS = 12;
const JOBS = 5;

async function expectOk(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const answer = await reply;
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  return answer.body;
}

describe('the job view cache under concurrent reads and writes (two apps, one database)', () => {
  it(`after ${ROUNDS} rounds of racing writes and reads, every read equals a fresh build`, async () => {
    const { api1, api2, account } = two;
    const apis: Api[] = [api1, api2];
    const service = (await api1.get('/v2/account/services')).body[0].id;
    const quantityType = (await api1.get('/v2/account/quantity-types')).body[0].id;
    const client = await newClient(api1, { name: uniq('Racing client') });
    const jobs: string[] = [];
    for (let i = 0; i < JOBS; i++) jobs.push((await newJob(api1, { name: `Racing ${i}`, client, quantity: 100 + i, quantityType, service })).id);
    const written = new Map<string, Set<string>>(jobs.map((id, i) => [id, new Set([`Racing ${i}`])]));

    for (let round = 0; round < ROUNDS; round++) {
      const work: Array<Promise<unknown>> = [];
      jobs.forEach((id, j) => {
        const name = `Racing ${j} round ${round}`;
        written.get(id)!.add(name);
        // A write through one app, a note through the other, reads through both, all at once.
        work.push(expectOk(apis[(round + j) % 2]!.put(`/v2/jobs/${id}`, { name, quantity: 100 + round })));
        work.push(apis[(round + j + 1) % 2]!.post(`/v2/jobs/${id}/notes`, { content: `note ${round}` }));
        for (const api of apis) {
          work.push(
            expectOk(api.get(`/v2/jobs/${id}`)).then((job) => {
              // A read during the race shows some state that was written, never an invented one.
              expect(written.get(id)!.has(job.name), job.name).toBe(true);
            }),
          );
        }
      });
      work.push(...apis.map((api) => expectOk(api.get('/v2/jobs', { pageSize: 25 }))));
      if (round % 4 === 3) work.push(expectOk(api1.put(`/v2/clients/${client}`, { name: uniq('Racing client renamed') })));
      await Promise.all(work);

      // Quiet: both apps answer exactly what the database holds, by id and in the listing.
      for (const id of jobs) {
        const built = await fresh(two.t, account, id);
        for (const api of apis) {
          expect((await api.get(`/v2/jobs/${id}`)).body, `round ${round}, job ${id}`).toEqual(built);
          const page = await api.get('/v2/jobs', { pageSize: 25 });
          expect((page.body.items as Array<{ id: string }>).find((item) => item.id === id)).toEqual(built);
        }
      }
    }
  });
});
