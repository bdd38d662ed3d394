import type { Ctx } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import type { PortalCtx, PortalPrincipal } from '../../core/portal.js';
import { offerRounds, supplierAnswers, type SupplierAnswer } from '../outsourcing/index.js';
import type { OutsourcingObject } from '../outsourcing-view/index.js';
import { onPortalOf } from '../outsourcing-view/index.js';
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

/** The work as the supplier sees it, with the expiry of the offer rounds it belongs to. */
async function withExpiries(ctx: Ctx, outsourcing: readonly OutsourcingObject[]): Promise<PortalWorkObject[]> {
  const expiries = await offerRounds.expiriesOf(
    ctx,
    outsourcing.map((item) => item.id),
  );
  const now = new Date().toISOString();
  return outsourcing.map((item) => toPortalWork(item, expiries.get(item.id) ?? null, now));
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
    const party = partyCtx(ctx);
    const work = await withExpiries(party, await onPortalOf(party, supplierId, LIST_LIMIT));
    return states === undefined || states.length === 0 ? work : work.filter((item) => states.includes(item.state));
  },

  async get(ctx: PortalCtx, id: string): Promise<PortalWorkObject> {
    const supplierId = supplierOf(ctx.principal);
    const party = partyCtx(ctx);
    const [found] = supplierId === undefined ? [] : await onPortalOf(party, supplierId, 1, id);
    if (found === undefined) throw notFound('work', id);
    return (await withExpiries(party, [found]))[0]!;
  },

  /** `mailing`: e-mail is configured (an acceptance that wins an offer round tells the other suppliers). */
  async answer(ctx: PortalCtx, id: string, answer: SupplierAnswer, mailing = false): Promise<PortalWorkObject> {
    const supplierId = supplierOf(ctx.principal);
    if (supplierId === undefined) throw notFound('work', id);
    await supplierAnswers.answer(partyCtx(ctx), supplierId, id, answer, mailing);
    return supplierWork.get(ctx, id);
  },
};
