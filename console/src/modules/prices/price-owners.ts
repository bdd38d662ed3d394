import type { MessageKey } from '../../shared/i18n';
import type { PriceOwner } from './price-owner';

/**
 * The four owners of a price grid as configuration (docs/prices.md: one implementation, four
 * families): the API's path, the query key, and the fields the family takes. The grid and its
 * data hooks read this and never test an owner by name.
 */
export interface OwnerConfig {
  /** The family's collection path (`GET`/`POST`), without a trailing slash. */
  base: string;
  /** Query key of the owner's prices; it starts with the API's resource. */
  key: readonly string[];
  /** The account families are paginated listings; owned families are bare arrays. */
  paginated: boolean;
  /** A price may be restricted to a client (supplier families). */
  acceptsClient: boolean;
  /** Supplier services say whether they have a price (`hasPrice`). */
  hasPriceFlag: boolean;
  /** Which side the "Which price applies?" look-up asks about. */
  side: 'client' | 'supplier';
  /** The id the look-up is prefilled with (the client or the supplier), when the owner is one. */
  party?: { kind: 'client' | 'supplier'; id: string };
  title: MessageKey;
  tableLabel: MessageKey;
  empty: MessageKey;
}

export function ownerConfig(owner: PriceOwner): OwnerConfig {
  switch (owner.kind) {
    case 'client':
      return {
        base: `/v2/clients/${owner.clientId}/prices`,
        key: ['clients', 'prices', owner.clientId],
        paginated: false,
        acceptsClient: false,
        hasPriceFlag: false,
        side: 'client',
        party: { kind: 'client', id: owner.clientId },
        title: 'prices.title',
        tableLabel: 'prices.table.client',
        empty: 'prices.empty.client',
      };
    case 'supplier':
      return {
        base: `/v2/suppliers/${owner.supplierId}/services`,
        key: ['suppliers', 'services', owner.supplierId],
        paginated: false,
        acceptsClient: true,
        hasPriceFlag: true,
        side: 'supplier',
        party: { kind: 'supplier', id: owner.supplierId },
        title: 'prices.title.supplier',
        tableLabel: 'prices.table.supplier',
        empty: 'prices.empty.supplier',
      };
    case 'account-client':
      return {
        base: '/v2/account/prices/clients',
        key: ['prices', 'account-clients'],
        paginated: true,
        acceptsClient: false,
        hasPriceFlag: false,
        side: 'client',
        title: 'prices.title',
        tableLabel: 'prices.table.accountClient',
        empty: 'prices.empty.accountClient',
      };
    case 'account-supplier':
      return {
        base: '/v2/account/prices/suppliers',
        key: ['prices', 'account-suppliers'],
        paginated: true,
        acceptsClient: true,
        hasPriceFlag: false,
        side: 'supplier',
        title: 'prices.title',
        tableLabel: 'prices.table.accountSupplier',
        empty: 'prices.empty.accountSupplier',
      };
  }
}
