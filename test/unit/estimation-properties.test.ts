/** fast-check properties of the estimation engine (docs/reference.md#money-and-rounding, docs/estimation.md). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, minorUnits, roundMoney, roundRate } from '../../src/core/money.js';
import { buildGroupEstimation, estimateJobPrice, summarizeOutsourcing, type JobPricingInput, type PriceEstimate } from '../../src/modules/estimation/index.js';

const RUNS = { numRuns: 300 };

/** A decimal string n / 10^scale with |n| ≤ max (the shortest writing: "0.1", "12", "-3.25"). */
const decimal = (min: bigint, max: bigint, maxScale: number) =>
  fc.tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: maxScale })).map(([n, scale]) => new Dec(n.toString()).div(new Dec(10).pow(scale)).toFixed());

const fraction = (min: number, max: number) => fc.integer({ min, max }).map((n) => new Dec(n).div(10_000).toFixed());

const pricing: fc.Arbitrary<JobPricingInput> = fc.record({
  currency: fc.constantFrom('EUR', 'JPY', 'KWD', 'USD'),
  fixedPrice: fc.option(decimal(-1_000_000n, 100_000_000n, 3), { freq: 4 }),
  timeBasedInvoice: fc.boolean(),
  billableMs: fc.integer({ min: 0, max: 1_000_000_000 }),
  timeBasedUnitCost: decimal(0n, 100_000_000n, 6),
  hasMatches: fc.boolean(),
  matches: fc.array(
    fc.record({ id: fc.constantFrom('m1', 'm2', 'm3'), name: fc.constant('m'), value: decimal(0n, 10_000_000n, 2), rate: decimal(0n, 10_000_000n, 8) }),
    { maxLength: 6 },
  ),
  quantity: decimal(0n, 10_000_000n, 3),
  unitCost: decimal(0n, 10_000_000n, 8), // up to 8 decimals: roundRate keeps 6
  extraCharge: fraction(-5_000, 20_000), // −0.5 … 2
  discount: fraction(-10_000, 10_000), // −1 … 1
  applyMinimumFee: fc.boolean(),
  minimumFee: fc.option(decimal(0n, 10_000_000n, 3)),
  nonBillable: fc.boolean(),
});

const half = (code: string) => new Dec(10).pow(-minorUnits(code)).div(2);
const d = (s: string) => new Dec(s);

/** The exact base of docs/estimation.md#1-base-amount computed independently of the engine (no rounding of the lines). */
function exactBase(input: JobPricingInput): { value: Dec; roundedSteps: number } {
  if (input.fixedPrice !== null) return { value: d(input.fixedPrice), roundedSteps: 0 };
  if (input.timeBasedInvoice) {
    return { value: new Dec(input.billableMs).times(roundRate(input.timeBasedUnitCost)).div(3_600_000), roundedSteps: 0 };
  }
  if (input.hasMatches) {
    const value = input.matches.reduce((sum, m) => sum.plus(d(m.value).times(roundRate(m.rate))), new Dec(0));
    return { value, roundedSteps: input.matches.length };
  }
  return { value: d(input.quantity).times(roundRate(input.unitCost)), roundedSteps: 0 };
}

