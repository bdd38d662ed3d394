import type { PartyKind } from '../../shared/api/party';

/**
 * What tells the two kinds of party apart on the shared pages: their addresses in the console and
 * the keys of their texts (`parties.client.*`, `parties.supplier.*`).
 */
export type PartyTarget = { to: '/clients/$clientId'; params: { clientId: string } } | { to: '/suppliers/$supplierId'; params: { supplierId: string } };

/** Where a party's page is (a router link's `to` and `params`). */
export function partyTarget(kind: PartyKind, id: string): PartyTarget {
  return kind === 'client' ? { to: '/clients/$clientId', params: { clientId: id } } : { to: '/suppliers/$supplierId', params: { supplierId: id } };
}

/** The list of a kind of party. */
export const partiesPath = (kind: PartyKind) => (kind === 'client' ? '/clients' : '/suppliers');

/** A country code written as its name in the catalogue's language ("BE" → "Belgium"); the code when unknown. */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The address as lines (name, street, postal code and city, state, country), empty ones left out. */
export function addressLines(address: { name: string; street: string; city: string; postalCode: string; state: string; country: string | null }): string[] {
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.name, address.street, town, address.state, countryName(address.country)].filter((line) => line.trim() !== '');
}
