import type { Ctx } from '../../core/context.js';

/**
 * Suppliers offering any of the given services through their supplier services (the `service[]`
 * filter of the supplier listing, docs/reference.md#filters): a subquery of supplier ids.
 */
export function suppliersOfferingServices(ctx: Ctx, serviceIds: readonly string[]) {
  return ctx.db
    .selectFrom('prices')
    .select('owner_supplier_id as supplier_id')
    .where('account_id', '=', ctx.accountId)
    .where('family', '=', 'supplier_service')
    .where('service_id', 'in', [...serviceIds]);
}
