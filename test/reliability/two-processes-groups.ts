import { expect } from 'vitest';
import type { Reply } from '../processes.js';
import { expectAnswers, ok, seeded, type Pair } from './two-processes-world.js';

/**
 * The group-derivation rounds of two-processes.test.ts: each round sends, at once and split across
 * both processes, job updates (progress, quantity, due date, status, owner, service), tracker
 * entries, adds, moves and removals of jobs between two groups, group updates and a change of the
 * client's minimum fee (which recomputes every job of the client); the check then
 * compares each group's stored derived values with a recomputation from its jobs fetched one by
 * one (docs/groups.md "Derived values"), and each job with the values sent to it (no lost update).
 */
export interface GroupWorld {
  pair: Pair;
  req(i: number, method: string, path: string, body?: unknown, as?: string): Promise<Reply>;
  groups: string[];
  /** The client of every job: its minimum fee changes during the rounds (a recompute of all its jobs). */
  client: string;
  jobs: string[];
  users: string[];
  services: string[];
  /** The own due date of each group (shown while `dueDateAuto` is false or no job has one). */
  ownDueDates: Array<string | null>;
  deleted: Set<string>;
  /** What the last round sent to each job, to be found on it afterwards. */
  sent?: Map<string, { quantity?: number; dueDate?: string; progress?: number; trackers?: number }>;
}

/** docs/jobs.md#status moves that cycle through every status but invoiced. */
const NEXT_STATUS: Record<number, number> = { 1: 2, 2: 3, 3: 5, 5: 1, 6: 1 };
const pad = (n: number) => String(n).padStart(2, '0');

export async function groupRound(world: GroupWorld, round: number): Promise<void> {
  const { groups, req } = world;
  const alive = world.jobs.filter((id) => !world.deleted.has(id));
  const current = new Map<string, any>();
  for (const [i, id] of alive.entries()) current.set(id, await ok(req(i, 'GET', `/v2/jobs/${id}`)));
  const sent = new Map<string, { quantity?: number; dueDate?: string; progress?: number; trackers?: number }>();
  const requests: Array<(i: number) => Promise<Reply>> = [];
  const send = (method: string, path: string, body?: unknown) => requests.push((i) => req(i, method, path, body));
  const deleting: string[] = [];
  for (const id of alive) {
    const j = world.jobs.indexOf(id);
    const job = current.get(id);
    if (round === 1 && j === 13) {
      // A job deleted while the others change: it leaves its group, which is refreshed without it.
      send('DELETE', `/v2/jobs/${id}`);
      deleting.push(id);
      continue;
    }
    const expected: { quantity?: number; dueDate?: string; progress?: number; trackers?: number } = { trackers: job.timeTrackers.list.length };
    const membership = (j + round) % 5;
    for (const kind of [(j + round) % 4, (j + round + 1) % 4]) {
      if (kind === 0) {
        const progress = (j * 7 + round * 13) % 100;
        send('PUT', `/v2/jobs/${id}`, { progress });
        if (membership !== 0) expected.progress = progress;
      } else if (kind === 1) {
        expected.quantity = 100 + j * 10 + round;
        send('PUT', `/v2/jobs/${id}`, { quantity: expected.quantity });
      } else if (kind === 2) {
        const day = `2030-${pad(1 + ((j + round) % 12))}-${pad(1 + ((j * 3 + round) % 28))}`;
        expected.dueDate = `${day}T00:00:00.000Z`;
        send('PUT', `/v2/jobs/${id}`, { dueDate: day });
      } else {
        expected.trackers! += 1;
        send('POST', `/v2/jobs/${id}/trackers`, { duration: 60_000 * (j + 1) + round, from: '2025-03-01T09:00:00Z', billable: j % 2 === 0 });
      }
    }
    const inGroup = job.group?.id ?? null;
    if (membership === 0 && NEXT_STATUS[job.status] !== undefined) send('PUT', `/v2/jobs/${id}`, { status: NEXT_STATUS[job.status] });
    if (membership === 1) send(inGroup === groups[0] ? 'DELETE' : 'POST', `/v2/groups/${groups[0]}/jobs/${id}`);
    if (membership === 2) send('POST', `/v2/groups/${inGroup === groups[0] ? groups[1] : groups[0]}/jobs/${id}`);
    if (membership === 3) send('PUT', `/v2/jobs/${id}`, { owner: world.users.find((user) => user !== job.user.id) });
    if (membership === 4) send('PUT', `/v2/jobs/${id}`, { service: world.services.find((service) => service !== job.service.id) });
    sent.set(id, expected);
  }
  const ownDate = `2031-0${round}-15`;
  send('PUT', `/v2/groups/${groups[0]}`, { dueDateAuto: round % 2 === 1, dueDate: ownDate, budget: round * 100 });
  send('PUT', `/v2/groups/${groups[1]}`, { budget: round });
  send('PUT', `/v2/clients/${world.client}`, { minimumFee: round % 2 === 1 ? 15 : 0 });
  world.ownDueDates[0] = `${ownDate}T00:00:00.000Z`;
  // A fixed shuffle, so that the requests of one job do not arrive side by side.
  const random = seeded(round);
  const order = requests.map((_, i) => i).sort(() => random() - 0.5);
  const replies = await Promise.all(order.map((k, i) => requests[k]!(i)));
  expectAnswers(world.pair, replies, []);
  for (const id of deleting) world.deleted.add(id);
  world.sent = sent;
}

