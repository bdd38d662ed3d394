import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRetries } from '../../../src/core/db/retry.js';
import { createTestApp, type Reply, type TestContext } from '../../helper.js';
import { docWorld, fixedJob, type DocWorld } from './fixture.js';

/**
 * Documents racing with job writes and group moves (PostgreSQL deadlock regressions; the same
 * requests must pass on SQLite, where write transactions are serialised). Creating an invoice over
 * several jobs of one group, and the document actions that change several jobs at once (deleting a
 * draft invoice, crediting, accepting a quote: `jobsMoved`), refreshed a job's group and then locked
 * the next job while holding the group; a concurrent write or move of that job, which holds the job
 * and waits for the group, deadlocked with it (a 500). Two documents over jobs of two groups
 * refreshed the groups in opposite orders. After every step the groups' derived values and the
 * documents' totals must equal what the jobs say.
 */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

/** What each job was last given (every step writes each job once). */
const expected = new Map<string, { progress: number; fixedPrice: number }>();
const cents = (value: number) => Math.round(value * 100);

async function ok(reply: Promise<Reply>, status = 200): Promise<any> {
  const done = await reply;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body;
}

async function newGroup(name: string): Promise<string> {
  return (await ok(t.api.post('/v2/groups', { name, client: w.client }), 201)).id;
}

async function newJobs(count: number, groupIds: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await fixedJob(t.api, w, 10 + i);
    expected.set(id, { progress: 0, fixedPrice: 10 + i });
    if (groupIds.length > 0) await ok(t.api.post(`/v2/groups/${groupIds[i % groupIds.length]}/jobs/${id}`));
    ids.push(id);
  }
  return ids;
}

/** A progress and a fixed price for each job (recorded as what the jobs must say afterwards). */
function jobWrites(jobIds: readonly string[], step: number): Array<Promise<Reply>> {
  return jobIds.flatMap((id, i) => {
    const progress = (10 * i + step) % 100;
    const fixedPrice = 20 + i + step / 4;
    expected.set(id, { progress, fixedPrice });
    return [t.api.put(`/v2/jobs/${id}`, { progress }), t.api.put(`/v2/jobs/${id}/price`, { fixedPrice })];
  });
}

/**
 * Fires the requests at once; every one must succeed, or answer 409 when `refusable` (the bodies of the others are printed), and
 * none may have needed the request retry (src/core/db/retry.ts), which would hide a deadlock.
 */
async function race(label: string, requests: Array<Promise<Reply>>, refusable: ReadonlyArray<Promise<Reply>> = []): Promise<Reply[]> {
  const retries = transactionRetries();
  const replies = await Promise.all(requests);
  const failed = replies
    .filter((reply, i) => reply.status >= 300 && !(reply.status === 409 && refusable.includes(requests[i]!)))
    .map((reply) => ({ request: `${reply.raw.raw.req.method} ${reply.raw.raw.req.url}`, status: reply.status, body: reply.body }));
  if (failed.some((reply) => reply.status >= 500)) console.error(`${label}: 5xx`, JSON.stringify(failed, null, 2));
  expect({ failed, retried: transactionRetries() - retries }, label).toEqual({ failed: [], retried: 0 });
  return replies;
}

function groupStatus(statuses: number[]): number {
  const live = statuses.filter((status) => status !== 5);
  if (statuses.length === 0) return 1;
  if (live.length === 0) return 5;
  const all = (...allowed: number[]) => live.every((status) => allowed.includes(status));
  if (all(4)) return 4;
  if (all(3, 4)) return 3;
  if (all(6)) return 6;
  if (all(1)) return 1;
  return 2;
}

