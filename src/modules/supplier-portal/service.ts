import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import type { PortalCtx, PortalPrincipal } from '../../core/portal.js';
import { offerRounds, supplierAnswers, type SupplierAnswer } from '../outsourcing/index.js';
import type { OutsourcingObject } from '../outsourcing-view/index.js';
import { onPortalOf } from '../outsourcing-view/index.js';
import { clientNamesOf } from './client-names.js';
import type { PortalWorkObject, WorkState } from './schemas.js';
import { purchaseOrderOnAcceptance, purchaseOrderPdf, purchaseOrdersOf } from './purchase-orders.js';
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

/**
 * The work as its supplier sees it: with its purchase order once issued, the expiry of the offer
 * round it belongs to, and its client's name when the agency shows it.
 */
async function asSeenBySupplier(ctx: PortalCtx, supplierId: string, objects: readonly OutsourcingObject[]): Promise<PortalWorkObject[]> {
  const party = partyCtx(ctx);
  const ids = objects.map((object) => object.id);
  const orders = await purchaseOrdersOf(party, supplierId, ids);
  const expiries = await offerRounds.expiriesOf(party, ids);
  const names = await clientNamesOf(ctx.db, ctx.principal.accountId, ids);
  const now = new Date().toISOString();
  return objects.map((object) => ({
    ...toPortalWork(object, { purchaseOrder: orders.get(object.id) ?? null, expiresAt: expiries.get(object.id) ?? null, now }),
    clientName: names.get(object.id) ?? null,
  }));
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
    const work = await asSeenBySupplier(ctx, supplierId, await onPortalOf(partyCtx(ctx), supplierId, LIST_LIMIT));
    return states === undefined || states.length === 0 ? work : work.filter((item) => states.includes(item.state));
  },

  async get(ctx: PortalCtx, id: string): Promise<PortalWorkObject> {
    const supplierId = supplierOf(ctx.principal);
    const party = partyCtx(ctx);
    const [found] = supplierId === undefined ? [] : await onPortalOf(party, supplierId, 1, id);
    if (found === undefined) throw notFound('work', id);
    const [work] = await asSeenBySupplier(ctx, supplierId!, [found]);
    return work!;
  },

  /** The PDF of the work's purchase order: 404 for work not theirs, and while the agency has issued none. */
  async purchaseOrder(ctx: PortalCtx, id: string): Promise<{ content: Buffer; filename: string }> {
    const supplierId = supplierOf(ctx.principal);
    const [found] = supplierId === undefined ? [] : await onPortalOf(partyCtx(ctx), supplierId, 1, id);
    if (found === undefined) throw notFound('work', id);
    const order = (await purchaseOrdersOf(partyCtx(ctx), supplierId!, [id])).get(id);
    if (order === undefined) throw notFound('purchase order of the work', id);
    return purchaseOrderPdf(partyCtx(ctx), order.id);
  },

  /**
   * `config`: the server's, for the e-mails an accept may queue — the purchase order it makes, and
   * the other suppliers told when it wins an offer round.
   */
  async answer(ctx: PortalCtx, id: string, answer: SupplierAnswer, config: Config): Promise<PortalWorkObject> {
    const supplierId = supplierOf(ctx.principal);
    if (supplierId === undefined) throw notFound('work', id);
    await supplierAnswers.answer(partyCtx(ctx), supplierId, id, answer, config.smtp !== undefined);
    // docs/supplier-portal.md#purchase-orders: accepted work may come with its purchase order, in the accept's transaction.
    if (answer.kind === 'accept') await purchaseOrderOnAcceptance(partyCtx(ctx), config, id);
    return supplierWork.get(ctx, id);
  },
};
