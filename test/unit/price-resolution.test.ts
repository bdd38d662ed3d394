import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  pairMatches,
  resolveClientPrices,
  resolveSupplierPrices,
  specificity,
  type PairCodes,
  type PriceCandidate,
  type PriceCriteria,
  type SupplierCriteria,
} from '../../src/modules/prices/resolution.js';

const EN_FR_BIDI: PairCodes = { id: 'p-en-fr', source: 'en', target: 'fr', bidirectional: true };
const EN_FR_COPY: PairCodes = { id: 'p-en-fr-2', source: 'en', target: 'fr', bidirectional: false };
const FR_EN: PairCodes = { id: 'p-fr-en', source: 'fr', target: 'en', bidirectional: false };
const DE_FR: PairCodes = { id: 'p-de-fr', source: 'de', target: 'fr', bidirectional: true };
const MONO_FR: PairCodes = { id: 'p-fr', source: null, target: 'fr', bidirectional: true };
const PAIRS = [EN_FR_BIDI, EN_FR_COPY, FR_EN, DE_FR, MONO_FR];

let seq = 0;
const candidate = (overrides: Partial<PriceCandidate> = {}): PriceCandidate => ({
  id: `id${String(seq++).padStart(4, '0')}`,
  family: 'client_default',
  ownerId: null,
  clientId: null,
  serviceId: 's',
  unitId: 'u',
  currency: 'EUR',
  languagePair: null,
  domainId: null,
  hasPrice: true,
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});
const criteria: PriceCriteria = { serviceId: 's', unitId: 'u', currency: 'EUR', languagePair: EN_FR_BIDI, domainId: 'd', clientId: 'c' };
const supplierCriteria: SupplierCriteria = { ...criteria, supplierId: 'sup' };
const ids = (list: PriceCandidate[]) => list.map((c) => c.id);

describe('language pair and domain matching (docs/prices.md#which-price-applies)', () => {
  it('matches the same pair, the same codes, the reversed codes of a bidirectional pair, or no pair', () => {
    expect(pairMatches(EN_FR_BIDI, EN_FR_BIDI)).toBe(true);
    expect(pairMatches(EN_FR_COPY, EN_FR_BIDI)).toBe(true);
    expect(pairMatches(EN_FR_BIDI, FR_EN)).toBe(true);
    expect(pairMatches(FR_EN, EN_FR_BIDI)).toBe(false); // FR_EN is not bidirectional
    expect(pairMatches(DE_FR, EN_FR_BIDI)).toBe(false);
    expect(pairMatches(null, EN_FR_BIDI)).toBe(true);
    expect(pairMatches(null, null)).toBe(true);
    expect(pairMatches(EN_FR_BIDI, null)).toBe(false);
    expect(pairMatches(MONO_FR, { id: 'x', source: null, target: 'fr', bidirectional: false })).toBe(true);
    expect(pairMatches(MONO_FR, EN_FR_BIDI)).toBe(false);
  });

  it('ranks pair and domain, pair only, domain only, neither', () => {
    expect(specificity({ languagePair: EN_FR_BIDI, domainId: 'd' })).toBe(0);
    expect(specificity({ languagePair: EN_FR_BIDI, domainId: null })).toBe(1);
    expect(specificity({ languagePair: null, domainId: 'd' })).toBe(2);
    expect(specificity({ languagePair: null, domainId: null })).toBe(3);
  });
});

