import fastJson from 'fast-json-stringify';
import { FRESHNESS } from '../../core/db/freshness.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { viewCache } from '../../core/view-cache.js';
import { loadJobs } from './assembly.js';
import { Job } from './schemas.js';

/**
 * The job view cache (core/view-cache.ts): job objects as JSON, checked against `job_versions`,
 * bumped by triggers on the job's row and its own parts, and the account's `view_epochs`
 * (migration 0014).
 */
const versionsOf = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db
    .selectFrom('job_versions as v')
    .leftJoin('view_epochs as e', 'e.account_id', 'v.account_id')
    .select(['v.job_id as id', 'v.version', 'e.epoch'])
    .where('v.account_id', '=', p.accountId)
    .where('v.job_id', 'in', p.ids),
);

export const jobViews = viewCache({
  table: { versions: FRESHNESS.jobViews.versions, key: FRESHNESS.jobViews.key },
  versions: (ctx, ids) => versionsOf(ctx.db, { accountId: ctx.accountId, ids }),
  build: loadJobs,
  serialize: fastJson(Job),
  schema: Job,
});