describe('properties of the job estimation', () => {
  it('the total is at least the minimum fee whenever the fee applies', () => {
    fc.assert(
      fc.property(pricing, decimal(0n, 100_000_000n, 3), (input, fee) => {
        const job = { ...input, applyMinimumFee: true, minimumFee: fee, fixedPrice: null, nonBillable: false };
        const r = estimateJobPrice(job);
        const roundedFee = roundMoney(fee, job.currency);
        expect(d(r.total).gte(roundedFee)).toBe(true);
        // applied exactly when the computed total is below the fee
        expect(r.details.minimumFeeApplied).toBe(d(r.details.totalDetails.total).lt(roundedFee));
      }),
      RUNS,
    );
  });

  it('without discount and extra charge, the total is the rounded base', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const job = { ...input, discount: '0', extraCharge: '0', applyMinimumFee: false, nonBillable: false };
        const r = estimateJobPrice(job);
        expect(d(r.total).eq(roundMoney(r.base, job.currency))).toBe(true);
        if (r.basis !== 'matches') expect(d(r.total).eq(roundMoney(exactBase(job).value, job.currency))).toBe(true);
      }),
      RUNS,
    );
  });

  it('a 100 % discount gives 0', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const r = estimateJobPrice({ ...input, discount: '1', applyMinimumFee: false });
        expect(d(r.total).isZero()).toBe(true);
        expect(d(r.details.totalDetails.total).isZero()).toBe(true);
      }),
      RUNS,
    );
  });

  it('a non-billable job totals 0', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const r = estimateJobPrice({ ...input, nonBillable: true });
        expect(d(r.total).isZero()).toBe(true);
        expect(r.details.minimumFeeApplied).toBe(false);
      }),
      RUNS,
    );
  });

  it('each rounded step is within half a minor unit of its exact value', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const r = estimateJobPrice(input);
        const h = half(input.currency);
        const t = r.details.totalDetails;
        const S = d(t.subtotal.amount);
        const E = d(t.extraCharge.amount);
        const pct = d(input.extraCharge);
        const disc = d(input.discount);
        // the subtotal: one rounding, or one per match line
        const base = exactBase(input);
        expect(
          S.minus(base.value)
            .abs()
            .lte(h.times(Math.max(1, base.roundedSteps))),
        ).toBe(true);
        for (const line of r.details.matches) {
          expect(d(line.amount).minus(d(line.value).times(line.rate)).abs().lte(h)).toBe(true);
        }
        expect(E.minus(S.times(pct)).abs().lte(h)).toBe(true);
        expect(d(t.subtotal.discount).minus(S.times(disc)).abs().lte(h)).toBe(true);
        expect(d(t.extraCharge.discount).minus(E.times(disc)).abs().lte(h)).toBe(true);
        // every amount is written with exactly the currency's minor unit
        const decimals = minorUnits(input.currency);
        const pattern = decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`);
        const amounts = [
          r.total,
          t.subtotal.amount,
          t.extraCharge.amount,
          t.subtotal.discount,
          t.extraCharge.discount,
          t.subtotal.total,
          t.extraCharge.total,
          t.total,
        ];
        for (const amount of [...amounts, ...r.details.matches.map((m) => m.amount)]) expect(amount).toMatch(pattern);
      }),
      RUNS,
    );
  });

  it('the shown figures add up exactly', () => {
    fc.assert(
      fc.property(pricing, (input) => {
        const r: PriceEstimate = estimateJobPrice(input);
        const t = r.details.totalDetails;
        expect(d(t.total).eq(d(t.subtotal.total).plus(t.extraCharge.total))).toBe(true);
        expect(d(t.subtotal.total).eq(d(t.subtotal.amount).minus(t.subtotal.discount))).toBe(true);
        expect(d(t.extraCharge.total).eq(d(t.extraCharge.amount).minus(t.extraCharge.discount))).toBe(true);
        expect(d(r.details.discount.amount).eq(d(t.subtotal.discount).plus(t.extraCharge.discount))).toBe(true);
        expect(r.details.subtotal).toBe(t.subtotal.amount);
        expect(r.details.extraCharge.amount).toBe(t.extraCharge.amount);
        expect(r.details.total).toBe(r.total);
        if (r.basis === 'matches') {
          const lines = r.details.matches.reduce((sum, m) => sum.plus(m.amount), new Dec(0));
          expect(lines.eq(t.subtotal.amount)).toBe(true);
        }
        if (!r.details.minimumFeeApplied && !input.nonBillable) expect(r.total).toBe(t.total);
      }),
      RUNS,
    );
  });

  it('equal numbers written differently give identical results ("0.10" and "0.1")', () => {
    /** Another writing of the same number: trailing zeros, exponent notation or a leading "+". */
    const rewrite = (s: string, how: number): string => {
      if (how === 1) return s.includes('.') ? `${s}00` : `${s}.0`;
      if (how === 2) return new Dec(s).toExponential();
      if (how === 3 && !s.startsWith('-')) return `+${s}`;
      return s;
    };
    fc.assert(
      fc.property(pricing, fc.array(fc.nat(3), { minLength: 64, maxLength: 64 }), (input, hows) => {
        let i = 0;
        const next = (s: string) => rewrite(s, hows[i++ % hows.length] ?? 0);
        const variant: JobPricingInput = {
          ...input,
          fixedPrice: input.fixedPrice === null ? null : next(input.fixedPrice),
          timeBasedUnitCost: next(input.timeBasedUnitCost),
          matches: input.matches.map((m) => ({ ...m, value: next(m.value), rate: next(m.rate) })),
          quantity: next(input.quantity),
          unitCost: next(input.unitCost),
          extraCharge: next(input.extraCharge),
          discount: next(input.discount),
          minimumFee: input.minimumFee === null ? null : next(input.minimumFee),
        };
        expect(estimateJobPrice(variant)).toEqual(estimateJobPrice(input));
      }),
      RUNS,
    );
  });
});

describe('properties of the sums', () => {
  // outsourcing totals as the engine writes them: already at the currency's minor unit
  const item = fc
    .record({
      status: fc.integer({ min: 1, max: 6 }),
      supplier: fc.constantFrom({ id: 's1', name: 'A' }, { id: 's2', name: 'B' }, { id: 's3', name: 'C' }),
      currency: fc.constantFrom('EUR', 'USD', 'JPY'),
      total: decimal(-100_000n, 10_000_000n, 2),
    })
    .map((o) => ({ ...o, total: roundMoney(o.total, o.currency).toFixed() }));

  it('outsourcing totals are the exact per-currency sums of the non-cancelled outsourcing', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 12 }), (items) => {
        const summary = summarizeOutsourcing(items);
        const live = items.filter((o) => o.status !== 5);
        for (const code of ['EUR', 'USD', 'JPY']) {
          const mine = live.filter((o) => o.currency === code);
          const entry = summary.totals.find((t) => t.currency.code === code);
          if (mine.length === 0) expect(entry).toBeUndefined();
          else expect(d(entry!.total).eq(mine.reduce((s, o) => s.plus(o.total), new Dec(0)))).toBe(true);
        }
        expect(summary.suppliers.map((s) => s.id)).toEqual([...new Set(live.map((o) => o.supplier.id))]);
      }),
      RUNS,
    );
  });

  it('the group total is the exact sum of its non-cancelled jobs in its currency', () => {
    const groupJob = fc.record({
      status: fc.integer({ min: 1, max: 6 }),
      nonBillable: fc.boolean(),
      trackedMs: fc.integer({ min: 0, max: 10_000_000 }),
      code: fc.constantFrom('EUR', 'USD'),
      cents: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(groupJob, { maxLength: 10 }), (jobs) => {
        const r = buildGroupEstimation({
          currency: 'EUR',
          targetMargin: '0.3',
          jobs: jobs.map((j) => ({
            status: j.status,
            nonBillable: j.nonBillable,
            trackedMs: j.trackedMs,
            estimation: {
              currency: { code: j.code, symbol: '' },
              total: new Dec(j.cents).div(100).toFixed(2),
              totalInvoiced: null,
              outsourcing: { suppliers: [], totals: [] },
            },
          })),
        });
        const cents = jobs.filter((j) => j.status !== 5 && j.code === 'EUR').reduce((s, j) => s + j.cents, 0);
        expect(r.total).toBe(new Dec(cents).div(100).toFixed(2));
        expect(r.totalTime).toBe(jobs.reduce((s, j) => s + j.trackedMs, 0));
      }),
      RUNS,
    );
  });
});
