import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { ApiError, invalid, notFound, stateConflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { toDecimalString } from '../../core/money.js';
import { nowIso } from '../../core/dates.js';
import { JOB_STATUS, jobStore, statusSideEffects } from '../jobs/index.js';
import { INVOICE_TYPE, type KindConfig } from './kinds.js';
import { documentRepository as repo, type DocumentRow, type LineRow } from './repository.js';
import { lineFigures, lineTotal, money } from './totals.js';

/**
 * Lines that come from jobs (invoices, quotes) and outsourcing (purchase orders), and the side
 * effects on jobs (docs/documents.md#rules): a job on an invoice moves to status 4 and its estimation becomes
 * `invoiced` (the estimation reads the lines through the extension in invoicing.ts); off it, back
 * to 3. `param` names the create parameter (400 for an unknown id); without it the id is in the path (404).
 */
const JOB_INVOICED = 4;
const JOB_FINISHED = 3;
const JOB_CANCELLED = 5;
const OUTSOURCING_CANCELLED = 5;

function missingSource(what: string, id: string, param?: string): ApiError {
  return param ? invalid(param, `no ${what} with id ${id}`) : notFound(what, id);
}

async function lockedJob(ctx: Ctx, jobId: string, param?: string) {
  try {
    return await jobStore.lock(ctx, jobId);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'resource_missing') throw missingSource('job', jobId, param);
    throw error;
  }
}

/**
 * Moves invoiced jobs to a status and recomputes their estimation (records `job.updated`). Every
 * job and its group locked first, in id order (`jobs.lockAll`): each recompute refreshes the job's
 * group, and locking the next job while holding it would deadlock with a write of that job.
 */
export async function jobsMoved(ctx: Ctx, jobIds: readonly string[], status: number | null): Promise<void> {
  await jobStore.lockAll(ctx, jobIds);
  for (const id of new Set(jobIds)) {
    const job = await jobStore.load(ctx, id);
    if (status !== null) job.row.status = status;
    job.row.updated_at = nowIso();
    await jobStore.save(ctx, job);
  }
}

/**
 * A quote accepted (docs/documents.md#accepting-a-quote): its jobs' estimation is recomputed (fixed
 * by the quote's lines) and those still not started move to the account's chosen status, with the
 * side effects of that move (the start date when they move in progress). Jobs that moved on
 * already (in progress, finished, on hold, cancelled) keep their status.
 */
export async function jobsOfAcceptedQuote(ctx: Ctx, jobIds: readonly string[], status: number): Promise<void> {
  await jobStore.lockAll(ctx, jobIds);
  const now = nowIso();
  for (const id of new Set(jobIds)) {
    const job = await jobStore.load(ctx, id);
    if (job.row.status === JOB_STATUS.notStarted && status !== JOB_STATUS.notStarted) {
      Object.assign(job.row, statusSideEffects(job.row.status, status, job.row, { progress: false, deliveryDate: false, startDate: false }, now));
      job.row.status = status;
    }
    job.row.updated_at = now;
    await jobStore.save(ctx, job);
  }
}

/**
 * Before adding several sources to a new document: their jobs (and groups) locked in id order
 * (`jobs.lockAll`), so that two documents, or a document and a job write, never wait for each other
 * in opposite orders. Unknown ids are left to addJobLine / addOutsourcingLine (400).
 */
export async function lockSources(ctx: Ctx, kind: KindConfig, sourceIds: readonly string[]): Promise<void> {
  if (ctx.dialect !== 'postgres' || sourceIds.length === 0) return;
  if (kind.source === 'jobs') return jobStore.lockAll(ctx, sourceIds);
  const jobIds: string[] = [];
  for (const id of sourceIds) {
    const item = await repo.outsourcing(ctx.db, ctx.accountId, id);
    if (item) jobIds.push(item.job_id);
  }
  await jobStore.lockAll(ctx, jobIds);
}

export async function addJobLine(ctx: Ctx, kind: KindConfig, doc: DocumentRow, jobId: string, param?: string): Promise<void> {
  const job = await lockedJob(ctx, jobId, param);
  const name = `Job "${job.name}"`;
  if (job.client_id !== doc.client_id) throw stateConflict(`${name} is of another client than this ${kind.noun}`);
  if (job.currency !== doc.currency) throw stateConflict(`${name} is in ${job.currency}, this ${kind.noun} in ${doc.currency}`);
  if (isTrue(job.non_billable)) throw stateConflict(`${name} is non-billable`);
  if (job.status === JOB_CANCELLED) throw stateConflict(`${name} is cancelled`);
  const live = await repo.onLive(ctx.db, ctx.accountId, kind.kind, kind.live, 'job_id', [jobId], kind.hasPayments ? INVOICE_TYPE.invoice : undefined);
  if (live.length > 0) throw stateConflict(`${name} is already on ${live[0]!.document_id === doc.id ? 'this' : 'another'} ${kind.noun}`);
  // docs/documents.md#rules: jobs of a group with `groupOnInvoice` (when added) share one line: a row per job with the
  // group id and the group name, merged into one line when the document is read (assembly.ts).
  const group = job.group_id ? await repo.group(ctx.db, ctx.accountId, job.group_id) : undefined;
  const grouped = group !== undefined && isTrue(group.group_on_invoice);
  const total = money(jobStore.estimationTotal(job), doc.currency);
  const figures = lineFigures(String(job.quantity), total);
  const line: LineRow = {
    id: newId(),
    account_id: ctx.accountId,
    document_id: doc.id,
    position: await repo.nextPosition(ctx.db, doc.id),
    job_id: jobId,
    group_id: grouped ? group.id : null,
    outsourcing_id: null,
    description: grouped ? group.name : job.name,
    quantity: figures.quantity,
    unit_id: job.unit_id,
    unit_cost: figures.unitCost,
    total,
    credited_line_id: null,
  };
  await repo.insertLines(ctx.db, [line]);
  if (kind.hasPayments) await jobsMoved(ctx, [jobId], JOB_INVOICED);
}

