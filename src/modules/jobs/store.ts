import type { Ctx } from '../../core/context.js';
import { columnsOf } from '../../core/db/columns.js';
import { notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import type { LanguagePairReference } from '../language-pairs/index.js';
import type { Line, NamedLine, StoredLine } from '../price-lines/index.js';
import { needsRates, readJobs, toJob } from './assembly.js';
import { accountRates } from './profitability.js';
import { defaultExtras, jobExtensions, loadExtras } from './extensions.js';
import { estimationFrom } from './pricing.js';
import type { JobEstimation } from '../estimation/index.js';
import { jobDay } from '../exchange-rates/index.js';
import { jobRepository as repo, type JobRow, type JobRowWithNames } from './repository.js';
import type { JobObject } from './schemas.js';

/**
 * The job store: the one place where a job is loaded for a write and written. A service loads a job
 * (locked, with its match lines and the names of what it references), changes the plain object —
 * row fields, lines — and saves it. Saving writes what differs from what was loaded (the row's
 * changed columns, the changed lines only), computes the stored estimation from the job as it is
 * now and writes it in the same statement as the row (docs/estimation.md), lets the extensions
 * follow (the job's group), records `job.created` / `job.updated` (and `job.status_changed` when its
 * status moved) and answers the job object.
 *
 * What is known is not read again (docs/performance.md, "Writes answered from what they store"):
 * the row and the lines as saved build the answer and the estimation, with the parts of the job
 * read once for both. Two cases read back instead: a reference changed without its name (a new
 * client, service, …: the answer needs the new names), or a line without its category's name.
 */
export interface StoredJob {
  /** The row, with the names of what it references. Change its columns; the names follow a reference only when set with it. */
  row: JobRowWithNames;
  /** The match lines in order; a line without `name` is named by reading it back after the write. */
  lines: Array<Line & { name?: string }>;
  /** The job's language pair reference when the caller holds it (validated): not read for the answer. */
  pair?: LanguagePairReference | null;
}

/** What a job was when loaded (null: a new job), to write only what changed. */
interface Loaded {
  row: JobRowWithNames | null;
  lines: readonly StoredLine[];
}

const loaded = new WeakMap<StoredJob, Loaded>();

const JOB_COLUMNS = columnsOf('jobs');

/** The columns a reference's names come from: a changed id whose names were not set with it is read back. */
const NAMES_OF: ReadonlyArray<[keyof JobRow, ReadonlyArray<keyof JobRowWithNames>]> = [
  ['client_id', ['client_name', 'client_currency', 'client_minimum_fee']],
  ['service_id', ['service_name']],
  ['unit_id', ['unit_name']],
  ['domain_id', ['domain_name']],
  ['user_id', ['user_name']],
  ['project_manager_id', ['project_manager_name']],
];

function changedColumns(before: JobRow, after: JobRow): Partial<JobRow> {
  const changes: Record<string, unknown> = {};
  for (const column of JOB_COLUMNS) if (after[column] !== before[column]) changes[column] = after[column];
  return changes;
}

/** The row's own columns (its names left out). */
function columnsOnly(row: JobRowWithNames): JobRow {
  const result: Record<string, unknown> = {};
  for (const column of JOB_COLUMNS) result[column] = row[column];
  return result as unknown as JobRow;
}

const namesKnown = (before: JobRowWithNames, after: JobRowWithNames) =>
  NAMES_OF.every(([id, names]) => after[id] === before[id] || names.every((name) => after[name] !== before[name]));

const sameLines = (before: readonly StoredLine[], after: StoredJob['lines']) =>
  before.length === after.length &&
  after.every((line, i) => {
    const old = before[i]!;
    return (
      old.id === line.id &&
      old.value === line.value &&
      (old.entry?.unitCost ?? null) === (line.entry?.unitCost ?? null) &&
      (old.entry?.percentage ?? null) === (line.entry?.percentage ?? null)
    );
  });

const isNamed = (lines: StoredJob['lines']): lines is NamedLine[] => lines.every((line) => line.name !== undefined);

async function loadIfAny(ctx: Ctx, id: string): Promise<StoredJob | undefined> {
  // The row first (it takes the lock on PostgreSQL), then its lines.
  const row = await repo.findWithNamesForUpdate(ctx.db, ctx.dialect, ctx.accountId, id);
  if (!row) return undefined;
  const lines = (await repo.lines(ctx.db, ctx.accountId, [id])).get(id) ?? [];
  const job: StoredJob = { row: { ...row }, lines: lines.map((line) => ({ ...line })) };
  loaded.set(job, { row, lines });
  return job;
}

/**
 * Writes the job, its estimation and what follows it; answers the job object and whether anything
 * was written. `recomputing`: only the estimation may have changed (an input owned by another
 * module); nothing else follows when it did not.
 */
async function write(ctx: Ctx, job: StoredJob, recomputing: boolean): Promise<{ object: JobObject; written: boolean }> {
  const before = loaded.get(job);
  if (!before) throw new Error('jobStore.save: a job not given by jobStore.load or jobStore.create');
  const created = before.row === null;
  const id = job.row.id;
  const changes = before.row ? changedColumns(before.row, job.row) : {};
  delete changes.estimation;
  const linesChanged = created ? job.lines.length > 0 : !sameLines(before.lines, job.lines);
  const known = (created || namesKnown(before.row!, job.row)) && isNamed(job.lines);
  let written = created || Object.keys(changes).length > 0 || linesChanged;
  const storeLines = () => (linesChanged ? repo.replaceLines(ctx.db, ctx.accountId, id, job.lines, created ? [] : before.lines) : undefined);

  if (!known) {
    // Written first, then read back with the names (docs/performance.md: the rare case).
    if (created) await repo.insert(ctx.db, columnsOnly(job.row));
    else if (Object.keys(changes).length > 0) await repo.update(ctx.db, ctx.accountId, id, changes);
    await storeLines();
  }
  // A new job has no trackers and is on no document yet (see readJobs).
  const [[read], extras] = await Promise.all([
    readJobs(ctx, [id], { created, known: known ? { row: job.row, lines: job.lines as NamedLine[], pair: job.pair } : undefined }),
    created ? new Map([[id, defaultExtras()]]) : loadExtras(ctx, [id]),
  ]);
  if (!read) throw notFound('job', id);
  const { row, loaded: parts } = read;
  const estimation = estimationFrom(row, {
    lines: parts.lines,
    outsourcing: parts.outsourcingItems,
    client: { currency: row.client_currency, minimum_fee: row.client_minimum_fee },
    extras: extras.get(id)!,
    targetMargin: parts.targetMargin,
    day: jobDay(row),
  });
  const stored = JSON.stringify(estimation);
  const estimationChanged = stored !== (before.row?.estimation ?? row.estimation);
  if (known) {
    // The estimation in the same statement as the row: never a second UPDATE.
    if (created) await repo.insert(ctx.db, { ...columnsOnly(job.row), estimation: stored });
    else if (Object.keys(changes).length > 0 || estimationChanged)
      await repo.update(ctx.db, ctx.accountId, id, estimationChanged ? { ...changes, estimation: stored } : changes);
    await storeLines();
  } else if (estimationChanged) {
    await repo.update(ctx.db, ctx.accountId, id, { estimation: stored });
  }
  written ||= estimationChanged;
  const saved = { ...row, estimation: stored };
  job.row = { ...saved };
  job.lines = parts.lines.map((line) => ({ ...line }));
  loaded.set(job, { row: saved, lines: parts.lines.map((line, position) => ({ ...line, position })) });
  const object = toJob(saved, parts, estimation, needsRates(saved, estimation) ? await accountRates(ctx) : undefined);
  if (recomputing && !written) return { object, written };
  // The row is locked since it was loaded: its group is known.
  const groups = row.group_id ? [row.group_id] : [];
  for (const extension of jobExtensions.list()) await extension.jobsChanged?.(ctx, [id], groups);
  return { object, written };
}

export const jobStore = {
  /** The job of the caller, locked until the end of the transaction, with its lines and names (404 otherwise). */
  async load(ctx: Ctx, id: string): Promise<StoredJob> {
    const job = await loadIfAny(ctx, id);
    if (!job) throw notFound('job', id);
    return job;
  },

  /** Only the lock and the row, for a write that changes no column of the job (group membership, a document line). */
  async lock(ctx: Ctx, id: string): Promise<JobRow> {
    const row = await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, id);
    if (!row) throw notFound('job', id);
    return row;
  },

  /**
   * The total of a job's stored estimation, as the exact decimal string it was stored with: the
   * row is saved with its estimation in one statement (save), so the row is enough and the job
   * object need not be built (the object's `estimation.total` is the same figure as a number).
   */
  estimationTotal(row: Pick<JobRow, 'estimation'>): string {
    return (JSON.parse(row.estimation) as JobEstimation).total;
  },

  /** A new job to save: its row (with the names of what it references) and its lines. */
  create(job: StoredJob): StoredJob {
    const draft: StoredJob = { row: job.row, lines: job.lines, pair: job.pair };
    loaded.set(draft, { row: null, lines: [] });
    return draft;
  },

  /**
   * Saves a job given by load or create (see above) and records `job.created` or `job.updated`:
   * every save of a request is a change the request made. The object stays usable: saving it
   * again writes what changed since.
   */
  async save(ctx: Ctx, job: StoredJob): Promise<JobObject> {
    const before = loaded.get(job)?.row;
    const created = before === null;
    const { object } = await write(ctx, job, false);
    await recordEvent(ctx, created ? 'job.created' : 'job.updated', object);
    // docs/webhooks.md#event-types: the job after the change, with the status it left.
    if (before && before.status !== object.status) await recordEvent(ctx, 'job.status_changed', { ...object, previousStatus: before.status });
    return object;
  },

  /**
   * Recomputes the stored estimation of some jobs of the caller after an input owned by another
   * module changed (a client's minimum fee, a tracker, …); unknown ids are skipped. A job whose
   * estimation changed is written, its group follows and `job.updated` is recorded; the others
   * are left as they are. Every job (and its group) is locked first, in id order (lockAll).
   */
  async recompute(ctx: Ctx, ids: readonly string[]): Promise<void> {
    await jobStore.lockAll(ctx, ids);
    for (const id of new Set(ids)) {
      const job = await loadIfAny(ctx, id);
      if (!job) continue;
      const { object, written } = await write(ctx, job, true);
      if (written) await recordEvent(ctx, 'job.updated', object);
    }
  },

  /**
   * Before a write of several jobs in one transaction (PostgreSQL; SQLite serialises write
   * transactions): locks every job of the caller among `ids` in id order, then what writing them
   * locks next (their groups, in id order, through `lockWithJobs`). Saving a job refreshes its
   * group, locked until the end: locking the next job while holding that group would deadlock
   * with a write of that job waiting for the group, and two writers taking jobs, or groups, in
   * different orders would deadlock with each other. Unknown ids are skipped (the caller answers them).
   */
  async lockAll(ctx: Ctx, ids: readonly string[]): Promise<void> {
    if (ctx.dialect !== 'postgres' || ids.length === 0) return;
    const sorted = [...new Set(ids)].sort();
    for (const id of sorted) await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, id);
    for (const extension of jobExtensions.list()) await extension.lockWithJobs?.(ctx, sorted);
  },

  /** The job's updated_at after a change of a part that is no input of its estimation (labels, notes, files); the caller records the event. */
  touch(ctx: Ctx, id: string, now: string): Promise<void> {
    return repo.update(ctx.db, ctx.accountId, id, { updated_at: now });
  },

  /**
   * Group membership (docs/groups.md), written by the groups module on a locked job: a job joins
   * a group after its last job, leaves it, or every job leaves a deleted group. Membership is no
   * input of the estimation; the caller refreshes the groups and records the events.
   */
  async joinGroup(ctx: Ctx, jobId: string, groupId: string, now: string): Promise<void> {
    await repo.setGroup(ctx.db, ctx.accountId, jobId, groupId, await repo.nextGroupPosition(ctx.db, ctx.accountId, groupId), now);
  },

  leaveGroup(ctx: Ctx, jobId: string, now: string): Promise<void> {
    return repo.setGroup(ctx.db, ctx.accountId, jobId, null, null, now);
  },

  releaseGroup(ctx: Ctx, groupId: string, now: string): Promise<void> {
    return repo.releaseGroup(ctx.db, ctx.accountId, groupId, now);
  },

  /** The CAT analysis files behind the job's match lines (`quantity.catFile.fileIds`): set by an import, whose price edit then saves the job. */
  async setCatFiles(ctx: Ctx, id: string, fileIds: readonly string[]): Promise<void> {
    await repo.update(ctx.db, ctx.accountId, id, { cat_file_ids: JSON.stringify(fileIds) });
  },
};
