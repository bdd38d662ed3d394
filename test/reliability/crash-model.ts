import { createHash, randomBytes } from 'node:crypto';

/**
 * The writers of test/reliability/crash.test.ts and the ledger of what the server acknowledged.
 *
 * Each writer is a loop of requests on its own jobs, one request at a time: so at most one request
 * per writer (hence per job) is unanswered when the server is killed. A 2xx answer is recorded in
 * the ledger (the job object it answered, the uploaded file's hash); the one unanswered request of
 * a writer is kept as `pending`: after the restart its effect may or may not be there, but nothing
 * else may differ from the ledger.
 */

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Fields {
  name: string;
  additionalInfo: string | null;
  externalReference: string;
  purchaseOrder: string;
  progress: number;
}
export interface Price {
  matches: Array<{ id: string; value: number }>;
  discount: number;
}
/** What a job object shows of the writers' changes. */
export interface Snap {
  fields: Fields;
  price: Price;
  notes: Record<string, string>;
  files: Record<string, { name: string; size: number }>;
  trackers: Record<string, { running: boolean; duration: number }>;
}
export interface JobRec {
  id: string;
  writer: number;
  snap: Snap;
  /** SHA-256 of each file's acknowledged content, and whether a download checked it. */
  sha: Map<string, string>;
  checked: Set<string>;
}
export type Pending = { writer: number } & (
  | { kind: 'create'; name: string; quantity: number }
  | { kind: 'update'; jobId: string; fields: Fields }
  | { kind: 'price'; jobId: string; price: Price }
  | { kind: 'note'; jobId: string; content: string }
  | { kind: 'upload'; jobId: string; name: string; size: number; sha256: string }
  | { kind: 'deleteFile'; jobId: string; fileId: string }
  | { kind: 'start'; jobId: string }
  | { kind: 'stop'; jobId: string; trackerId: string; duration: number }
);
export type OpKind = Pending['kind'];

export interface World {
  key: string;
  client: string;
  service: string;
  unit: string;
  matches: string[];
}

export interface Ledger {
  jobs: Map<string, JobRec>;
  /** Requests of the last round that got no answer (one per writer at most). */
  pending: Pending[];
  /** Unanswered uploads and deletes so far: each may leave one unreferenced blob behind. */
  ambiguousBlobs: number;
  counter: number;
}