/** The groups, the documents and the jobs agree (and the jobs say what they were last given). */
async function expectConsistent(label: string, groupIds: readonly string[], documents: ReadonlyArray<{ path: string; id: string }>): Promise<void> {
  const jobs = new Map<string, any>();
  for (const id of expected.keys()) jobs.set(id, await ok(t.api.get(`/v2/jobs/${id}`)));
  const fixed = new Map<string, { type: string; total: number }>();
  for (const { path, id } of documents) {
    const document = await ok(t.api.get(`${path}/${id}`));
    const lineCents = document.lines.reduce((sum: number, line: any) => sum + cents(line.total), 0);
    expect(cents(document.total.subtotal), `${label}: ${path}/${id} subtotal`).toBe(lineCents);
    expect(cents(document.total.total), `${label}: ${path}/${id} total`).toBe(lineCents);
    const liveInvoice = document.object === 'invoice' && document.type === 1 && document.status <= 3;
    const acceptedQuote = document.object === 'quote' && document.status === 3;
    for (const line of document.lines) {
      if (liveInvoice) fixed.set(line.job.id, { type: 'invoiced', total: line.total });
      else if (acceptedQuote && fixed.get(line.job.id)?.type !== 'invoiced') fixed.set(line.job.id, { type: 'quote', total: line.total });
    }
  }
  for (const [id, job] of jobs) {
    const given = expected.get(id)!;
    const by = fixed.get(id);
    expect(job.progress, `${label}: job ${id} progress`).toBe(given.progress);
    expect(job.status === 4, `${label}: job ${id} status ${job.status}`).toBe(by?.type === 'invoiced');
    expect({ type: job.estimation.type, total: job.estimation.total }, `${label}: job ${id} estimation`).toEqual(
      by ?? { type: 'estimation', total: given.fixedPrice },
    );
  }
  for (const groupId of groupIds) {
    const group = await ok(t.api.get(`/v2/groups/${groupId}`));
    const members = [...jobs.values()].filter((job) => job.group?.id === groupId);
    expect([...group.jobs].sort(), `${label}: group ${groupId} jobs`).toEqual(members.map((job) => job.id).sort());
    const live = members.filter((job) => job.status !== 5);
    const progress = live.length === 0 ? 0 : Math.round((live.reduce((sum, job) => sum + job.progress, 0) * 100) / live.length) / 100;
    expect(group.progress, `${label}: group ${groupId} progress`).toBe(progress);
    expect(group.status, `${label}: group ${groupId} status`).toBe(groupStatus(members.map((job) => job.status)));
    expect(cents(group.estimation.total), `${label}: group ${groupId} total`).toBe(live.reduce((sum, job) => sum + cents(job.estimation.total), 0));
    expect(cents(group.estimation.totalInvoiced), `${label}: group ${groupId} totalInvoiced`).toBe(
      live.reduce((sum, job) => sum + cents(job.estimation.totalInvoiced ?? 0), 0),
    );
  }
}

const created = (reply: Reply) => reply.body.id as string;

describe('documents over several jobs of one group, racing with writes of those jobs', () => {
  it('invoice and quote creation, sending, crediting and accepting: never a 5xx; groups and documents agree with the jobs', async () => {
    expected.clear();
    const group = await newGroup('Busy documents');
    const documents: Array<{ path: string; id: string }> = [];
    for (let round = 0; round < 4; round++) {
      // Fresh jobs each round: an accepted quote keeps its jobs.
      const jobIds = await newJobs(6, [group]);
      const reversed = [...jobIds].reverse();
      const [invoice, quote] = (
        await race(`round ${round} create`, [
          t.api.post('/v2/invoices', { client: w.client, jobs: round % 2 === 0 ? jobIds : reversed }),
          t.api.post('/v2/quotes', { client: w.client, jobs: round % 2 === 0 ? reversed : jobIds }),
          ...jobWrites(jobIds, 1),
        ])
      ).map(created);
      documents.push({ path: '/v2/invoices', id: invoice! }, { path: '/v2/quotes', id: quote! });
      await expectConsistent(`round ${round} created`, [group], documents);
      await race(`round ${round} send`, [t.api.post(`/v2/invoices/${invoice}/send`), t.api.post(`/v2/quotes/${quote}/send`), ...jobWrites(jobIds, 2)]);
      await expectConsistent(`round ${round} sent`, [group], documents);
      const [credit] = await race(`round ${round} credit and accept`, [
        t.api.post(`/v2/invoices/${invoice}/credit`),
        t.api.post(`/v2/quotes/${quote}/accept`),
        ...jobWrites(jobIds, 3),
      ]);
      expect(credit!.status).toBe(201);
      documents.push({ path: '/v2/invoices', id: created(credit!) });
      await expectConsistent(`round ${round} credited and accepted`, [group], documents);
    }
  });
});

