import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TRANSITIONS, assertTransition, sideEffects, transitionAllowed } from '../../src/modules/jobs/status.js';
import { ApiError } from '../../src/core/errors.js';

/** The status rules of docs/jobs.md#status, pure. */
const ALLOWED = new Set(['1>2', '1>3', '1>5', '1>6', '2>1', '2>3', '2>5', '2>6', '3>2', '3>4', '3>5', '4>3', '5>1', '6>1', '6>2', '6>5']);
const status = fc.integer({ min: 1, max: 6 });

describe('job status transitions', () => {
  it('allows exactly the moves of the table, and the current status (a no-op)', () => {
    for (let from = 1; from <= 6; from++) {
      for (let to = 1; to <= 6; to++) expect(transitionAllowed(from, to), `${from} → ${to}`).toBe(from === to || ALLOWED.has(`${from}>${to}`));
    }
    expect(Object.values(TRANSITIONS).flat()).toHaveLength(ALLOWED.size);
  });

  it('4 (invoiced) is reached only from 3, and left only to 3', () => {
    fc.assert(
      fc.property(status, (from) => {
        expect(transitionAllowed(from, 4)).toBe(from === 3 || from === 4);
        expect(transitionAllowed(4, from)).toBe(from === 3 || from === 4);
      }),
    );
  });

  it('refuses other moves with invalid_transition naming both statuses', () => {
    try {
      assertTransition(5, 3);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('invalid_transition');
      expect((error as ApiError).statusCode).toBe(409);
      expect((error as ApiError).message).toBe('A job cannot move from status 5 (cancelled) to 3 (finished)');
    }
  });
});

describe('side effects of a move', () => {
  const none = { progress: false, deliveryDate: false, startDate: false };
  const unset = { delivery_date: null, start_date: null };
  const now = '2030-01-01T00:00:00.000Z';

  it('to 3: progress 100 and the delivery date now when unset; to 2: the start date now when unset', () => {
    expect(sideEffects(2, 3, unset, none, now)).toEqual({ progress: '100', delivery_date: now });
    expect(sideEffects(2, 3, { delivery_date: '2029-01-01T00:00:00.000Z', start_date: null }, none, now)).toEqual({ progress: '100' });
    expect(sideEffects(1, 2, unset, none, now)).toEqual({ start_date: now });
    expect(sideEffects(1, 2, { delivery_date: null, start_date: '2029-01-01T00:00:00.000Z' }, none, now)).toEqual({});
  });

  it('never overrides a value sent in the same request, and a no-op move has none', () => {
    fc.assert(
      fc.property(status, status, fc.boolean(), fc.boolean(), fc.boolean(), (from, to, progress, deliveryDate, startDate) => {
        const effects = sideEffects(from, to, unset, { progress, deliveryDate, startDate }, now);
        if (from === to) expect(effects).toEqual({});
        if (progress) expect(effects.progress).toBeUndefined();
        if (deliveryDate) expect(effects.delivery_date).toBeUndefined();
        if (startDate) expect(effects.start_date).toBeUndefined();
        if (to !== 2 && to !== 3) expect(effects).toEqual({});
      }),
    );
  });
});
