import type { Ctx } from '../../core/context.js';

/** The records prices belong to or name: a client (client prices, the `client` of a price) or a supplier (supplier services). */
export type PriceOwnerKind = 'client' | 'supplier';

/** Whether the id is one of the caller's account's records of the kind. */
export type OwnerExists = (ctx: Ctx, id: string) => Promise<boolean>;

let lookups: Readonly<Record<PriceOwnerKind, OwnerExists>> | undefined;

/**
 * The owners of prices, checked by their own modules: prices sit below clients and suppliers and
 * know them only through what the composition (modules/index.ts, composeModules) hands over here
 * before the app serves a request, as the attachments know their parents through a ParentResource.
 */
export const priceOwners = {
  configure(owners: Readonly<Record<PriceOwnerKind, OwnerExists>>): void {
    lookups = owners;
  },

  exists(ctx: Ctx, kind: PriceOwnerKind, id: string): Promise<boolean> {
    if (!lookups) throw new Error('The owners of prices are not configured: build the app (composeModules in src/modules/index.ts) first');
    return lookups[kind](ctx, id);
  },
};
