import fastJson from 'fast-json-stringify';
import { FRESHNESS } from '../../core/db/freshness.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { viewCache } from '../../core/view-cache.js';
import { loadGroups } from './assembly.js';
import { Group } from './schemas.js';

/**
 * The group view cache (core/view-cache.ts): group objects as JSON, checked against
 * `group_versions`, bumped by triggers on the group's row, its jobs' membership and its own parts
 * (migration 0016), and the account's `view_epochs` (migration 0014).
 */
const versionsOf = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db
    .selectFrom('group_versions as v')
    .leftJoin('view_epochs as e', 'e.account_id', 'v.account_id')
    .select(['v.group_id as id', 'v.version', 'e.epoch'])
    .where('v.account_id', '=', p.accountId)
    .where('v.group_id', 'in', p.ids),
);

export const groupViews = viewCache({
  table: { versions: FRESHNESS.groupViews.versions, key: FRESHNESS.groupViews.key },
  versions: (ctx, ids) => versionsOf(ctx.db, { accountId: ctx.accountId, ids }),
  build: loadGroups,
  serialize: fastJson(Group),
  schema: Group,
});
