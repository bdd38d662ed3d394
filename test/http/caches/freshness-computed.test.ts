import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESHNESS, type ComputedValue } from '../../../src/core/db/freshness.js';
import { createTestApp, type TestContext } from '../../helper.js';
import { buildWorld } from '../prices/fixture.js';
import { colleague, newPrice, newService, ok, outsource, scene, uniq, type World } from './job-view-cache-fixture.js';
import { ACCOUNT_CLIENT_PRICES, jobParams, newJob } from '../jobs/fixture.js';

/**
 * The values the freshness manifest (src/core/db/freshness.ts) says code keeps, not triggers: a
 * job's stored estimation and a group's derived columns. For every input it lists (a table, or a
 * column of one), a write through the API changes that input and the stored value must change
 * with it. Each input needs its case here: a new input of the manifest fails the first test until
 * it has one. Runs on SQLite and PostgreSQL.
 */
let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
});
afterAll(async () => {
  await t.close();
});

const storedEstimation = async (jobId: string) =>
  (await sql<{ estimation: string }>`select estimation from jobs where id = ${jobId}`.execute(t.database.db)).rows[0]!.estimation;
const storedDerived = async (groupId: string) =>
  JSON.stringify(
    (
      await sql`select estimation, status, progress, due_date, due_sort, service_ids, user_ids, supplier_ids from groups where id = ${groupId}`.execute(
        t.database.db,
      )
    ).rows[0],
  );

/** A job of its own with match lines (total 58), and a group holding it. */
async function pricedJob(extra: Record<string, unknown> = {}) {
  const made = await scene(t, w, extra);
  await ok(
    t.api.put(`/v2/jobs/${made.job.id}/price`, {
      matches: [
        { id: w.match['100%'], value: 600 },
        { id: w.match['No match'], value: 400 },
      ],
    }),
  );
  return made;
}
async function groupedJob(groupParams: Record<string, unknown> = {}) {
  const made = await pricedJob();
  const group = (await ok(t.api.post('/v2/groups', { name: uniq('Group'), ...groupParams }), 201)).id as string;
  await ok(t.api.post(`/v2/groups/${group}/jobs/${made.job.id}`));
  return { ...made, group };
}

/** Runs `write` and expects the stored value to differ afterwards. */
async function changes(read: () => Promise<string>, write: () => Promise<unknown>): Promise<void> {
  const before = await read();
  await write();
  expect(await read()).not.toBe(before);
}

const trackers = (jobId: string) => `/v2/jobs/${jobId}/trackers`;

const invoicing = async () => {
  const { job, client } = await pricedJob();
  await changes(
    () => storedEstimation(job.id),
    () => ok(t.api.post('/v2/invoices', { client, jobs: [job.id] }), 201),
  );
};

const JOB_ESTIMATION: Record<string, () => Promise<void>> = {
  jobs: async () => {
    const { job } = await pricedJob();
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.put(`/v2/jobs/${job.id}/price`, { discount: 0.1 })),
    );
  },
  job_matches: async () => {
    const { job } = await pricedJob();
    await changes(
      () => storedEstimation(job.id),
      () =>
        ok(
          t.api.put(`/v2/jobs/${job.id}/price`, {
            matches: [
              { id: w.match['100%'], value: 900 },
              { id: w.match['No match'], value: 100 },
            ],
          }),
        ),
    );
  },
  outsourcing: async () => {
    const { job, supplier } = await pricedJob();
    const { outsourcingId } = await outsource(t, job.id, { supplier, unitCost: 0.05 });
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.put(`/v2/jobs/${job.id}/outsourcing/${outsourcingId}`, { unitCost: 0.07 })),
    );
  },
  // The lines of an outsourcing are written with it: its quantity without lines replaces them.
  outsourcing_matches: async () => {
    const { job, supplier } = await pricedJob();
    const { outsourcingId } = await outsource(t, job.id, { supplier, unitCost: 0.05 });
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.put(`/v2/jobs/${job.id}/outsourcing/${outsourcingId}`, { quantity: 200 })),
    );
  },
  'tracker_entries.duration_ms': async () => {
    const { job } = await pricedJob();
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.post(trackers(job.id), { duration: 3_600_000, from: '2025-02-01T08:00:00Z', billable: true })),
    );
  },
  // Billable time is invoiced by the hour when the job says so.
  'tracker_entries.billable': async () => {
    const service = await newService(t.api, uniq('Hourly'));
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Hours, unitCost: 40 });
    const job = await newJob(t.api, jobParams(w, service, { timeBasedInvoice: true }));
    const entry = await ok(t.api.post(trackers(job.id), { duration: 3_600_000, from: '2025-02-01T08:00:00Z', billable: true }));
    const entryId = entry.timeTrackers.list[0].id as string;
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.put(`${trackers(job.id)}/${entryId}`, { billable: false })),
    );
  },
  'tracker_entries.running': async () => {
    const { job } = await pricedJob();
    await ok(t.api.post(`${trackers(job.id)}/start`));
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.put(`${trackers(job.id)}/stop`, { duration: 60_000 })),
    );
  },
  // A live invoice line fixes the job's total (its document's kind, type and status say it is live).
  'document_lines.job_id': invoicing,
  'document_lines.total': invoicing,
  'documents.kind': invoicing,
  'documents.status': invoicing,
  'documents.type': invoicing,
  'clients.minimum_fee': async () => {
    const { job, client } = await pricedJob();
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.put(`/v2/clients/${client}`, { minimumFee: 150 })),
    );
  },
  // The minimum fee applies to the jobs in the client's currency only.
  'clients.currency': async () => {
    const { job, client } = await pricedJob();
    await ok(t.api.put(`/v2/clients/${client}`, { minimumFee: 150 }));
    await changes(
      () => storedEstimation(job.id),
      () => ok(t.api.put(`/v2/clients/${client}`, { currency: 'USD' })),
    );
  },
};