/** docs/groups.md#derived-values status from the statuses of the group's jobs. */
function statusOf(statuses: number[]): number {
  if (statuses.length === 0) return 1;
  const live = statuses.filter((status) => status !== 5);
  if (live.length === 0) return 5;
  const all = (...allowed: number[]) => live.every((status) => allowed.includes(status));
  return all(4) ? 4 : all(3, 4) ? 3 : all(6) ? 6 : all(1) ? 1 : 2;
}

const distinct = (values: string[]) => [...new Set(values)];
const cents = (value: number) => Math.round(value * 100);

export async function checkGroup(world: GroupWorld): Promise<void> {
  const { groups, req } = world;
  const alive = world.jobs.filter((id) => !world.deleted.has(id));
  const jobs = new Map<string, any>();
  for (const [i, id] of alive.entries()) jobs.set(id, await ok(req(i, 'GET', `/v2/jobs/${id}`)));
  for (const [i, id] of [...world.deleted].entries()) expect((await req(i, 'GET', `/v2/jobs/${id}`)).status).toBe(404);
  for (const [id, expected] of world.sent ?? []) {
    const job = jobs.get(id);
    if (expected.quantity !== undefined) expect(job.quantity.value, `quantity of ${id}`).toBe(expected.quantity);
    if (expected.dueDate !== undefined) expect(job.dueDate, `due date of ${id}`).toBe(expected.dueDate);
    if (expected.progress !== undefined) expect(job.progress, `progress of ${id}`).toBe(expected.progress);
    expect(job.timeTrackers.list, `tracker entries of ${id}`).toHaveLength(expected.trackers!);
  }
  for (const [k, groupId] of groups.entries()) {
    const [group, again] = await Promise.all([ok(req(k, 'GET', `/v2/groups/${groupId}`)), ok(req(k + 1, 'GET', `/v2/groups/${groupId}`))]);
    expect(again, 'the same group through both processes').toEqual(group);
    // Membership: the group's list, the jobs' `group`, and the jobs listing's filter agree.
    expect(new Set(group.jobs).size).toBe(group.jobs.length);
    const holding = alive.filter((id) => jobs.get(id).group?.id === groupId);
    expect([...group.jobs].sort()).toEqual(holding.sort());
    const listed = await ok(req(k, 'GET', `/v2/jobs?group=${groupId}&pageSize=100`));
    expect(listed.items.map((item: any) => item.id).sort()).toEqual(holding.sort());
    const members = (group.jobs as string[]).map((id) => jobs.get(id));
    const live = members.filter((job) => job.status !== 5);
    const progress = live.reduce((sum, job) => sum + job.progress, 0);
    expect(Number.isInteger(progress)).toBe(true);
    const latest =
      members
        .flatMap((job) => (job.dueDate ? [job.dueDate as string] : []))
        .sort()
        .at(-1) ?? null;
    expect({
      status: group.status,
      progress: cents(group.progress),
      dueDate: group.dueDate,
      services: group.services.map((ref: any) => ref.id),
      users: group.users.map((ref: any) => ref.id),
      total: cents(group.estimation.total),
      totalInvoiced: group.estimation.totalInvoiced,
      totalTime: group.estimation.totalTime,
    }).toEqual({
      status: statusOf(members.map((job) => job.status)),
      // Half away from zero on the hundredths, in integers: ⌊(200·sum + n) / 2n⌋.
      progress: live.length === 0 ? 0 : Math.floor((200 * progress + live.length) / (2 * live.length)),
      dueDate: group.dueDateAuto && latest !== null ? latest : world.ownDueDates[k],
      services: distinct(members.map((job) => job.service.id)),
      users: distinct(members.map((job) => job.user.id)),
      total: live.reduce((sum, job) => sum + cents(job.estimation.total), 0),
      totalInvoiced: 0,
      totalTime: members.reduce((sum, job) => sum + job.timeTrackers.duration, 0),
    });
  }
}
