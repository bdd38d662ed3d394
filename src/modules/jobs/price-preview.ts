import type { Ctx } from '../../core/context.js';
import type { NamedLine } from '../price-lines/index.js';
import { toJob } from './assembly.js';
import { newJobDraft } from './draft.js';
import { defaultExtras, defaultParts } from './extensions.js';
import { estimationFrom } from './pricing.js';
import { jobRepository as repo } from './repository.js';
import type { JobPricePreviewObject, JobPricePreviewParams } from './schemas.js';

/**
 * `GET /v2/jobs/price-preview` (docs/jobs.md#price-preview): the price and the estimation that
 * `POST /v2/jobs` with the same parameters would give, before the job exists. The same code as
 * creation builds the job (newJobDraft: validation, currency, price resolution, lines) and the
 * same engine computes its estimation; nothing is written.
 */
export async function previewJobPrice(ctx: Ctx, params: JobPricePreviewParams): Promise<JobPricePreviewObject> {
  const { row, lines, pair } = await newJobDraft(ctx, params);
  // The entries of a taken price come with their categories' names (newJobDraft).
  const named = lines as NamedLine[];
  const targetMargin = (await repo.account(ctx.db, ctx.accountId))?.target_margin ?? '0.3';
  const estimation = estimationFrom(row, {
    lines: named,
    outsourcing: [],
    client: { currency: row.client_currency, minimum_fee: row.client_minimum_fee },
    // A new job has no trackers and is on no document (as store.ts assumes for a created job).
    extras: defaultExtras(),
    targetMargin,
  });
  const job = toJob(
    row,
    { lines: named, outsourcing: [], outsourcingItems: [], pair: pair ?? undefined, labels: [], parts: defaultParts(), targetMargin },
    estimation,
  );
  const minimumFee = row.client_currency === row.currency && row.client_minimum_fee !== null ? Number(row.client_minimum_fee) : null;
  return { object: 'job_price_preview', client: job.client, currency: job.currency, minimumFee, quantity: job.quantity, estimation: job.estimation };
}