describe('documents over jobs of two groups, racing with moves between the groups and job writes', () => {
  it('creating, deleting, crediting and accepting while jobs move: never a 5xx; groups and documents agree with the jobs', async () => {
    expected.clear();
    const g1 = await newGroup('Left');
    const g2 = await newGroup('Right');
    const documents: Array<{ path: string; id: string }> = [];
    for (let round = 0; round < 4; round++) {
      // Ids grow with creation: j0 < j1 < … The first job of invoice A (by id) is in g1, of B in g2.
      const j = await newJobs(8, [g1, g2, g2, g1, g2, g1, g1, g2]);
      const move = (groupId: string, jobId: string) => t.api.post(`/v2/groups/${groupId}/jobs/${jobId}`);
      const [a, b, q] = (
        await race(`round ${round} create`, [
          t.api.post('/v2/invoices', { client: w.client, jobs: [j[1], j[0]] }),
          t.api.post('/v2/invoices', { client: w.client, jobs: [j[3], j[2]] }),
          t.api.post('/v2/quotes', { client: w.client, jobs: [j[7], j[6], j[5], j[4]] }),
          move(g2, j[5]!),
          move(g1, j[2]!),
          ...jobWrites(j, 1),
        ])
      ).map(created);
      documents.push({ path: '/v2/invoices', id: b! }, { path: '/v2/quotes', id: q! });
      await expectConsistent(`round ${round} created`, [g1, g2], [...documents, { path: '/v2/invoices', id: a! }]);

      await race(`round ${round} delete and send`, [
        t.api.delete(`/v2/invoices/${a}`),
        t.api.post(`/v2/invoices/${b}/send`),
        t.api.post(`/v2/quotes/${q}/send`),
        move(g2, j[0]!),
        move(g1, j[3]!),
        move(g1, j[7]!),
        ...jobWrites(j, 2),
      ]);
      await expectConsistent(`round ${round} deleted and sent`, [g1, g2], documents);

      const replies = await race(`round ${round} credit, accept and create`, [
        t.api.post(`/v2/invoices/${b}/credit`),
        t.api.post(`/v2/quotes/${q}/accept`),
        t.api.post('/v2/invoices', { client: w.client, jobs: [j[5], j[4], j[1], j[0]] }),
        move(g2, j[1]!),
        move(g1, j[4]!),
        move(g2, j[6]!),
        ...jobWrites(j, 3),
      ]);
      documents.push({ path: '/v2/invoices', id: created(replies[0]!) }, { path: '/v2/invoices', id: created(replies[2]!) });
      await expectConsistent(`round ${round} credited, accepted and created`, [g1, g2], documents);
    }
  });
});

describe('deleting a group racing with a document over its jobs', () => {
  it('jobs added in the reverse of their id order: never a 5xx; the delete answers 204 or 409 (an invoiced job)', async () => {
    expected.clear();
    const documents: Array<{ path: string; id: string }> = [];
    for (let round = 0; round < 4; round++) {
      const group = await newGroup(`Doomed ${round}`);
      // Created first, added last: the group's order (positions) is the reverse of the ids'.
      const jobIds = (await newJobs(6, [])).reverse();
      for (const id of jobIds) await ok(t.api.post(`/v2/groups/${group}/jobs/${id}`));
      const deleting = t.api.delete(`/v2/groups/${group}`);
      const [removed, ...rest] = await race(
        `round ${round} delete group`,
        [deleting, t.api.post('/v2/invoices', { client: w.client, jobs: jobIds }), ...jobWrites(jobIds, 1)],
        [deleting],
      );
      documents.push({ path: '/v2/invoices', id: created(rest[0]!) });
      await expectConsistent(`round ${round} after the delete`, removed!.status === 204 ? [] : [group], documents);
      if (removed!.status === 204) for (const id of jobIds) expect((await ok(t.api.get(`/v2/jobs/${id}`))).group).toBeNull();
    }
  });
});
