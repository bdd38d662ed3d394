/**
 * Which prices apply to a job (client side) or to an outsourcing (supplier
 * side). Pure: the inputs are candidate prices and the job's criteria, the output is the
 * applicable candidates, best first. No database, no clock.
 */
export type CandidateFamily = 'supplier_default' | 'client_default' | 'supplier_service' | 'client_price';

export interface PairCodes {
  id: string;
  /** null for a monolingual pair. */
  source: string | null;
  target: string;
  bidirectional: boolean;
}

export interface PriceCandidate {
  id: string;
  family: CandidateFamily;
  /** The owning client (client prices) or supplier (supplier services); null for account prices. */
  ownerId: string | null;
  /** The client restriction (default supplier prices and supplier services); null when unrestricted. */
  clientId: string | null;
  serviceId: string;
  unitId: string;
  currency: string;
  languagePair: PairCodes | null;
  domainId: string | null;
  /** Supplier services only; true for every other family. */
  hasPrice: boolean;
  /** ISO timestamp (`YYYY-MM-DDTHH:mm:ss.sssZ`, so text order is time order). */
  updatedAt: string;
}

export interface PriceCriteria {
  serviceId: string;
  unitId: string;
  currency: string;
  languagePair: PairCodes | null;
  domainId: string | null;
  /** The job's client (client prices of that client; client restriction on the supplier side). */
  clientId: string | null;
}

export interface SupplierCriteria extends PriceCriteria {
  supplierId: string;
}

/** A price's language pair matches the job's: same pair, same codes, reversed bidirectional, or none. */
export function pairMatches(price: PairCodes | null, job: PairCodes | null): boolean {
  if (price === null) return true;
  if (job === null) return false;
  if (price.id === job.id) return true;
  if (price.source === job.source && price.target === job.target) return true;
  return price.bidirectional && price.source !== null && job.source !== null && price.source === job.target && price.target === job.source;
}

/** A price's domain matches when it is the job's domain or the price has none. */
export function domainMatches(price: string | null, job: string | null): boolean {
  return price === null || price === job;
}

/** 0: pair and domain, 1: pair only, 2: domain only, 3: neither. */
export function specificity(candidate: Pick<PriceCandidate, 'languagePair' | 'domainId'>): number {
  const pair = candidate.languagePair !== null;
  const domain = candidate.domainId !== null;
  return pair && domain ? 0 : pair ? 1 : domain ? 2 : 3;
}

function basicMatch(candidate: PriceCandidate, criteria: PriceCriteria): boolean {
  return (
    candidate.serviceId === criteria.serviceId &&
    candidate.unitId === criteria.unitId &&
    candidate.currency === criteria.currency &&
    pairMatches(candidate.languagePair, criteria.languagePair) &&
    domainMatches(candidate.domainId, criteria.domainId)
  );
}

/**
 * Orders by tier, then specificity, then most recently updated, then id (newest first), which is
 * a total order on distinct ids: the result does not depend on the order of the input.
 */
function ordered<C extends PriceCandidate>(entries: Array<{ candidate: C; tier: number }>): C[] {
  return entries
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        specificity(a.candidate) - specificity(b.candidate) ||
        compareDesc(a.candidate.updatedAt, b.candidate.updatedAt) ||
        compareDesc(a.candidate.id, b.candidate.id),
    )
    .map((entry) => entry.candidate);
}

const compareDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** A candidate seen once (by id), so that duplicated input does not duplicate output. */
function unique<C extends PriceCandidate>(candidates: readonly C[]): C[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => !seen.has(candidate.id) && (seen.add(candidate.id), true));
}

/**
 * docs/prices.md#which-price-applies: prices of the job's client (type `client`) before account default client prices (type
 * `account`); within each, pair and domain, pair only, domain only, neither; then most recently updated.
 */
export function resolveClientPrices<C extends PriceCandidate>(candidates: readonly C[], criteria: PriceCriteria): C[] {
  const entries: Array<{ candidate: C; tier: number }> = [];
  for (const candidate of unique(candidates)) {
    if (!basicMatch(candidate, criteria)) continue;
    if (candidate.family === 'client_price' && criteria.clientId !== null && candidate.ownerId === criteria.clientId) {
      entries.push({ candidate, tier: 0 });
    } else if (candidate.family === 'client_default') {
      entries.push({ candidate, tier: 1 });
    }
  }
  return ordered(entries);
}

/**
 * docs/prices.md#which-price-applies: the supplier's services restricted to the job's client, then its unrestricted services,
 * then default supplier prices restricted to the client, then unrestricted default supplier
 * prices; within each the docs/prices.md#which-price-applies specificity order. Supplier services without a price are skipped;
 * prices restricted to another client are not candidates.
 */
export function resolveSupplierPrices<C extends PriceCandidate>(candidates: readonly C[], criteria: SupplierCriteria): C[] {
  const entries: Array<{ candidate: C; tier: number }> = [];
  for (const candidate of unique(candidates)) {
    if (!basicMatch(candidate, criteria)) continue;
    const restricted = candidate.clientId !== null;
    if (restricted && candidate.clientId !== criteria.clientId) continue;
    if (candidate.family === 'supplier_service') {
      if (candidate.ownerId !== criteria.supplierId || !candidate.hasPrice) continue;
      entries.push({ candidate, tier: restricted ? 0 : 1 });
    } else if (candidate.family === 'supplier_default') {
      entries.push({ candidate, tier: restricted ? 2 : 3 });
    }
  }
  return ordered(entries);
}

/** The `type` of an applicable price: `client` for client prices, `supplier` for supplier services, else `account`. */
export function priceType(family: CandidateFamily): 'client' | 'account' | 'supplier' {
  return family === 'client_price' ? 'client' : family === 'supplier_service' ? 'supplier' : 'account';
}
