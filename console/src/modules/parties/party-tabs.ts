import type { MessageKey } from '../../shared/i18n';
import type { PartyKind } from '../../shared/api/party';

/**
 * The tabs of a party's page, in the address (`?tab=jobs`) so that a link can open one.
 * Clients: overview, contacts, jobs, prices, files, notes. Suppliers: overview, profile (languages,
 * domains, rating), contacts, jobs (those outsourced to the supplier), services and prices,
 * unavailability, files, notes.
 */
export const PARTY_TAB_NAMES = ['overview', 'profile', 'contacts', 'jobs', 'prices', 'unavailability', 'files', 'notes'] as const;
export type PartyTab = (typeof PARTY_TAB_NAMES)[number];

const CLIENT_TABS: readonly PartyTab[] = ['overview', 'contacts', 'jobs', 'prices', 'files', 'notes'];
const SUPPLIER_TABS: readonly PartyTab[] = ['overview', 'profile', 'contacts', 'jobs', 'prices', 'unavailability', 'files', 'notes'];

export const tabsOf = (kind: PartyKind): readonly PartyTab[] => (kind === 'client' ? CLIENT_TABS : SUPPLIER_TABS);

/** Each tab's title for a client and for a supplier. */
export const PARTY_TABS: Record<PartyTab, Record<PartyKind, MessageKey>> = {
  overview: { client: 'parties.tab.overview', supplier: 'parties.tab.overview' },
  profile: { client: 'parties.tab.profile', supplier: 'parties.tab.profile' },
  contacts: { client: 'parties.tab.contacts', supplier: 'parties.tab.contacts' },
  jobs: { client: 'parties.tab.jobs', supplier: 'parties.tab.jobs' },
  prices: { client: 'parties.tab.prices', supplier: 'parties.tab.services' },
  unavailability: { client: 'parties.tab.unavailability', supplier: 'parties.tab.unavailability' },
  files: { client: 'parties.tab.files', supplier: 'parties.tab.files' },
  notes: { client: 'parties.tab.notes', supplier: 'parties.tab.notes' },
};

/** `validateSearch` of a party's page: the tab when it is one of the kind's (else the overview). */
export function parsePartyPageSearch(kind: PartyKind) {
  return (raw: Record<string, unknown>): { tab?: PartyTab } => {
    const tab = raw.tab;
    return typeof tab === 'string' && tab !== 'overview' && (tabsOf(kind) as readonly string[]).includes(tab) ? { tab: tab as PartyTab } : {};
  };
}
