import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { DATE, ID, buildWorld, eventsOf, freshJob, ok, secondUser, trackersOf, type World } from './fixture.js';

/** Time trackers of a job (docs/trackers.md, specification "Time trackers of a job"): every answer is the job. */
let t: TestContext;
let w: World;
let owner: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  owner = { id: t.account.userId, name: 'Owner' };
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/jobs/:id/trackers', () => {
  it('adds a stopped entry of the calling user: to = from + duration, billable false by default', async () => {
    const job = await freshJob(t, w);
    const answer = await ok(t.api.post(trackersOf(job.id), { duration: 5_400_000, from: '2025-03-01T09:00:00Z' }));
    const entry = answer.timeTrackers.list[0];
    expect(entry.id).toMatch(ID);
    expect(answer.timeTrackers).toEqual({
      duration: 5_400_000,
      running: false,
      list: [
        { id: entry.id, duration: 5_400_000, billable: false, from: '2025-03-01T09:00:00.000Z', to: '2025-03-01T10:30:00.000Z', running: false, user: owner },
      ],
    });
    expect(answer.updatedAt >= job.updatedAt).toBe(true);
    // The job records job.updated with the answered object; a read answers the same.
    expect((await eventsOf(t, 'job.updated')).at(-1)).toEqual(answer);
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body).toEqual(answer);

    // JSON, billable, a date without time (midnight UTC), an offset; the list is in `from` order.
    const second = await ok(t.api.post(trackersOf(job.id), { duration: 0, from: '2025-02-28', billable: true }, { json: true }));
    const third = await ok(t.api.post(trackersOf(job.id), { duration: 1, from: '2025-03-01T10:00:00+02:00', billable: 'false' }));
    expect(second.timeTrackers.list[0]).toMatchObject({ duration: 0, billable: true, from: '2025-02-28T00:00:00.000Z', to: '2025-02-28T00:00:00.000Z' });
    expect(third.timeTrackers.duration).toBe(5_400_001);
    expect(third.timeTrackers.list.map((item: { from: string }) => item.from)).toEqual([
      '2025-02-28T00:00:00.000Z',
      '2025-03-01T08:00:00.000Z',
      '2025-03-01T09:00:00.000Z',
    ]);
    expect(third.timeTrackers.list[1]).toMatchObject({ duration: 1, billable: false, to: '2025-03-01T08:00:00.001Z' });
  });

  it('refuses missing, negative, fractional, non-numeric durations, bad dates and unknown parameters', async () => {
    const job = await freshJob(t, w);
    const path = trackersOf(job.id);
    const none = expectError(await t.api.post(path, {}), 400, 'parameter_missing');
    expect(none.details?.map((d) => d.param).sort()).toEqual(['duration', 'from']);
    expect(expectError(await t.api.post(path, { from: '2025-03-01' }), 400, 'parameter_missing').details).toEqual([
      { param: 'duration', message: expect.any(String) },
    ]);
    expect(expectError(await t.api.post(path, { duration: 10 }), 400, 'parameter_missing').details).toEqual([{ param: 'from', message: expect.any(String) }]);
    for (const duration of [-1, 1.5, 'abc', '', 1e13]) {
      const error = expectError(await t.api.post(path, { duration, from: '2025-03-01' }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('duration');
    }
    expectError(await t.api.post(path, { duration: '100', from: '2025-03-01' }, { json: true }), 400, 'parameter_invalid');
    for (const from of ['yesterday', '2025-02-30', '2025-13-01', '']) {
      const error = expectError(await t.api.post(path, { duration: 10, from }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('from');
    }
    expectError(await t.api.post(path, { duration: 10, from: '2025-03-01', billable: 'maybe' }), 400, 'parameter_invalid');
    expect(expectError(await t.api.post(path, { duration: 10, from: '2025-03-01', user: owner.id }), 400, 'parameter_unknown').details?.[0]?.param).toBe(
      'user',
    );
    // The end must stay a date the API can write.
    expect(expectError(await t.api.post(path, { duration: 86_400_000, from: '9999-12-31' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('duration');
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.timeTrackers).toEqual({ duration: 0, running: false, list: [] });
  });
});

describe('start and stop', () => {
  it('starts a running entry from now (no `to`); a second start of the same user is 409', async () => {
    const job = await freshJob(t, w);
    const before = new Date().toISOString();
    const answer = await ok(t.api.post(`${trackersOf(job.id)}/start`));
    const after = new Date().toISOString();
    const entry = answer.timeTrackers.list[0];
    expect(answer.timeTrackers).toEqual({
      duration: 0,
      running: true,
      list: [{ id: entry.id, duration: 0, billable: false, from: entry.from, running: true, user: owner }],
    });
    expect(entry).not.toHaveProperty('to');
    expect(entry.from).toMatch(DATE);
    expect(entry.from >= before && entry.from <= after).toBe(true);
    expectError(await t.api.post(`${trackersOf(job.id)}/start`), 409, 'state_conflict');
    expectError(await t.api.post(`${trackersOf(job.id)}/start`, { duration: 5 }), 400, 'parameter_unknown');
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.timeTrackers.list).toHaveLength(1);
  });

  it('stops one entry with a duration (to = from + duration); stopping it again is 409', async () => {
    const job = await freshJob(t, w);
    const started = await ok(t.api.post(`${trackersOf(job.id)}/start`));
    const entry = started.timeTrackers.list[0];
    const stopped = await ok(t.api.put(`${trackersOf(job.id)}/stop/${entry.id}`, { duration: 60_000 }));
    const to = new Date(Date.parse(entry.from) + 60_000).toISOString();
    expect(stopped.timeTrackers).toEqual({ duration: 60_000, running: false, list: [{ ...entry, duration: 60_000, to, running: false }] });
    expectError(await t.api.put(`${trackersOf(job.id)}/stop/${entry.id}`), 409, 'state_conflict');
    // A created entry never runs.
    const created = await ok(t.api.post(trackersOf(job.id), { duration: 10, from: '2020-01-01' }));
    expectError(await t.api.put(`${trackersOf(job.id)}/stop/${created.timeTrackers.list[0].id}`, { duration: 5 }), 409, 'state_conflict');
    // After the stop the user may start again.
    expect((await ok(t.api.post(`${trackersOf(job.id)}/start`))).timeTrackers).toMatchObject({ running: true, duration: 60_010 });
  });

  it('stops one entry without a duration: the elapsed time', async () => {
    const job = await freshJob(t, w);
    // The app runs in this process: its clock is set, so the elapsed time is known to the millisecond.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-02T09:00:00.000Z'));
      const entry = (await ok(t.api.post(`${trackersOf(job.id)}/start`))).timeTrackers.list[0];
      expect(entry.from).toBe('2026-03-02T09:00:00.000Z');
      vi.setSystemTime(new Date('2026-03-02T10:30:15.250Z'));
      const stopped = await ok(t.api.put(`${trackersOf(job.id)}/stop/${entry.id}`));
      expect(stopped.timeTrackers.list[0]).toMatchObject({ duration: 5_415_250, to: '2026-03-02T10:30:15.250Z', running: false });
      expect(stopped.timeTrackers).toMatchObject({ duration: 5_415_250, running: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets several users run their own entries; stop all stops every user’s, with or without a duration', async () => {
    const job = await freshJob(t, w);
    const second = await secondUser(t, 'Tracker colleague');
    await ok(t.api.post(`${trackersOf(job.id)}/start`));
    const both = await ok(second.api.post(`${trackersOf(job.id)}/start`));
    expect(both.timeTrackers.running).toBe(true);
    expect(both.timeTrackers.list.map((e: { user: unknown }) => e.user)).toEqual([owner, { id: second.id, name: second.name }]);
    expectError(await second.api.post(`${trackersOf(job.id)}/start`), 409, 'state_conflict');
    expectError(await t.api.post(`${trackersOf(job.id)}/start`), 409, 'state_conflict');

    const stopped = await ok(t.api.put(`${trackersOf(job.id)}/stop`, { duration: 1_000 }));
    expect(stopped.timeTrackers.duration).toBe(2_000);
    expect(stopped.timeTrackers.running).toBe(false);
    for (const entry of stopped.timeTrackers.list) {
      expect(entry).toMatchObject({ duration: 1_000, running: false, to: new Date(Date.parse(entry.from) + 1_000).toISOString() });
    }
    // Nothing running: the job, unchanged, and no event.
    const events = (await eventsOf(t, 'job.updated')).length;
    const again = await ok(t.api.put(`${trackersOf(job.id)}/stop`, { duration: 5 }));
    expect(again).toEqual(stopped);
    expect((await eventsOf(t, 'job.updated')).length).toBe(events);

    // Without a duration: each entry's elapsed time, from its own start to the one moment of the stop.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-03T08:00:00.000Z'));
      await ok(t.api.post(`${trackersOf(job.id)}/start`));
      vi.setSystemTime(new Date('2026-03-03T08:00:30.000Z'));
      await ok(second.api.post(`${trackersOf(job.id)}/start`));
      vi.setSystemTime(new Date('2026-03-03T09:00:00.000Z'));
      const elapsed = await ok(second.api.put(`${trackersOf(job.id)}/stop`, {}, { json: true }));
      // The list is in the order of `from`: these two started before the real clock's entries above.
      const fresh = elapsed.timeTrackers.list.filter((entry: { from: string }) => entry.from.startsWith('2026-03-03'));
      expect(fresh.map((entry: { duration: number; to: string; running: boolean }) => [entry.duration, entry.to, entry.running])).toEqual([
        [3_600_000, '2026-03-03T09:00:00.000Z', false],
        [3_570_000, '2026-03-03T09:00:00.000Z', false],
      ]);
      expect(elapsed.timeTrackers.duration).toBe(2_000 + 3_600_000 + 3_570_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('validates the stop duration and refuses unknown parameters', async () => {
    const job = await freshJob(t, w);
    const entry = (await ok(t.api.post(`${trackersOf(job.id)}/start`))).timeTrackers.list[0];
    for (const path of [`${trackersOf(job.id)}/stop`, `${trackersOf(job.id)}/stop/${entry.id}`]) {
      for (const duration of [-5, 2.5, 'soon']) expectError(await t.api.put(path, { duration }), 400, 'parameter_invalid');
      expectError(await t.api.put(path, { duration: 5, billable: true }), 400, 'parameter_unknown');
    }
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.timeTrackers.running).toBe(true);
  });
});

describe('PUT and DELETE /v2/jobs/:id/trackers/:trackerId', () => {
  it('updates billable, duration and from of a stopped entry (to follows)', async () => {
    const job = await freshJob(t, w);
    const id = (await ok(t.api.post(trackersOf(job.id), { duration: 60_000, from: '2025-03-01T09:00:00Z' }))).timeTrackers.list[0].id;
    const path = `${trackersOf(job.id)}/${id}`;
    expect((await ok(t.api.put(path, { billable: true }))).timeTrackers.list[0]).toMatchObject({
      billable: true,
      duration: 60_000,
      to: '2025-03-01T09:01:00.000Z',
    });
    const longer = await ok(t.api.put(path, { duration: 7_200_000 }));
    expect(longer.timeTrackers).toEqual({
      duration: 7_200_000,
      running: false,
      list: [{ id, duration: 7_200_000, billable: true, from: '2025-03-01T09:00:00.000Z', to: '2025-03-01T11:00:00.000Z', running: false, user: owner }],
    });
    const moved = await ok(t.api.put(path, { from: '2025-03-02T10:00:00+01:00', billable: false }, { json: true }));
    expect(moved.timeTrackers.list[0]).toMatchObject({
      billable: false,
      from: '2025-03-02T09:00:00.000Z',
      to: '2025-03-02T11:00:00.000Z',
      duration: 7_200_000,
    });
    expect((await eventsOf(t, 'job.updated')).at(-1)).toEqual(moved);
    // An empty update changes nothing in the entry.
    expect((await ok(t.api.put(path, {}))).timeTrackers).toEqual(moved.timeTrackers);
    for (const params of [{ duration: -1 }, { duration: 0.5 }, { from: 'later' }, { billable: 'often' }]) {
      expectError(await t.api.put(path, params), 400, 'parameter_invalid');
    }
    expectError(await t.api.put(path, { running: true }), 400, 'parameter_unknown');
    expectError(await t.api.put(path, { from: '9999-12-31T23:00:00Z' }), 400, 'parameter_invalid');
  });

  it('refuses a new duration for a running entry (409) but takes billable and from', async () => {
    const job = await freshJob(t, w);
    const entry = (await ok(t.api.post(`${trackersOf(job.id)}/start`))).timeTrackers.list[0];
    const path = `${trackersOf(job.id)}/${entry.id}`;
    expectError(await t.api.put(path, { duration: 5_000 }), 409, 'state_conflict');
    expectError(await t.api.put(path, { duration: 5_000, billable: true }), 409, 'state_conflict');
    const changed = await ok(t.api.put(path, { billable: true, from: '2025-03-01T08:00:00Z' }));
    expect(changed.timeTrackers).toEqual({
      duration: 0,
      running: true,
      list: [{ id: entry.id, duration: 0, billable: true, from: '2025-03-01T08:00:00.000Z', running: true, user: owner }],
    });
    // Sending the unchanged duration (0) is not a change.
    expect((await ok(t.api.put(path, { duration: 0 }))).timeTrackers.running).toBe(true);
  });

  it('deletes an entry, running or not, and recomputes the totals; an empty list gives 0 and false', async () => {
    const job = await freshJob(t, w);
    await ok(t.api.post(trackersOf(job.id), { duration: 1_000, from: '2025-03-01' }));
    const two = await ok(t.api.post(trackersOf(job.id), { duration: 2_000, from: '2025-03-02' }));
    const three = await ok(t.api.post(`${trackersOf(job.id)}/start`));
    expect(three.timeTrackers).toMatchObject({ duration: 3_000, running: true });
    const [first, second, running] = three.timeTrackers.list;
    const afterRunning = await ok(t.api.delete(`${trackersOf(job.id)}/${running.id}`));
    expect(afterRunning.timeTrackers).toEqual(two.timeTrackers);
    expect((await eventsOf(t, 'job.updated')).at(-1)).toEqual(afterRunning);
    const afterFirst = await ok(t.api.delete(`${trackersOf(job.id)}/${first.id}`));
    expect(afterFirst.timeTrackers).toEqual({ duration: 2_000, running: false, list: [second] });
    expectError(await t.api.delete(`${trackersOf(job.id)}/${first.id}`), 404, 'resource_missing');
    const empty = await ok(t.api.delete(`${trackersOf(job.id)}/${second.id}`));
    expect(empty.timeTrackers).toEqual({ duration: 0, running: false, list: [] });
  });

  it('goes with its job when the job is deleted', async () => {
    const job = await freshJob(t, w);
    await ok(t.api.post(trackersOf(job.id), { duration: 1_000, from: '2025-03-01' }));
    await ok(t.api.post(`${trackersOf(job.id)}/start`));
    expect((await t.api.delete(`/v2/jobs/${job.id}`)).status).toBe(204);
    expect(await t.database.db.selectFrom('tracker_entries').select('id').where('job_id', '=', job.id).execute()).toEqual([]);
  });
});

describe('404 and the account boundary', () => {
  it('answers 404 for a missing, malformed or another account’s job on every endpoint', async () => {
    const theirs = (
      await t.otherApi.post('/v2/jobs', { name: 'Theirs', client: w.other.client, quantity: 1, quantityType: w.other.unit, service: w.other.service })
    ).body;
    expect(theirs.id).toMatch(ID);
    const calls = (jobId: string) => [
      () => t.api.post(trackersOf(jobId), { duration: 10, from: '2025-03-01' }),
      () => t.api.post(`${trackersOf(jobId)}/start`),
      () => t.api.put(`${trackersOf(jobId)}/stop`, { duration: 10 }),
      () => t.api.put(`${trackersOf(jobId)}/stop/${MISSING_ID}`, { duration: 10 }),
      () => t.api.put(`${trackersOf(jobId)}/${MISSING_ID}`, { billable: true }),
      () => t.api.delete(`${trackersOf(jobId)}/${MISSING_ID}`),
    ];
    for (const jobId of [MISSING_ID, 'not-an-id', theirs.id]) {
      for (const call of calls(jobId)) expectError(await call(), 404, 'resource_missing');
    }
    expect((await t.otherApi.get(`/v2/jobs/${theirs.id}`)).body.timeTrackers).toEqual({ duration: 0, running: false, list: [] });
  });

  it('answers 404 for a missing, malformed, another job’s or another account’s entry', async () => {
    const job = await freshJob(t, w);
    const other = await freshJob(t, w);
    const foreign = (await ok(t.api.post(`${trackersOf(other.id)}/start`))).timeTrackers.list[0].id;
    const theirJob = (
      await t.otherApi.post('/v2/jobs', { name: 'Theirs 2', client: w.other.client, quantity: 1, quantityType: w.other.unit, service: w.other.service })
    ).body;
    const theirs = (await ok(t.otherApi.post(`${trackersOf(theirJob.id)}/start`))).timeTrackers.list[0].id;
    for (const trackerId of [MISSING_ID, 'abc', foreign, theirs]) {
      expectError(await t.api.put(`${trackersOf(job.id)}/stop/${trackerId}`, { duration: 10 }), 404, 'resource_missing');
      expectError(await t.api.put(`${trackersOf(job.id)}/${trackerId}`, { billable: true }), 404, 'resource_missing');
      expectError(await t.api.delete(`${trackersOf(job.id)}/${trackerId}`), 404, 'resource_missing');
    }
    // The other account cannot reach this account's entries through its own job either.
    expectError(await t.otherApi.delete(`${trackersOf(theirJob.id)}/${foreign}`), 404, 'resource_missing');
    // Nothing moved: the foreign entries still run.
    expect((await t.api.get(`/v2/jobs/${other.id}`)).body.timeTrackers).toMatchObject({ running: true, list: [{ id: foreign }] });
    expect((await t.otherApi.get(`/v2/jobs/${theirJob.id}`)).body.timeTrackers).toMatchObject({
      running: true,
      list: [{ id: theirs, user: { id: t.other.userId } }],
    });
    // A read-only key cannot write.
    expectError(await t.api.withKey(t.account.readKey).post(`${trackersOf(job.id)}/start`), 403, 'forbidden');
  });
});
