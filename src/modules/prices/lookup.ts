import type { Ctx } from '../../core/context.js';
import { assertIdsExist } from '../../core/filter-ids.js';
import { invalid, missing } from '../../core/errors.js';
import { languagePairs } from '../language-pairs/index.js';
import { domains, masterData, services, units } from '../master-data/index.js';
import { applicablePrices } from './applicable.js';
import { supplierDefaults } from './families.js';
import { priceType, specificity, type PairCodes, type PriceCandidate } from './resolution.js';
import type { PriceLookupAnswer, PriceLookupParams } from './lookup-schemas.js';
import { recordsByIds } from './service.js';

const SPECIFICITY = ['languagePairAndDomain', 'languagePair', 'domain', 'none'] as const;

/** How a price's language pair matched the criteria's: the same pair or codes, reversed (bidirectional), or a price for any pair. */
function pairMatch(price: PairCodes | null, wanted: PairCodes | null): 'exact' | 'reversed' | 'any' {
  if (price === null) return 'any';
  if (wanted === null || price.id === wanted.id) return 'exact';
  return price.source === wanted.source && price.target === wanted.target ? 'exact' : 'reversed';
}

/**
 * `GET /v2/account/prices/lookup` (docs/prices.md#price-look-up): which price a job (`for=client`)
 * or an outsourcing (`for=supplier`) with the given criteria would take, and why: every applicable
 * price, best first, from the same candidates and rules as jobs and outsourcing
 * (applicablePrices), each with its full record and how it matched. Disabled records are accepted:
 * a look-up, not a new reference.
 */
export async function lookUpPrice(ctx: Ctx, params: PriceLookupParams): Promise<PriceLookupAnswer> {
  const supplierSide = params.for === 'supplier';
  if (supplierSide && !params.supplier) throw missing('supplier');
  if (!supplierSide && params.supplier) throw invalid('supplier', 'is only accepted with for=supplier');
  const clientId = params.client || null;
  await assertIdsExist(ctx, 'clients', clientId ? [clientId] : [], 'client', 'client');
  if (supplierSide) await assertIdsExist(ctx, 'suppliers', [params.supplier!], 'supplier', 'supplier');
  const serviceId = (await masterData.reference(ctx, services, params.service, 'service', params.service)).id;
  const unitId = (await masterData.reference(ctx, units, params.quantityType, 'quantityType', params.quantityType)).id;
  const domainId = params.domain ? (await masterData.reference(ctx, domains, params.domain, 'domain', params.domain)).id : null;
  const pair = params.languagePair ? await languagePairs.reference(ctx, params.languagePair, 'languagePair', params.languagePair) : null;

  const { ordered, criteria } = await applicablePrices.orderedCandidates(ctx, {
    clientId,
    serviceId,
    unitId,
    currency: params.currency,
    languagePairId: pair?.id ?? null,
    languagePair: pair,
    domainId,
    ...(supplierSide ? { supplierId: params.supplier! } : {}),
  });
  // The supplier defaults' shape carries the client restriction; the client families never have one.
  const records = await recordsByIds(
    ctx,
    supplierDefaults,
    ordered.map((candidate) => candidate.id),
  );
  const prices = ordered.flatMap((candidate: PriceCandidate) => {
    const record = records.get(candidate.id);
    if (!record) return [];
    return [
      {
        type: priceType(candidate.family),
        restrictedToClient: candidate.clientId !== null,
        specificity: SPECIFICITY[specificity(candidate)]!,
        languagePairMatch: pairMatch(candidate.languagePair, criteria.languagePair),
        domainMatch: candidate.domainId === null ? ('any' as const) : ('exact' as const),
        price: record,
      },
    ];
  });
  return { object: 'price_lookup', for: params.for, prices };
}