const GROUP_DERIVED: Record<string, () => Promise<void>> = {
  'jobs.group_id': async () => {
    const { group, client } = await groupedJob();
    // Of the same client: a group holds the jobs of one client (docs/groups.md#one-client-per-group).
    const other = await pricedJob({ client });
    await changes(
      () => storedDerived(group),
      () => ok(t.api.post(`/v2/groups/${group}/jobs/${other.job.id}`)),
    );
  },
  'jobs.status': async () => {
    const { job, group } = await groupedJob();
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/jobs/${job.id}`, { status: 2 })),
    );
  },
  'jobs.progress': async () => {
    const { job, group } = await groupedJob();
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/jobs/${job.id}`, { progress: 50 })),
    );
  },
  'jobs.due_date': async () => {
    const { job, group } = await groupedJob({ dueDateAuto: true });
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/jobs/${job.id}`, { dueDate: '2030-01-01' })),
    );
  },
  'jobs.service_id': async () => {
    const { job, group } = await groupedJob();
    const service = await newService(t.api, uniq('Other service'));
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/jobs/${job.id}`, { service })),
    );
  },
  'jobs.user_id': async () => {
    const { job, group } = await groupedJob();
    const mate = await colleague(t);
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/jobs/${job.id}`, { owner: mate.id })),
    );
  },
  'jobs.non_billable': async () => {
    const { job, group } = await groupedJob();
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/jobs/${job.id}/price`, { nonBillable: true })),
    );
  },
  'jobs.estimation': async () => {
    const { job, group } = await groupedJob();
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/jobs/${job.id}/price`, { discount: 0.1 })),
    );
  },
  'tracker_entries.duration_ms': async () => {
    const { job, group } = await groupedJob();
    await changes(
      () => storedDerived(group),
      () => ok(t.api.post(trackers(job.id), { duration: 3_600_000, from: '2025-02-01T08:00:00Z', billable: false })),
    );
  },
  // Set when the group is created: the same job derives other values in a group of another currency.
  'groups.currency': async () => {
    const { job, group } = await groupedJob();
    const usd = (await ok(t.api.post('/v2/groups', { name: uniq('Group'), currency: 'USD' }), 201)).id as string;
    const before = await storedDerived(group);
    await ok(t.api.post(`/v2/groups/${usd}/jobs/${job.id}`));
    expect((await storedDerived(usd)).replace(/"currency":\{[^}]*\}/g, '')).not.toBe(before.replace(/"currency":\{[^}]*\}/g, ''));
  },
  'groups.due_date_auto': async () => {
    const { job, group } = await groupedJob({ dueDate: '2031-06-01', dueDateAuto: false });
    await ok(t.api.put(`/v2/jobs/${job.id}`, { dueDate: '2030-01-01' }));
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/groups/${group}`, { dueDateAuto: true })),
    );
  },
  'groups.own_due_date': async () => {
    const { group } = await groupedJob({ dueDate: '2031-06-01', dueDateAuto: false });
    await changes(
      () => storedDerived(group),
      () => ok(t.api.put(`/v2/groups/${group}`, { dueDate: '2032-01-01' })),
    );
  },
};

const keysOf = (value: ComputedValue) =>
  value.inputs.flatMap((input) => (input.columns === 'row' ? [input.table] : input.columns.map((column) => `${input.table}.${column}`))).sort();

describe.each([
  ['the stored estimation of a job', FRESHNESS.computed.jobEstimation, JOB_ESTIMATION],
  ['the derived values of a group', FRESHNESS.computed.groupDerived, GROUP_DERIVED],
] as const)('%s changes with each input the manifest lists', (_name, value, cases) => {
  it('every input has a case, and every case an input', () => {
    expect(Object.keys(cases).sort()).toEqual(keysOf(value));
  });
  for (const key of keysOf(value)) {
    it(`${key}, written through the API`, async () => {
      await cases[key]!();
    });
  }
});
