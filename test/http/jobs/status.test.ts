import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { buildWorld, jobParams, newJob, newService, type World } from './fixture.js';

/** docs/jobs.md#status, every cell of the 6×6 table over HTTP. */
let t: TestContext;
let w: World;
let service: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  service = await newService(t.api, 'Status');
});
afterAll(async () => {
  await t.close();
});

/** The table as written in docs/jobs.md#status (✓ = allowed, · = the same status, a no-op). */
const TABLE = `
| from \\ to | 1 | 2 | 3 | 4 | 5 | 6 |
| 1 | · | ✓ | ✓ |   | ✓ | ✓ |
| 2 | ✓ | · | ✓ |   | ✓ | ✓ |
| 3 |   | ✓ | · | ✓ | ✓ |   |
| 4 |   |   | ✓ | · |   |   |
| 5 | ✓ |   |   |   | · |   |
| 6 | ✓ | ✓ |   |   | ✓ | · |
`;

const cells = TABLE.trim()
  .split('\n')
  .slice(1)
  .flatMap((line) => {
    const [from, ...targets] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return targets.map((mark, i) => ({ from: Number(from), to: i + 1, allowed: mark !== '' }));
  });

/** How to reach each status from a new job (1) through allowed moves. */
const PATHS: Record<number, number[]> = { 1: [], 2: [2], 3: [3], 4: [3, 4], 5: [5], 6: [6] };

const NAMES = ['not started', 'in progress', 'finished', 'invoiced', 'cancelled', 'on hold'];

async function jobIn(status: number) {
  const job = await newJob(t.api, jobParams(w, service, { name: `In ${status}` }));
  for (const step of PATHS[status]!) {
    const reply = await t.api.put(`/v2/jobs/${job.id}`, { status: step });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
  return (await t.api.get(`/v2/jobs/${job.id}`)).body;
}

describe('status moves through PUT /v2/jobs/:id (docs/jobs.md#status)', () => {
  it('has 36 cells', () => {
    expect(cells).toHaveLength(36);
    expect(cells.filter((cell) => cell.allowed && cell.from !== cell.to)).toHaveLength(16);
  });

  for (const cell of cells) {
    const label = cell.from === cell.to ? 'is a no-op' : cell.allowed ? 'is allowed' : 'is refused with 409 invalid_transition';
    it(`${cell.from} (${NAMES[cell.from - 1]}) → ${cell.to} (${NAMES[cell.to - 1]}) ${label}`, async () => {
      const job = await jobIn(cell.from);
      expect(job.status).toBe(cell.from);
      const reply = await t.api.put(`/v2/jobs/${job.id}`, { status: cell.to });
      if (cell.allowed) {
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        expect(reply.body.status).toBe(cell.to);
        if (cell.from === cell.to) expect({ ...reply.body, updatedAt: null }).toEqual({ ...job, updatedAt: null });
      } else {
        const error = expectError(reply, 409, 'invalid_transition');
        expect(error.message).toContain(`from status ${cell.from} (${NAMES[cell.from - 1]})`);
        expect(error.message).toContain(`to ${cell.to} (${NAMES[cell.to - 1]})`);
        expect((await t.api.get(`/v2/jobs/${job.id}`)).body.status).toBe(cell.from);
      }
    });
  }
});

describe('side effects of status moves', () => {
  it('moving to 3 sets progress 100 and the delivery date when unset; moving to 2 sets the start date when unset', async () => {
    const job = await newJob(t.api, jobParams(w, service));
    const before = Date.now();
    const started = (await t.api.put(`/v2/jobs/${job.id}`, { status: 2 })).body;
    expect(Date.parse(started.startDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(started.deliveryDate).toBeNull();
    expect(started.progress).toBe(0);
    const finished = (await t.api.put(`/v2/jobs/${job.id}`, { status: 3 })).body;
    expect(finished.progress).toBe(100);
    expect(Date.parse(finished.deliveryDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(finished.startDate).toBe(started.startDate);
    // Back and forth: dates already set stay.
    await t.api.put(`/v2/jobs/${job.id}`, { status: 2, progress: 50 });
    const again = (await t.api.put(`/v2/jobs/${job.id}`, { status: 3 })).body;
    expect(again.deliveryDate).toBe(finished.deliveryDate);
    expect(again.progress).toBe(100);
  });

  it('keeps dates that are set, and values sent in the same request win over the side effects', async () => {
    const job = await newJob(t.api, jobParams(w, service, { startDate: '2030-01-01' }));
    expect((await t.api.put(`/v2/jobs/${job.id}`, { status: 2 })).body.startDate).toBe('2030-01-01T00:00:00.000Z');
    const finished = (await t.api.put(`/v2/jobs/${job.id}`, { status: 3, progress: 90, deliveryDate: '2030-02-01' })).body;
    expect(finished).toMatchObject({ status: 3, progress: 90, deliveryDate: '2030-02-01T00:00:00.000Z' });
    const other = await newJob(t.api, jobParams(w, service));
    expect((await t.api.put(`/v2/jobs/${other.id}`, { status: 2, startDate: null })).body.startDate).toBeNull();
  });

  it('a cancelled job has profitability incorrectStatus', async () => {
    const job = await newJob(t.api, jobParams(w, service));
    expect((await t.api.put(`/v2/jobs/${job.id}`, { status: 5 })).body.estimation.profitability.status).toBe('incorrectStatus');
  });
});
