import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { notFound } from '../../core/errors.js';
import { parentChanged, type ParentResource } from '../../core/parent-resource.js';
import { Id, errorResponses } from '../../core/schemas.js';
import { masterData, labels as labelKind } from '../master-data/index.js';
import { preparedQuery } from '../../core/db/prepared.js';

/**
 * Labels attached to records (docs/master-data.md, labels): one mechanism, registered by each labelled
 * parent (clients, suppliers, jobs, groups, invoices, quotes, purchase orders) with its descriptor
 * (`ParentResource`, whose `resource` is stored in entity_labels.entity_type).
 */
export const LabelObject = Type.Object({ id: Type.String(), name: Type.String(), color: Type.String() });
export interface Label {
  id: string;
  name: string;
  color: string;
}

const labelsOf = preparedQuery((db, p: { accountId: string; entityType: string; ids: readonly string[] }) =>
  db
    .selectFrom('entity_labels')
    .innerJoin('labels', 'labels.id', 'entity_labels.label_id')
    .select(['entity_labels.entity_id as entityId', 'labels.id as id', 'labels.name as name', 'labels.color as color'])
    .where('entity_labels.account_id', '=', p.accountId)
    .where('entity_labels.entity_type', '=', p.entityType)
    .where('entity_labels.entity_id', 'in', p.ids)
    .orderBy('entity_labels.created_at')
    .orderBy('labels.name_key'),
);

export const entityLabels = {
  /** The labels of several records of one type at once, in the order they were attached. */
  async listFor(ctx: Ctx, entityType: string, ids: readonly string[]): Promise<Map<string, Label[]>> {
    const result = new Map<string, Label[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return result;
    const rows = await labelsOf(ctx.db, { accountId: ctx.accountId, entityType, ids });
    for (const row of rows) result.get(row.entityId)?.push({ id: row.id, name: row.name, color: row.color });
    return result;
  },

  /** Ids of the records of one type carrying any of the labels (for `label[]` filters). */
  entityIdsWithLabels(ctx: Ctx, entityType: string, labelIds: readonly string[]) {
    return ctx.db
      .selectFrom('entity_labels')
      .select('entity_id')
      .where('account_id', '=', ctx.accountId)
      .where('entity_type', '=', entityType)
      .where('label_id', 'in', [...labelIds]);
  },

  /** How many attachments of the labels records of one type have (a record with two of them counts twice). */
  async countAttached(ctx: Ctx, entityType: string, labelIds: readonly string[]): Promise<number> {
    const row = await ctx.db
      .selectFrom('entity_labels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', ctx.accountId)
      .where('entity_type', '=', entityType)
      .where('label_id', 'in', [...labelIds])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /**
   * "This record carries any of the labels", as a condition on the record's id column (`jobs.id`):
   * one probe of the attachments' primary key (entity type, entity id, label) per record. The label
   * ids must be the account's (then so are their attachments).
   */
  carriesAnyLabel(entityType: string, idColumn: string, labelIds: readonly string[]) {
    return sql<boolean>`exists (select 1 from entity_labels where entity_labels.entity_type = ${entityType} and entity_labels.entity_id = ${sql.ref(idColumn)} and entity_labels.label_id in (${sql.join(labelIds)}))`;
  },

  /** A record's own attachments go with it when it is deleted. */
  async removeAll(ctx: Ctx, entityType: string, entityId: string): Promise<void> {
    await ctx.db
      .deleteFrom('entity_labels')
      .where('account_id', '=', ctx.accountId)
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', entityId)
      .execute();
  },
};

async function labelInPath(ctx: Ctx, labelId: string): Promise<void> {
  try {
    await masterData.get(ctx, labelKind, labelId);
  } catch {
    throw notFound('label', labelId);
  }
}

export function labelRoutes<T>(parent: ParentResource<T>): FastifyPluginAsyncTypebox {
  const params = Type.Object({ id: Id(), labelId: Id() }, { additionalProperties: false });
  const path = `${parent.basePath}/:id/labels/:labelId`;
  const schema = (summary: string) => ({ tags: [parent.tag], summary, params, response: { 200: parent.schema, ...errorResponses } });

  return async (app) => {
    app.post(path, { schema: schema(`Attach a label to a ${parent.resource}`) }, async (request) =>
      app.inTransaction(request, async (ctx) => {
        const { id, labelId } = request.params;
        await parent.load(ctx, id);
        await labelInPath(ctx, labelId);
        const attached = await ctx.db
          .selectFrom('entity_labels')
          .select('label_id')
          .where('entity_type', '=', parent.resource)
          .where('entity_id', '=', id)
          .where('label_id', '=', labelId)
          .executeTakeFirst();
        // Attaching twice is harmless: the label stays once.
        if (!attached) {
          const now = nowIso();
          await ctx.db
            .insertInto('entity_labels')
            .values({ account_id: ctx.accountId, entity_type: parent.resource, entity_id: id, label_id: labelId, created_at: now })
            .execute();
          return parentChanged(ctx, parent, id, now);
        }
        return parent.load(ctx, id);
      }),
    );

    app.delete(path, { schema: schema(`Detach a label from a ${parent.resource}`) }, async (request) =>
      app.inTransaction(request, async (ctx) => {
        const { id, labelId } = request.params;
        await parent.load(ctx, id);
        const removed = await ctx.db
          .deleteFrom('entity_labels')
          .where('account_id', '=', ctx.accountId)
          .where('entity_type', '=', parent.resource)
          .where('entity_id', '=', id)
          .where('label_id', '=', labelId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw notFound(`label ${labelId} on this ${parent.resource}`);
        return parentChanged(ctx, parent, id);
      }),
    );
  };
}
