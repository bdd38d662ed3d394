import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError } from '../../helper.js';
import { BACKENDS, createFileTestApp, uploadFile, type FileTestContext } from './helper.js';
import { buildWorld, newJobId, newOutsourcing, type World } from './jobs-fixture.js';
import { eventsOf } from '../jobs/fixture.js';

/** Sharing of job files with outsourcing: specification "File sharing flags" and docs/files.md#files-of-jobs-and-groups. */
describe.each(BACKENDS)('job file sharing (%s storage)', (backend) => {
  let t: FileTestContext;
  let w: World;
  const files = (jobId: string) => `/v2/jobs/${jobId}/files`;

  beforeAll(async () => {
    t = await createFileTestApp(backend);
    w = await buildWorld(t);
  });
  afterAll(() => t.close());

  async function scene() {
    const jobId = await newJobId(t.api, w);
    const first = await newOutsourcing(t.api, w, jobId);
    const second = await newOutsourcing(t.api, w, jobId);
    const file = (await uploadFile(t, `/v2/jobs/${jobId}`, 'shared.txt', 'share me')).body;
    return { jobId, first, second, file, url: `${files(jobId)}/${file.id}/share/with` };
  }

  it('sets and unsets shareWithAll (200, the file object), recording job.updated', async () => {
    const { jobId, file, url } = await scene();
    const shared = await t.api.put(`${url}/all`);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ ...file, outsourcing: { shareWithAll: true, sharedWith: [] } });
    expect((await t.api.put(`${url}/all`)).body).toEqual(shared.body);
    expect((await t.api.get(files(jobId))).body).toEqual([shared.body]);
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string; files: unknown[] }>;
    expect(events.filter((event) => event.id === jobId).at(-1)!.files).toEqual([shared.body]);
    const unshared = await t.api.delete(`${url}/all`);
    expect(unshared.status).toBe(200);
    expect(unshared.body).toEqual(file);
    expect((await t.api.get(`/v2/jobs/${jobId}`)).body.files).toEqual([file]);
  });

  it('shares with one outsourcing: the id appears in sharedWith, shareWithAll is left as it is', async () => {
    const { first, second, file, url } = await scene();
    const one = await t.api.put(`${url}/${second}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ...file, outsourcing: { shareWithAll: false, sharedWith: [second] } });
    // Sharing again changes nothing.
    expect((await t.api.put(`${url}/${second}`)).body).toEqual(one.body);
    // Outsourcing in creation order.
    expect((await t.api.put(`${url}/${first}`)).body.outsourcing).toEqual({ shareWithAll: false, sharedWith: [first, second] });
    await t.api.put(`${url}/all`);
    await t.api.delete(`${url}/${first}`);
    await t.api.put(`${url}/all`);
    const kept = await t.api.put(`${url}/${first}`);
    expect(kept.body.outsourcing).toEqual({ shareWithAll: true, sharedWith: [first, second] });
  });

  it('unshares one outsourcing: the id is removed and shareWithAll becomes false', async () => {
    const { first, second, file, url } = await scene();
    await t.api.put(`${url}/${first}`);
    await t.api.put(`${url}/${second}`);
    await t.api.put(`${url}/all`);
    const reply = await t.api.delete(`${url}/${first}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...file, outsourcing: { shareWithAll: false, sharedWith: [second] } });
    // Unsharing one that is not shared: 200, shareWithAll false.
    await t.api.put(`${url}/all`);
    const again = await t.api.delete(`${url}/${first}`);
    expect(again.status).toBe(200);
    expect(again.body.outsourcing).toEqual({ shareWithAll: false, sharedWith: [second] });
    expect((await t.api.delete(`${url}/${second}`)).body).toEqual(file);
  });

  it('answers 404 for an outsourcing of another job, another account, a missing or malformed id', async () => {
    const { jobId, file, url } = await scene();
    const otherJob = await newJobId(t.api, w, 'Other');
    const foreign = await newOutsourcing(t.api, w, otherJob);
    const otherAccountJob = (
      await t.otherApi.post('/v2/jobs', { name: 'Theirs', client: w.other.client, quantity: 1, quantityType: w.other.unit, service: w.other.service })
    ).body.id as string;
    const otherAccount = (await t.otherApi.post(`/v2/jobs/${otherAccountJob}/outsourcing`, { supplier: w.other.supplier })).body.outsourcing[0].id as string;
    for (const id of [foreign, otherAccount, MISSING_ID, 'zz']) {
      expectError(await t.api.put(`${url}/${id}`), 404, 'resource_missing');
      expectError(await t.api.delete(`${url}/${id}`), 404, 'resource_missing');
    }
    expect((await t.api.get(files(jobId))).body).toEqual([file]);
  });

  it('answers 404 to the sharing routes of another account', async () => {
    const { first, url } = await scene();
    expectError(await t.otherApi.put(`${url}/${first}`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`${url}/${first}`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`${url}/all`), 404, 'resource_missing');
  });

  it('drops the shares of a deleted outsourcing', async () => {
    const { jobId, first, second, file, url } = await scene();
    await t.api.put(`${url}/${first}`);
    await t.api.put(`${url}/${second}`);
    const removed = await t.api.delete(`/v2/jobs/${jobId}/outsourcing/${first}`);
    expect(removed.status).toBe(200);
    expect(removed.body.files).toEqual([{ ...file, outsourcing: { shareWithAll: false, sharedWith: [second] } }]);
    expect((await t.api.get(files(jobId))).body[0].outsourcing.sharedWith).toEqual([second]);
    const count = await t.database.db
      .selectFrom('file_outsourcing_shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('outsourcing_id', '=', first)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
