/** The tab of `/settings/prices`, for clients' or for suppliers' prices. */
export type AccountPricesTab = 'clients' | 'suppliers';

/** The tab in the address (`?for=suppliers`); anything else is the clients' tab. */
export const parseAccountPricesSearch = (search: Record<string, unknown>): { for?: AccountPricesTab } =>
  search.for === 'suppliers' ? { for: 'suppliers' } : {};