describe('client side (docs/prices.md#which-price-applies)', () => {
  it('keeps only the job’s service, unit, currency, matching pair and domain, and the job client’s prices', () => {
    const good = candidate();
    const list = [
      good,
      candidate({ serviceId: 'other' }),
      candidate({ unitId: 'other' }),
      candidate({ currency: 'USD' }),
      candidate({ languagePair: DE_FR }),
      candidate({ domainId: 'other' }),
      candidate({ family: 'client_price', ownerId: 'another client' }),
      candidate({ family: 'supplier_default' }),
      candidate({ family: 'supplier_service', ownerId: 'sup' }),
    ];
    expect(ids(resolveClientPrices(list, criteria))).toEqual([good.id]);
    expect(resolveClientPrices([candidate({ family: 'client_price', ownerId: 'c' })], { ...criteria, clientId: null })).toEqual([]);
  });

  it('puts client prices before account prices, even less specific ones', () => {
    const account = candidate({ languagePair: EN_FR_BIDI, domainId: 'd' });
    const client = candidate({ family: 'client_price', ownerId: 'c' });
    expect(ids(resolveClientPrices([account, client], criteria))).toEqual([client.id, account.id]);
  });

  it('orders by specificity within a type: pair and domain, pair, domain, neither', () => {
    const neither = candidate();
    const domain = candidate({ domainId: 'd' });
    const pair = candidate({ languagePair: EN_FR_COPY });
    const both = candidate({ languagePair: EN_FR_BIDI, domainId: 'd' });
    expect(ids(resolveClientPrices([neither, domain, pair, both], criteria))).toEqual([both.id, pair.id, domain.id, neither.id]);
  });

  it('breaks ties by most recent update, then by id (newest first)', () => {
    const older = candidate({ updatedAt: '2024-01-01T00:00:00.000Z' });
    const newer = candidate({ updatedAt: '2024-06-01T00:00:00.000Z' });
    const twinA = candidate({ id: 'a', updatedAt: '2023-01-01T00:00:00.000Z' });
    const twinB = candidate({ id: 'b', updatedAt: '2023-01-01T00:00:00.000Z' });
    expect(ids(resolveClientPrices([twinA, older, twinB, newer], criteria))).toEqual([newer.id, older.id, 'b', 'a']);
  });
});

describe('supplier side (docs/prices.md#which-price-applies)', () => {
  const service = (overrides: Partial<PriceCandidate> = {}) => candidate({ family: 'supplier_service', ownerId: 'sup', ...overrides });
  const defaultPrice = (overrides: Partial<PriceCandidate> = {}) => candidate({ family: 'supplier_default', ...overrides });

  it('orders restricted services, unrestricted services, restricted defaults, unrestricted defaults', () => {
    const d = defaultPrice({ languagePair: EN_FR_BIDI, domainId: 'd' });
    const dc = defaultPrice({ clientId: 'c' });
    const s = service({ languagePair: EN_FR_BIDI, domainId: 'd' });
    const sc = service({ clientId: 'c' });
    expect(ids(resolveSupplierPrices([d, dc, s, sc], supplierCriteria))).toEqual([sc.id, s.id, dc.id, d.id]);
  });

  it('uses the specificity order within a tier, skips services without price, other clients, other suppliers and client families', () => {
    const general = service();
    const withPair = service({ languagePair: EN_FR_COPY });
    const list = [
      general,
      withPair,
      service({ hasPrice: false, languagePair: EN_FR_BIDI, domainId: 'd' }),
      service({ clientId: 'another client' }),
      service({ ownerId: 'another supplier' }),
      defaultPrice({ clientId: 'another client' }),
      candidate({ family: 'client_default' }),
      candidate({ family: 'client_price', ownerId: 'c' }),
    ];
    expect(ids(resolveSupplierPrices(list, supplierCriteria))).toEqual([withPair.id, general.id]);
    expect(ids(resolveSupplierPrices([service({ clientId: 'c' }), general], { ...supplierCriteria, clientId: null }))).toEqual([general.id]);
  });
});

// ---- properties -------------------------------------------------------------------------------

const arbCandidate = (id: string) =>
  fc.record({
    id: fc.constant(id),
    family: fc.constantFrom('supplier_default', 'client_default', 'supplier_service', 'client_price'),
    ownerId: fc.constantFrom(null, 'c', 'c2', 'sup', 'sup2'),
    clientId: fc.constantFrom(null, 'c', 'c2'),
    serviceId: fc.constantFrom('s', 's2'),
    unitId: fc.constantFrom('u', 'u2'),
    currency: fc.constantFrom('EUR', 'USD'),
    languagePair: fc.constantFrom(null, ...PAIRS),
    domainId: fc.constantFrom(null, 'd', 'd2'),
    hasPrice: fc.boolean(),
    updatedAt: fc.constantFrom('2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'),
  });
