/**
 * Whose prices a price grid shows: a client's (GET /v2/clients/:id/prices), a supplier's services
 * (GET /v2/suppliers/:id/services), or the account's own prices for clients or for suppliers
 * (GET /v2/account/prices/clients | suppliers).
 */
export type PriceOwner =
  { kind: 'client'; clientId: string } | { kind: 'supplier'; supplierId: string } | { kind: 'account-client' } | { kind: 'account-supplier' };
