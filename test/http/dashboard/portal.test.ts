import { describe, expect, it } from 'vitest';
import { Api, expectError, type TestContext, type Value } from '../../helper.js';
import { jobParams, newJob, worldPerFile, type World } from '../jobs/fixture.js';
import { apiWithRole, signedInSupplierPerson } from '../portal/fixture.js';

/**
 * GET /v2/dashboard/portal (docs/dashboard.md#the-supplier-portal): the offers the suppliers have
 * not answered and the work they marked done that waits for review, over outsourcings in every
 * portal state; the same answer for every role; another account's work never counted.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const ok = async (reply: Promise<{ status: number; body: any }>) => {
  const answered = await reply;
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  return answered.body;
};

/** A job outsourced to the supplier, its portal set as given: the job and the outsourcing's id. */
async function outsourced(supplierId: string, name: string, portal: Record<string, Value> = { enabled: true, confirm: true }) {
  const job = await newJob(t.api, jobParams(w, w.service.Translation!, { name, dueDate: '2030-03-01T12:00:00Z' }));
  const made = await ok(t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: supplierId }));
  const id = made.outsourcing.at(-1).id as string;
  await ok(t.api.put(`/v2/jobs/${job.id}/outsourcing/${id}/portal`, portal, { json: true }));
  return { jobId: job.id as string, id };
}

describe('GET /v2/dashboard/portal', () => {
  it('answers the offers waiting (the longest first, never sent last) and the deliveries to check, nothing else', async () => {
    const empty = await ok(t.api.get('/v2/dashboard/portal'));
    expect(empty).toEqual({ object: 'dashboard_portal', offersWaiting: { count: 0, first: [] }, deliveriesToCheck: { count: 0, first: [] } });

    const s = await signedInSupplierPerson(t.app, t.api, 'Portal Dash Supplier');
    const base = (jobId: string, id: string) => `/v2/jobs/${jobId}/outsourcing/${id}/portal`;
    // Asked by the settings only: pending, never sent.
    const quiet = await outsourced(s.supplierId, 'Quiet offer');
    const first = await outsourced(s.supplierId, 'First offer');
    await ok(t.api.post(`${base(first.jobId, first.id)}/send`, {}));
    const second = await outsourced(s.supplierId, 'Second offer');
    await ok(t.api.post(`${base(second.jobId, second.id)}/send`, {}));
    // Answered, withdrawn, cancelled: not waiting.
    const accepted = await outsourced(s.supplierId, 'Accepted offer');
    await ok(t.api.post(`${base(accepted.jobId, accepted.id)}/accept`, {}));
    const withdrawn = await outsourced(s.supplierId, 'Withdrawn offer');
    await ok(t.api.post(`${base(withdrawn.jobId, withdrawn.id)}/withdraw`, {}));
    const cancelled = await outsourced(s.supplierId, 'Cancelled offer');
    await ok(t.api.put(`/v2/jobs/${cancelled.jobId}/outsourcing/${cancelled.id}`, { status: 5 }));
    // Done by the supplier: to be reviewed until the agency moves the status.
    const delivered = await outsourced(s.supplierId, 'Delivered work', { enabled: true });
    expect((await s.browser.request('POST', `/v2/portal/work/${delivered.id}/done`)).status).toBe(200);
    const reviewed = await outsourced(s.supplierId, 'Reviewed work', { enabled: true });
    expect((await s.browser.request('POST', `/v2/portal/work/${reviewed.id}/done`)).status).toBe(200);
    await ok(t.api.put(`/v2/jobs/${reviewed.jobId}/outsourcing/${reviewed.id}`, { status: 4 }));
    // Another account's pending offer.
    const otherJob = await newJob(t.otherApi, {
      name: 'Other offer',
      client: w.other.client,
      quantity: 10,
      quantityType: w.other.unit,
      service: w.other.service,
    });
    const otherMade = await ok(t.otherApi.post(`/v2/jobs/${otherJob.id}/outsourcing`, { supplier: w.other.supplier }));
    await ok(t.otherApi.put(`/v2/jobs/${otherJob.id}/outsourcing/${otherMade.outsourcing[0].id}/portal`, { enabled: true, confirm: true }, { json: true }));

    const answer = await ok(t.api.get('/v2/dashboard/portal'));
    const supplier = { id: s.supplierId, name: 'Portal Dash Supplier' };
    const work = (of: { jobId: string; id: string }, name: string, dates: { sentDate?: unknown; doneDate?: unknown }) => ({
      id: of.id,
      name,
      job: { id: of.jobId, name },
      supplier,
      // The outsourcing's own due date (a day before the job's, by default).
      dueDate: '2030-02-28T12:00:00.000Z',
      sentDate: dates.sentDate ?? null,
      doneDate: dates.doneDate ?? null,
    });
    const date = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(answer.offersWaiting).toEqual({
      count: 3,
      first: [work(first, 'First offer', { sentDate: date }), work(second, 'Second offer', { sentDate: date }), work(quiet, 'Quiet offer', {})],
    });
    expect(answer.offersWaiting.first[0].sentDate <= answer.offersWaiting.first[1].sentDate).toBe(true);
    expect(answer.deliveriesToCheck).toEqual({ count: 1, first: [work(delivered, 'Delivered work', { doneDate: date })] });

    // The other account sees its own offer only.
    const other = await ok(t.otherApi.get('/v2/dashboard/portal'));
    expect(other.offersWaiting.count).toBe(1);
    expect(other.offersWaiting.first[0].job.name).toBe('Other offer');
    expect(other.deliveriesToCheck).toEqual({ count: 0, first: [] });

    // Every role, and a read-only key, reads the same answer (names and dates, no amount).
    for (const role of ['admin', 'manager', 'finance', 'viewer'] as const)
      expect(await ok((await apiWithRole(t, role)).get('/v2/dashboard/portal'))).toEqual(answer);
    expect(await ok(new Api(t.app, t.account.readKey).get('/v2/dashboard/portal'))).toEqual(answer);
  });

  it('400 for a query parameter, 401 without credentials', async () => {
    const bad = await t.api.get('/v2/dashboard/portal?extra=1');
    expect(expectError(bad, 400, 'parameter_unknown').details).toEqual([{ param: 'extra', message: expect.any(String) }]);
    expectError(await new Api(t.app, undefined).get('/v2/dashboard/portal'), 401, 'unauthorized');
  });
});
