/**
 * The four price families of the specification ("Price families", docs/prices.md): one implementation,
 * configured here once per family.
 */
import type { PriceOwnerKind } from './owners.js';

export type FamilyKey = 'supplier_default' | 'client_default' | 'supplier_service' | 'client_price';

export interface PriceOwner {
  /** The kind of the owning record, whose existence in the caller's account its own module checks (owners.ts). */
  kind: PriceOwnerKind;
  /** Column of `prices` holding the owner (ON DELETE CASCADE: the prices are its parts). */
  column: 'owner_client_id' | 'owner_supplier_id';
  /** For messages: "client", "supplier". */
  label: string;
}

export interface PriceFamily {
  key: FamilyKey;
  /** Collection path; `:id` is the owner's id for the two owned families. */
  basePath: string;
  /** Path token of the price record id. */
  recordParam: 'priceId' | 'serviceId';
  owner: PriceOwner | null;
  /** Takes the `client` restriction (create, update, record and search). */
  acceptsClient: boolean;
  /** Has the `hasPrice` flag (supplier services). */
  hasPriceFlag: boolean;
  /** `unitCost` is required on update (the three price families; optional for supplier services). */
  unitCostRequiredOnUpdate: boolean;
  /** Paginated envelope with the search parameters; otherwise a bare array. */
  paginated: boolean;
  /** For messages and OpenAPI summaries. */
  label: string;
  tag: string;
}

export const supplierDefaults: PriceFamily = {
  key: 'supplier_default',
  basePath: '/v2/account/prices/suppliers',
  recordParam: 'priceId',
  owner: null,
  acceptsClient: true,
  hasPriceFlag: false,
  unitCostRequiredOnUpdate: true,
  paginated: true,
  label: 'default supplier price',
  tag: 'Default prices',
};

export const clientDefaults: PriceFamily = {
  key: 'client_default',
  basePath: '/v2/account/prices/clients',
  recordParam: 'priceId',
  owner: null,
  acceptsClient: false,
  hasPriceFlag: false,
  unitCostRequiredOnUpdate: true,
  paginated: true,
  label: 'default client price',
  tag: 'Default prices',
};

export const supplierServices: PriceFamily = {
  key: 'supplier_service',
  basePath: '/v2/suppliers/:id/services',
  recordParam: 'serviceId',
  owner: { kind: 'supplier', column: 'owner_supplier_id', label: 'supplier' },
  acceptsClient: true,
  hasPriceFlag: true,
  unitCostRequiredOnUpdate: false,
  paginated: false,
  label: 'supplier service',
  tag: 'Supplier services',
};

export const clientPrices: PriceFamily = {
  key: 'client_price',
  basePath: '/v2/clients/:id/prices',
  recordParam: 'priceId',
  owner: { kind: 'client', column: 'owner_client_id', label: 'client' },
  acceptsClient: false,
  hasPriceFlag: false,
  unitCostRequiredOnUpdate: true,
  paginated: false,
  label: 'client price',
  tag: 'Client prices',
};

export const priceFamilies: readonly PriceFamily[] = [supplierDefaults, clientDefaults, supplierServices, clientPrices];

/** Where one price lives: its family and, for the owned families, the owner's id. */
export interface PriceScope {
  family: PriceFamily;
  ownerId: string | null;
}
