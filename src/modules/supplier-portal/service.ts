import type { Ctx } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import type { PortalCtx, PortalPrincipal } from '../../core/portal.js';
import { supplierAnswers, type SupplierAnswer } from '../outsourcing/index.js';
import { onPortalOf } from '../outsourcing-view/index.js';
import { clientNamesOf } from './client-names.js';
import type { PortalWorkObject, WorkState } from './schemas.js';
import { toPortalWork } from './work.js';

/** The most work one list answers: a freelancer's open and recent work, far below it. */
const LIST_LIMIT = 500;

/**
 * The context the modules below are called with for a portal person: their account, no user, and
 * the person as the actor of what they change (the events' actor `portal`).
 */
export function partyCtx(ctx: PortalCtx): Ctx {
  const { principal } = ctx;
  return {
    db: ctx.db,
    dialect: ctx.dialect,
    accountId: principal.accountId,
    userId: '',
    userName: principal.name,
    actor: { type: 'portal', userId: null, apiKeyId: null, portalPersonId: principal.personId },
  };
}

/** The supplier of the person: a client's person has no work here, whatever they ask for. */
function supplierOf(principal: PortalPrincipal): string | undefined {
  return principal.party.kind === 'supplier' ? principal.party.id : undefined;
}

/** The work as its supplier sees it, with its client's name when the agency shows it. */
async function asSeenBySupplier(ctx: PortalCtx, objects: Parameters<typeof toPortalWork>[0][]): Promise<PortalWorkObject[]> {
  const names = await clientNamesOf(
    ctx.db,
    ctx.principal.accountId,
    objects.map((object) => object.id),
  );
  return objects.map((object) => ({ ...toPortalWork(object), clientName: names.get(object.id) ?? null }));
}

/**
 * The supplier's side of the portal (docs/supplier-portal.md#what-a-supplier-sees): every read and
 * write is scoped by the person's supplier — the outsourcing of another supplier, or one not on the
 * portal, is a 404 like one that does not exist.
 */
export const supplierWork = {
  async list(ctx: PortalCtx, states: readonly WorkState[] | undefined): Promise<PortalWorkObject[]> {
    const supplierId = supplierOf(ctx.principal);
    if (supplierId === undefined) return [];
    const work = await asSeenBySupplier(ctx, await onPortalOf(partyCtx(ctx), supplierId, LIST_LIMIT));
    return states === undefined || states.length === 0 ? work : work.filter((item) => states.includes(item.state));
  },

  async get(ctx: PortalCtx, id: string): Promise<PortalWorkObject> {
    const supplierId = supplierOf(ctx.principal);
    const [found] = supplierId === undefined ? [] : await onPortalOf(partyCtx(ctx), supplierId, 1, id);
    if (found === undefined) throw notFound('work', id);
    const [work] = await asSeenBySupplier(ctx, [found]);
    return work!;
  },

  async answer(ctx: PortalCtx, id: string, answer: SupplierAnswer): Promise<PortalWorkObject> {
    const supplierId = supplierOf(ctx.principal);
    if (supplierId === undefined) throw notFound('work', id);
    await supplierAnswers.answer(partyCtx(ctx), supplierId, id, answer);
    return supplierWork.get(ctx, id);
  },
};