export const newLedger = (): Ledger => ({ jobs: new Map(), pending: [], ambiguousBlobs: 0, counter: 0 });

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export function snapOf(job: any): Snap {
  return {
    fields: {
      name: job.name,
      additionalInfo: job.additionalInfo,
      externalReference: job.externalReference,
      purchaseOrder: job.purchaseOrder,
      progress: job.progress,
    },
    price: { matches: byId(job.quantity.matches.map((m: any) => ({ id: m.id, value: m.value }))), discount: job.discount },
    notes: Object.fromEntries(job.notes.map((n: any) => [n.id, n.content])),
    files: Object.fromEntries(job.files.map((f: any) => [f.id, { name: f.name, size: f.size }])),
    trackers: Object.fromEntries(job.timeTrackers.list.map((e: any) => [e.id, { running: e.running, duration: e.duration }])),
  };
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Raised when a request got no (complete) answer: the server is gone. */
export class NoAnswer extends Error {}

export interface Answer {
  status: number;
  body: any;
}

export async function send(
  base: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  multipart?: { name: string; content: Buffer },
): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
  let payload: Buffer | string | undefined;
  if (multipart) {
    const boundary = `----crash${randomBytes(8).toString('hex')}`;
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${multipart.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      multipart.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let text: string;
  let status: number;
  try {
    const response = await fetch(`${base}${path}`, { method, headers, body: payload });
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new NoAnswer(String(error));
  }
  return { status, body: text ? JSON.parse(text) : undefined };
}

export interface RoundState {
  base: string;
  world: World;
  ledger: Ledger;
  alive: () => boolean;
  acked: Record<string, number>;
  /** Called after each acknowledged write. */
  onAck: () => void;
  /** Answers that were neither 2xx nor a lost connection: test failures. */
  failures: string[];
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function chooseOp(random: () => number, jobs: JobRec[]): { kind: OpKind; job?: JobRec } {
  if (jobs.length === 0 || random() < 0.12) return { kind: 'create' };
  const job = pick(random, jobs);
  const running = Object.entries(job.snap.trackers).find(([, e]) => e.running);
  const weights: Array<[OpKind, number]> = [
    ['update', 2],
    ['price', 2],
    ['note', 2],
    ['upload', 2],
    ['deleteFile', Object.keys(job.snap.files).length > 0 ? 0.6 : 0],
    [running ? 'stop' : 'start', 1.5],
  ];
  let roll = random() * weights.reduce((sum, [, w]) => sum + w, 0);
  for (const [kind, w] of weights) {
    roll -= w;
    if (roll < 0) return { kind, job };
  }
  return { kind: 'update', job };
}

/** One writer: requests on its own jobs until the server is gone (or a request fails). */
export async function writer(state: RoundState, index: number, random: () => number): Promise<void> {
  const { base, world, ledger } = state;
  const call = (method: string, path: string, body?: unknown, multipart?: { name: string; content: Buffer }) =>
    send(base, world.key, method, path, body, multipart);
  const expectStatus = (answer: Answer, status: number, what: string) => {
    if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  while (state.alive()) {
    const jobs = [...ledger.jobs.values()].filter((job) => job.writer === index);
    const { kind, job } = chooseOp(random, jobs);
    const n = (ledger.counter += 1);
    let pending: Pending | undefined;
    try {
      if (kind === 'create') {
        const name = `w${index} job ${n}`;
        const quantity = 100 + Math.floor(random() * 5000);
        pending = { writer: index, kind, name, quantity };
        const answer = await call('POST', '/v2/jobs', { name, client: world.client, service: world.service, quantityType: world.unit, quantity });
        expectStatus(answer, 201, 'POST /v2/jobs');
        if (answer.body.name !== name || answer.body.quantity.value !== quantity) throw new Error(`create answered ${JSON.stringify(answer.body)}`);
        ledger.jobs.set(answer.body.id, { id: answer.body.id, writer: index, snap: snapOf(answer.body), sha: new Map(), checked: new Set() });
      } else if (kind === 'update') {
        const fields: Fields = {
          name: `w${index} job ${n} renamed`,
          additionalInfo: random() < 0.3 ? null : `info ${n}`,
          externalReference: `EXT-${n}`,
          purchaseOrder: `PO-${n}`,
          progress: Math.floor(random() * 101),
        };
        pending = { writer: index, kind, jobId: job!.id, fields };
        const answer = await call('PUT', `/v2/jobs/${job!.id}`, fields);
        expectStatus(answer, 200, 'PUT /v2/jobs/:id');
        if (!same(snapOf(answer.body).fields, fields))
          throw new Error(`update answered ${JSON.stringify(snapOf(answer.body).fields)} for ${JSON.stringify(fields)}`);
        job!.snap = snapOf(answer.body);
      } else if (kind === 'price') {
        const count = 1 + Math.floor(random() * 3);
        const ids = [...world.matches].sort(() => random() - 0.5).slice(0, count);
        const price: Price = { matches: byId(ids.map((id) => ({ id, value: Math.floor(random() * 2000) }))), discount: pick(random, [0, 0.05, 0.1]) };
        pending = { writer: index, kind, jobId: job!.id, price };
        const answer = await call('PUT', `/v2/jobs/${job!.id}/price`, price);
        expectStatus(answer, 200, 'PUT /v2/jobs/:id/price');
        if (!same(snapOf(answer.body).price, price))
          throw new Error(`price answered ${JSON.stringify(snapOf(answer.body).price)} for ${JSON.stringify(price)}`);
        job!.snap = snapOf(answer.body);
      } else if (kind === 'note') {
        const content = `note ${n} of w${index}`;
        pending = { writer: index, kind, jobId: job!.id, content };
        const answer = await call('POST', `/v2/jobs/${job!.id}/notes`, { content });
        expectStatus(answer, 200, 'POST /v2/jobs/:id/notes');
        if (!answer.body.notes.some((note: any) => note.content === `<p>${content}</p>`))
          throw new Error(`note missing from ${JSON.stringify(answer.body.notes)}`);
        job!.snap = snapOf(answer.body);
      } else if (kind === 'upload') {
        const size = random() < 0.15 ? 256 * 1024 + Math.floor(random() * 1_300_000) : 1 + Math.floor(random() * 32 * 1024);
        const content = randomBytes(size);
        const name = `w${index}-file-${n}.bin`;
        const hash = sha256(content);
        pending = { writer: index, kind, jobId: job!.id, name, size, sha256: hash };
        const answer = await call('POST', `/v2/jobs/${job!.id}/files/upload`, undefined, { name, content });
        expectStatus(answer, 201, 'POST /v2/jobs/:id/files/upload');
        if (answer.body.name !== name || answer.body.size !== size) throw new Error(`upload answered ${JSON.stringify(answer.body)}`);
        job!.snap.files[answer.body.id] = { name, size };
        job!.sha.set(answer.body.id, hash);
      } else if (kind === 'deleteFile') {
        const fileId = pick(random, Object.keys(job!.snap.files));
        pending = { writer: index, kind, jobId: job!.id, fileId };
        const answer = await call('DELETE', `/v2/jobs/${job!.id}/files/${fileId}`);
        expectStatus(answer, 204, 'DELETE /v2/jobs/:id/files/:fileId');
        delete job!.snap.files[fileId];
        job!.sha.delete(fileId);
        job!.checked.delete(fileId);
      } else if (kind === 'start') {
        pending = { writer: index, kind, jobId: job!.id };
        const answer = await call('POST', `/v2/jobs/${job!.id}/trackers/start`);
        expectStatus(answer, 200, 'POST /v2/jobs/:id/trackers/start');
        const snap = snapOf(answer.body);
        const added = Object.keys(snap.trackers).filter((id) => !(id in job!.snap.trackers));
        if (added.length !== 1 || !snap.trackers[added[0]!]!.running) throw new Error(`start answered ${JSON.stringify(answer.body.timeTrackers)}`);
        job!.snap = snap;
      } else {
        const trackerId = Object.entries(job!.snap.trackers).find(([, e]) => e.running)![0];
        const duration = 1000 + Math.floor(random() * 3_600_000);
        pending = { writer: index, kind: 'stop', jobId: job!.id, trackerId, duration };
        const answer = await call('PUT', `/v2/jobs/${job!.id}/trackers/stop/${trackerId}`, { duration });
        expectStatus(answer, 200, 'PUT /v2/jobs/:id/trackers/stop/:trackerId');
        const snap = snapOf(answer.body);
        if (!same(snap.trackers[trackerId], { running: false, duration })) throw new Error(`stop answered ${JSON.stringify(answer.body.timeTrackers)}`);
        job!.snap = snap;
      }
      state.acked[kind] = (state.acked[kind] ?? 0) + 1;
      state.onAck();
    } catch (error) {
      if (error instanceof NoAnswer) {
        ledger.pending.push(pending!);
        return;
      }
      state.failures.push(`writer ${index}, ${kind}: ${(error as Error).message}`);
      return;
    }
  }
}
