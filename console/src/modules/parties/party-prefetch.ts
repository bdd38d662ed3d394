import type { QueryClient } from '@tanstack/react-query';
import { ownerConfig, pricesQuery } from '../prices';
import { partyQuery, type PartyRef } from '../../shared/api/party';
import type { PartyTab } from './party-tabs';

/**
 * What a party's page asks for while its code loads (the routes' loader): the party, and the open
 * tab's data where the tab is the price grid, so that the prices are not asked for only once the
 * party has come (one round trip less before the grid; docs/performance.md#the-web-console).
 * Answers the party's promise (the router waits for it; a 404 is the page's to show).
 */
export function prefetchPartyPage(queryClient: QueryClient, ref: PartyRef, tab: PartyTab | undefined): Promise<void> {
  if (tab === 'prices') {
    const owner = ref.kind === 'client' ? ({ kind: 'client', clientId: ref.id } as const) : ({ kind: 'supplier', supplierId: ref.id } as const);
    void queryClient.prefetchQuery(pricesQuery(ownerConfig(owner), 1));
  }
  return queryClient.prefetchQuery(partyQuery(ref));
}
