import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, killAll, onPostgres, type Reply } from '../processes.js';
import { expectAnswers, moved, ok, seeded, serialisable, startPair, type OrderOp, type Pair } from './two-processes-world.js';
import { checkGroup, groupRound, type GroupWorld } from './two-processes-groups.js';

/**
 * Two `serve` processes on one PostgreSQL database (docs/reliability.md): concurrent tracker starts, match
 * and mapping moves, and group derivations, each request batch split across both processes and
 * fired at once. Numbering is test/documents-processes.test.ts; files are
 * two-processes-files.test.ts. PostgreSQL only: a SQLite file is served by one process.
 */
const title = onPostgres
  ? 'two server processes on one PostgreSQL database: trackers, match moves, group derivations'
  : 'two server processes on one database (skipped: PostgreSQL only, run with DATABASE_URL=postgres://…; a SQLite file is served by one process)';

describe.skipIf(!onPostgres)(title, () => {
  let pair: Pair;
  let second: { id: string; key: string };
  let owner: string;
  const w = { services: [] as string[], unit: '', client: '', matches: [] as string[] };
  /** A request of the owner (or `as`) through process `i % 2`. */
  const req = (i: number, method: string, path: string, body?: unknown, as?: string) => call(pair.via(i), as ?? pair.key, method, path, body);

  beforeAll(async () => {
    pair = await startPair('db');
    second = await pair.newUserKey('Second user');
    owner = (await ok(req(0, 'GET', '/v2/users/me'))).id;
    for (const name of ['Two-process translation', 'Two-process revision'])
      w.services.push((await ok(req(0, 'POST', '/v2/account/services', { name }), 201)).id);
    w.unit = (await ok(req(1, 'POST', '/v2/account/quantity-types', { name: 'Two-process words' }), 201)).id;
    for (let i = 0; i < 12; i++) w.matches.push((await ok(req(i, 'POST', '/v2/account/matches', { name: `Two-process band ${i}` }), 201)).id);
    w.client = (await ok(req(0, 'POST', '/v2/clients', { name: 'Acme', currency: 'EUR' }), 201)).id;
    for (const [i, service] of w.services.entries()) {
      await ok(
        req(i, 'POST', '/v2/account/prices/clients', { currency: 'EUR', matchesType: 'percentage', quantityType: w.unit, service, unitCost: 0.1 * (i + 1) }),
        201,
      );
    }
  }, 180_000);

  afterAll(async () => {
    await pair?.close();
    killAll();
  }, 60_000);

  const newJob = (i: number, extra: Record<string, unknown> = {}, as?: string) =>
    ok(req(i, 'POST', '/v2/jobs', { name: `Job ${i}`, client: w.client, quantity: 1000, quantityType: w.unit, service: w.services[i % 2], ...extra }, as), 201);

  it('tracker starts: one running entry per user and job under concurrent starts through both processes, the rest 409', async () => {
    const job = await newJob(0);
    const path = `/v2/jobs/${job.id}/trackers`;
    // 32 starts at once: requests 0, 1 (mod 4) of the owner, 2, 3 of the second user; even ones through the first process.
    const starts = await Promise.all(Array.from({ length: 32 }, (_, i) => req(i, 'POST', `${path}/start`, undefined, i % 4 < 2 ? undefined : second.key)));
    expectAnswers(pair, starts, [[409, 'state_conflict']]);
    expect(starts.filter((reply, i) => reply.status === 200 && i % 4 < 2)).toHaveLength(1);
    expect(starts.filter((reply, i) => reply.status === 200 && i % 4 >= 2)).toHaveLength(1);
    const running = await pair.query<{ user_id: string }>('select user_id from tracker_entries where job_id = $1 and running = 1', [job.id]);
    expect(running.map((row) => row.user_id).sort()).toEqual([owner, second.id].sort());
    const [viaA, viaB] = await Promise.all([ok(req(0, 'GET', `/v2/jobs/${job.id}`)), ok(req(1, 'GET', `/v2/jobs/${job.id}`))]);
    expect(viaB.timeTrackers).toEqual(viaA.timeTrackers);
    expect(viaA.timeTrackers).toMatchObject({ duration: 0, running: true });
    expect(viaA.timeTrackers.list).toHaveLength(2);

    // The owner's entry stopped 12 times at once: one stop, 11 × 409.
    const mine = viaA.timeTrackers.list.find((entry: any) => entry.user.id === owner).id;
    const stops = await Promise.all(Array.from({ length: 12 }, (_, i) => req(i, 'PUT', `${path}/stop/${mine}`, { duration: 60_000 })));
    expectAnswers(pair, stops, [[409, 'state_conflict']]);
    expect(stops.filter((reply) => reply.status === 200)).toHaveLength(1);

    // Stop all racing with starts of both users: no entry lost, never two running for one user.
    const mixed = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0 ? req(i, 'PUT', `${path}/stop`) : req(i, 'POST', `${path}/start`, undefined, i % 3 === 1 ? undefined : second.key),
      ),
    );
    expectAnswers(pair, mixed, [[409, 'state_conflict']]);
    const started = mixed.filter((reply, i) => i % 3 !== 0 && reply.status === 200).length;
    const rows = await pair.query<{ user_id: string; running: number }>('select user_id, running from tracker_entries where job_id = $1', [job.id]);
    expect(rows).toHaveLength(2 + started);
    const runningUsers = rows.filter((row) => row.running === 1).map((row) => row.user_id);
    expect(new Set(runningUsers).size).toBe(runningUsers.length);
    const read = (await ok(req(1, 'GET', `/v2/jobs/${job.id}`))).timeTrackers;
    expect(read.list).toHaveLength(2 + started);
    expect(read.running).toBe(runningUsers.length > 0);
    expect(read.duration).toBe(read.list.reduce((sum: number, entry: any) => sum + entry.duration, 0));
    for (const entry of read.list) {
      if (entry.running) expect(entry).not.toHaveProperty('to');
      else expect(entry.to).toBe(new Date(Date.parse(entry.from) + entry.duration).toISOString());
    }

    // Stopped entries added at once to three jobs: none lost, the sums exact on both processes.
    const others = await Promise.all([1, 2, 3].map((i) => newJob(i)));
    const adds = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        req(i, 'POST', `/v2/jobs/${others[i % 3].id}/trackers`, { duration: 1000 * (i + 1), from: '2025-03-01T09:00:00Z', billable: i % 2 === 0 }),
      ),
    );
    expectAnswers(pair, adds, []);
    for (const [k, other] of others.entries()) {
      const expected = Array.from({ length: 10 }, (_, j) => 1000 * (3 * j + k + 1)).reduce((x, y) => x + y, 0);
      for (const i of [0, 1]) {
        const trackers = (await ok(req(i, 'GET', `/v2/jobs/${other.id}`))).timeTrackers;
        expect(trackers.list).toHaveLength(10);
        expect(trackers.duration).toBe(expected);
      }
    }
  }, 120_000);

  /** Positions stored for one parent: exactly 0..n-1 (no duplicate, no gap). */
  async function expectPositions(table: string, parentColumn: string, parentId: string, count: number): Promise<void> {
    const rows = await pair.query<{ position: number }>(`select position from ${table} where ${parentColumn} = $1 order by position`, [parentId]);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: count }, (_, i) => i));
  }

  it('price match moves: concurrent moves, adds and removes through both processes leave a serialisable order, positions 0..n-1', async () => {
    const base = '/v2/account/prices/suppliers';
    const price = await ok(
      req(0, 'POST', base, { currency: 'EUR', matchesType: 'percentage', quantityType: w.unit, service: w.services[0], unitCost: 0.2 }),
      201,
    );
    const path = `${base}/${price.id}`;
    const initial = w.matches.slice(0, 8);
    for (const [i, match] of initial.entries()) await ok(req(i, 'POST', `${path}/match`, { match, percentage: (i + 1) / 10 }));
    const random = seeded(7);
    const pick = (n: number) => Math.floor(random() * n);
    const requests: Array<{ send: (i: number) => Promise<Reply>; apply: OrderOp['apply'] }> = [];
    for (let k = 0; k < 40; k++) {
      const id = initial[pick(8)]!;
      const position = pick(8);
      requests.push({ send: (i) => req(i, 'PUT', `${path}/matches/${id}/move/${position}`), apply: (order) => moved(order, id, position) });
    }
    const [added1, added2, removed] = [w.matches[8]!, w.matches[9]!, initial[1]!];
    const add = (id: string) => ({
      send: (i: number) => req(i, 'POST', `${path}/match`, { match: id, percentage: 0.5 }),
      apply: (order: readonly string[]) => (order.includes(id) ? null : [...order, id]),
    });
    const remove = (id: string) => ({
      send: (i: number) => req(i, 'DELETE', `${path}/matches/${id}`),
      apply: (order: readonly string[]) => (order.includes(id) ? order.filter((item) => item !== id) : null),
    });
    requests.splice(5, 0, add(added1), add(added2));
    requests.splice(20, 0, add(added1), remove(removed), remove(removed));
    requests.push({ send: (i) => req(i, 'PUT', `${path}/matches/${initial[0]}/move/50`), apply: () => null });
    requests.push({ send: (i) => req(i, 'POST', `${path}/matches/${w.matches[10]}/move/0`), apply: () => null });
    const replies = await Promise.all(requests.map((request, i) => request.send(i)));
    expectAnswers(pair, replies, [
      [400, 'parameter_invalid'],
      [404, 'resource_missing'],
      [409, 'resource_exists'],
    ]);
    // The added entry: one 200 and one 409; the removed one: one 200 and one 404.
    expect([replies[5], replies[20]].map((reply) => reply!.status).sort()).toEqual([200, 409]);
    expect([replies[21], replies[22]].map((reply) => reply!.status).sort()).toEqual([200, 404]);
    const ids = (record: any) => record.matches.map((match: any) => match.id as string);
    const ops = replies.flatMap((reply, i) => (reply.status === 200 ? [{ apply: requests[i]!.apply, after: ids(reply.body) }] : []));
    const final = ids(await ok(req(1, 'GET', path)));
    expect(ids(await ok(req(0, 'GET', path)))).toEqual(final);
    expect([...final].sort()).toEqual([...initial.filter((id) => id !== removed), added1, added2].sort());
    expect(serialisable(initial, ops, final)).toBe(true);
    await expectPositions('price_matches', 'price_id', price.id, final.length);
  }, 120_000);

  it('CAT configuration mapping moves: concurrent moves, adds and removes through both processes leave a serialisable order', async () => {
    const base = '/v2/account/cat-configurations';
    const config = await ok(
      req(0, 'POST', base, { name: 'Trados', catTool: 'trados', conversionFactor: 1, destinationQuantityType: w.unit, sourceQuantityType: 'words' }),
      201,
    );
    const path = `${base}/${config.id}`;
    const tool = ['perfect', 'inContextExact', 'exact', 'locked', 'crossFileRepeated', 'repeated'];
    const initial = w.matches.slice(0, 6);
    for (const [i, match] of initial.entries()) await ok(req(i, 'POST', `${path}/match/${match}/cat-tool-match/${tool[i]}`));
    const random = seeded(11);
    const requests: Array<{ send: (i: number) => Promise<Reply>; apply: OrderOp['apply'] }> = [];
    for (let k = 0; k < 36; k++) {
      const id = initial[Math.floor(random() * 6)]!;
      const position = Math.floor(random() * 6);
      requests.push({ send: (i) => req(i, 'PUT', `${path}/match/${id}/move/${position}`), apply: (order) => moved(order, id, position) });
    }
    const add = (id: string, toolMatch: string) => ({
      send: (i: number) => req(i, 'POST', `${path}/match/${id}/cat-tool-match/${toolMatch}`),
      apply: (order: readonly string[]) => (order.includes(id) ? [...order] : [...order, id]),
    });
    const [fresh, removed] = [w.matches[6]!, initial[2]!];
    requests.splice(4, 0, add(fresh, 'new'));
    requests.splice(15, 0, add(fresh, 'fuzzy5074'), add(initial[0]!, 'fuzzy7584'));
    requests.splice(25, 0, {
      send: (i) => req(i, 'DELETE', `${path}/match/${removed}/cat-tool-match/exact`),
      apply: (order) => (order.includes(removed) ? order.filter((item) => item !== removed) : null),
    });
    const replies = await Promise.all(requests.map((request, i) => request.send(i)));
    expectAnswers(pair, replies, [
      [400, 'parameter_invalid'],
      [404, 'resource_missing'],
    ]);
    for (const i of [4, 15, 16, 25]) expect(replies[i]!.status, JSON.stringify(replies[i]!.body)).toBe(200);
    const ids = (record: any) => record.mappings.map((mapping: any) => mapping.match.id as string);
    const ops = replies.flatMap((reply, i) => (reply.status === 200 ? [{ apply: requests[i]!.apply, after: ids(reply.body) }] : []));
    const record = await ok(req(1, 'GET', path));
    expect(await ok(req(0, 'GET', path))).toEqual(record);
    const final = ids(record);
    expect([...final].sort()).toEqual([...initial.filter((id) => id !== removed), fresh].sort());
    expect(serialisable(initial, ops, final)).toBe(true);
    await expectPositions('cat_configuration_mappings', 'configuration_id', config.id, final.length);
    const toolMatches = record.mappings.flatMap((mapping: any) => mapping.toolMatches);
    expect([...toolMatches].sort()).toEqual(['crossFileRepeated', 'fuzzy5074', 'fuzzy7584', 'inContextExact', 'locked', 'new', 'perfect', 'repeated']);
    expect(record.mappings.find((mapping: any) => mapping.match.id === fresh).toolMatches.sort()).toEqual(['fuzzy5074', 'new']);
  }, 120_000);

  it('group derivations stay equal to a recomputation from the jobs after concurrent job adds, updates, moves, removals and deletes', async () => {
    const groups = [
      (await ok(req(0, 'POST', '/v2/groups', { name: 'Main', client: w.client, dueDate: '2031-06-30' }), 201)).id as string,
      (await ok(req(1, 'POST', '/v2/groups', { name: 'Other', client: w.client }), 201)).id as string,
    ];
    // 14 jobs created at once, every third by the second user, due dates apart.
    const jobs: string[] = (
      await Promise.all(Array.from({ length: 14 }, (_, i) => newJob(i, { dueDate: `2030-0${1 + (i % 9)}-1${i % 10}` }, i % 3 === 2 ? second.key : undefined)))
    ).map((job) => job.id);
    const world: GroupWorld = {
      ...{ pair, req, groups, client: w.client, jobs, users: [owner, second.id], services: w.services },
      ownDueDates: ['2031-06-30T00:00:00.000Z', null],
      deleted: new Set(),
    };
    // Round 0: jobs 0–9 and 13 join the first group, 10–11 the second, all at once.
    const joins = await Promise.all(
      jobs.map((job, i) => (i === 12 ? null : req(i, 'POST', `/v2/groups/${groups[i === 10 || i === 11 ? 1 : 0]}/jobs/${job}`))).filter((p) => p !== null),
    );
    expectAnswers(pair, joins, []);
    await checkGroup(world);
    for (let round = 1; round <= 5; round++) {
      await groupRound(world, round);
      await checkGroup(world);
    }
  }, 240_000);
});