const arbCandidates = fc
  .uniqueArray(fc.integer({ min: 0, max: 999 }), { maxLength: 40 })
  .chain((numbers) => fc.tuple(...numbers.map((n) => arbCandidate(`id${String(n).padStart(3, '0')}`)))) as fc.Arbitrary<PriceCandidate[]>;
const arbCriteria: fc.Arbitrary<SupplierCriteria> = fc.record({
  serviceId: fc.constantFrom('s', 's2'),
  unitId: fc.constantFrom('u', 'u2'),
  currency: fc.constantFrom('EUR', 'USD'),
  languagePair: fc.constantFrom(null, ...PAIRS),
  domainId: fc.constantFrom(null, 'd', 'd2'),
  clientId: fc.constantFrom(null, 'c', 'c2'),
  supplierId: fc.constantFrom('sup', 'sup2'),
});
const tierOf = (c: PriceCandidate) =>
  c.family === 'client_price' ? 0 : c.family === 'client_default' ? 1 : c.family === 'supplier_service' ? (c.clientId ? 0 : 1) : c.clientId ? 2 : 3;
const resolvers = [
  ['client', resolveClientPrices],
  ['supplier', resolveSupplierPrices],
] as const;

describe.each(resolvers)('properties of the %s side', (_side, resolve) => {
  it('never answers a price of another currency, service or unit', () => {
    fc.assert(
      fc.property(arbCandidates, arbCriteria, (list, c) => {
        for (const p of resolve(list, c)) {
          expect([p.currency, p.serviceId, p.unitId]).toEqual([c.currency, c.serviceId, c.unitId]);
        }
      }),
    );
  });

  it('never ranks a more specific price below a less specific one of the same type and tier', () => {
    fc.assert(
      fc.property(arbCandidates, arbCriteria, (list, c) => {
        const result = resolve(list, c);
        for (let i = 0; i < result.length; i++) {
          for (let j = i + 1; j < result.length; j++) {
            if (tierOf(result[i]!) === tierOf(result[j]!)) expect(specificity(result[i]!)).toBeLessThanOrEqual(specificity(result[j]!));
          }
        }
      }),
    );
  });

  it('does not depend on the order of the candidates', () => {
    fc.assert(
      fc.property(arbCandidates, arbCriteria, fc.infiniteStream(fc.nat()), (list, c, randoms) => {
        const shuffled = [...list];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = randoms.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        expect(ids(resolve(shuffled, c))).toEqual(ids(resolve(list, c)));
      }),
    );
  });
});

describe('properties of the client side', () => {
  it('always puts client prices before account prices, and only those of the job’s client', () => {
    fc.assert(
      fc.property(arbCandidates, arbCriteria, (list, c) => {
        const families = resolveClientPrices(list, c).map((p) => p.family);
        const firstAccount = families.indexOf('client_default');
        if (firstAccount >= 0) expect(families.slice(firstAccount).every((f) => f === 'client_default')).toBe(true);
        for (const p of resolveClientPrices(list, c)) if (p.family === 'client_price') expect(p.ownerId).toBe(c.clientId);
      }),
    );
  });
});

describe('properties of the supplier side', () => {
  it('follows the four tiers and never answers a service without price or a price for another client', () => {
    fc.assert(
      fc.property(arbCandidates, arbCriteria, (list, c) => {
        const result = resolveSupplierPrices(list, c);
        const tiers = result.map(tierOf);
        expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
        for (const p of result) {
          expect(p.hasPrice || p.family !== 'supplier_service').toBe(true);
          expect(p.clientId === null || p.clientId === c.clientId).toBe(true);
          if (p.family === 'supplier_service') expect(p.ownerId).toBe(c.supplierId);
        }
      }),
    );
  });
});
