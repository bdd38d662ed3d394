import { describe, expect, it } from 'vitest';
import { formatRate, fromLocalInput, fromPercent, pairLabel, toLocalInput, toPercent } from '../../../console/src/shared/formatting/job-format';
import { movesFrom, statusName } from '../../../console/src/modules/jobs/job/status-moves';
import { TRANSITIONS } from '../../../src/modules/jobs/status';

describe('rates', () => {
  it('keeps the decimals of a rate that an amount would round away, and the currency’s at least', () => {
    expect(formatRate(0.085, 'EUR')).toBe('€0.085');
    expect(formatRate(0.123456, 'EUR')).toBe('€0.123456');
    expect(formatRate(0.12, 'EUR')).toBe('€0.12');
    expect(formatRate(45, 'GBP')).toBe('£45.00');
    expect(formatRate(12, 'JPY')).toBe('JP¥12');
    expect(formatRate(null, 'EUR')).toBe('—');
  });
});

describe('language pairs', () => {
  const en = { code: 'en', name: 'English' };
  const fr = { code: 'fr', name: 'French' };
  it('writes one direction, both directions, and a target alone', () => {
    expect(pairLabel({ source: en, target: fr, bidirectional: false })).toBe('English (en) → French (fr)');
    expect(pairLabel({ source: en, target: fr, bidirectional: true })).toBe('English (en) ↔ French (fr)');
    expect(pairLabel({ target: fr, bidirectional: false })).toBe('→ French (fr)');
  });
});

describe('date-time inputs', () => {
  it('shows an instant of the API in the browser’s time zone and sends back the same instant', () => {
    const iso = '2031-05-01T15:00:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
    expect(new Date(local).getTime()).toBe(new Date(iso).getTime());
  });
  it('answers null for an empty input and undefined for what is no date', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('  ')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
    expect(toLocalInput(null)).toBe('');
  });
});

describe('percentages', () => {
  it('turns the API’s fractions into what a person types and back, without float noise', () => {
    expect(toPercent(0.07)).toBe(7);
    expect(toPercent(0.1)).toBe(10);
    expect(toPercent(-0.125)).toBe(-12.5);
    expect(fromPercent(7)).toBe(0.07);
    expect(fromPercent(12.5)).toBe(0.125);
    expect(fromPercent(1000)).toBe(10);
  });
});

describe('status moves', () => {
  it('are those of the server’s table (src/modules/jobs/status.ts), for every status', () => {
    for (const status of [1, 2, 3, 4, 5, 6]) expect(movesFrom(status)).toEqual(TRANSITIONS[status]);
    expect(movesFrom(9)).toEqual([]);
  });
  it('each status has a name', () => {
    expect([1, 2, 3, 4, 5, 6].map(statusName)).toEqual(['Not started', 'In progress', 'Finished', 'Invoiced', 'Cancelled', 'On hold']);
  });
});