export async function removeJobLine(ctx: Ctx, kind: KindConfig, doc: DocumentRow, jobId: string): Promise<void> {
  const rows = await repo.lines(ctx.db, ctx.accountId, [doc.id]);
  const line = rows.find((item) => item.job_id === jobId);
  if (!line) throw notFound(`job ${jobId} on this ${kind.noun}`);
  await repo.deleteLine(ctx.db, ctx.accountId, line.id);
  // A group line (docs/documents.md#rules) keeps its place: the next job of the group takes the first row's position.
  const next = line.group_id === null ? undefined : rows.find((item) => item.group_id === line.group_id && item.job_id !== null && item.id !== line.id);
  if (next && next.position > line.position) await repo.setLinePosition(ctx.db, ctx.accountId, next.id, line.position);
  if (kind.hasPayments) await jobsMoved(ctx, [jobId], JOB_FINISHED);
}

export async function addOutsourcingLine(ctx: Ctx, kind: KindConfig, doc: DocumentRow, outsourcingId: string, param?: string): Promise<void> {
  const found = await repo.outsourcing(ctx.db, ctx.accountId, outsourcingId);
  if (!found) throw missingSource('outsourcing', outsourcingId, param);
  // The job row serialises concurrent writes of its outsourcing (one live purchase order each).
  await jobStore.lock(ctx, found.job_id);
  const item = await repo.outsourcing(ctx.db, ctx.accountId, outsourcingId);
  if (!item) throw missingSource('outsourcing', outsourcingId, param);
  const name = `Outsourcing "${item.name}"`;
  if (item.supplier_id !== doc.supplier_id) throw stateConflict(`${name} is given to another supplier than this ${kind.noun}`);
  if (item.currency !== doc.currency) throw stateConflict(`${name} is in ${item.currency}, this ${kind.noun} in ${doc.currency}`);
  if (item.status === OUTSOURCING_CANCELLED) throw stateConflict(`${name} is cancelled`);
  const live = await repo.onLive(ctx.db, ctx.accountId, kind.kind, kind.live, 'outsourcing_id', [outsourcingId]);
  if (live.length > 0) throw stateConflict(`${name} is already on ${live[0]!.document_id === doc.id ? 'this' : 'another'} ${kind.noun}`);
  const amounts = JSON.parse(item.amounts) as { total: string };
  const total = money(amounts.total, doc.currency);
  const figures = lineFigures(String(item.quantity), total);
  await repo.insertLines(ctx.db, [
    {
      id: newId(),
      account_id: ctx.accountId,
      document_id: doc.id,
      position: await repo.nextPosition(ctx.db, doc.id),
      job_id: null,
      group_id: null,
      outsourcing_id: outsourcingId,
      description: item.name,
      quantity: figures.quantity,
      unit_id: item.unit_id,
      unit_cost: figures.unitCost,
      total,
      credited_line_id: null,
    },
  ]);
}

export async function removeOutsourcingLine(ctx: Ctx, kind: KindConfig, doc: DocumentRow, outsourcingId: string): Promise<void> {
  const line = (await repo.lines(ctx.db, ctx.accountId, [doc.id])).find((item) => item.outsourcing_id === outsourcingId);
  if (!line) throw notFound(`outsourcing ${outsourcingId} on this ${kind.noun}`);
  await repo.deleteLine(ctx.db, ctx.accountId, line.id);
}

/** A free line (docs/documents.md#rules): quantity × unit cost, rounded. */
export function freeLine(
  ctx: Ctx,
  doc: DocumentRow,
  position: number,
  input: { description: string; quantity: number; unitCost: number },
  unitId: string | null,
): LineRow {
  const quantity = toDecimalString(input.quantity);
  const unitCost = toDecimalString(input.unitCost);
  return {
    id: newId(),
    account_id: ctx.accountId,
    document_id: doc.id,
    position,
    job_id: null,
    group_id: null,
    outsourcing_id: null,
    description: input.description.trim(),
    quantity,
    unit_id: unitId,
    unit_cost: unitCost,
    total: lineTotal(quantity, unitCost, doc.currency),
    credited_line_id: null,
  };
}
