import { describe, expect, it } from 'vitest';
import { portalText } from '../../../console/src/modules/portal/i18n';
import { formatMoney, formatRate, groupWork, isOverdue, pairText, type PortalWork } from '../../../console/src/modules/portal/work';

/** The work pages' pure helpers (docs/console.md#portal-pages): sections, overdue, rates, money, language pairs. */
const work = (id: string, state: PortalWork['state'], dueDate: string | null = null) => ({ id, state, dueDate }) as PortalWork;

describe('groupWork', () => {
  it('puts offers, open work and the rest in their sections, keeping the order', () => {
    const list = [work('a', 'open'), work('b', 'offered'), work('c', 'done'), work('d', 'refused'), work('e', 'open'), work('f', 'cancelled')];
    const groups = groupWork(list);
    expect(groups.offered.map((item) => item.id)).toEqual(['b']);
    expect(groups.open.map((item) => item.id)).toEqual(['a', 'e']);
    expect(groups.closed.map((item) => item.id)).toEqual(['c', 'd', 'f']);
    expect(groupWork([])).toEqual({ offered: [], open: [], closed: [] });
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('is late only for work still to deliver whose due date has passed', () => {
    expect(isOverdue(work('a', 'open', '2026-11-29T11:59:00Z'), now)).toBe(true);
    expect(isOverdue(work('a', 'offered', '2026-01-01T00:00:00Z'), now)).toBe(true);
    expect(isOverdue(work('a', 'open', '2026-11-29T12:01:00Z'), now)).toBe(false);
    expect(isOverdue(work('a', 'open', null), now)).toBe(false);
    for (const state of ['done', 'refused', 'cancelled'] as const) expect(isOverdue(work('a', state, '2020-01-01T00:00:00Z'), now)).toBe(false);
  });
});

describe('formatting', () => {
  it('writes a rate as a percentage in the language', () => {
    expect(formatRate(portalText('en'), 0.25)).toBe('25%');
    expect(formatRate(portalText('en'), 1)).toBe('100%');
    expect(formatRate(portalText('en'), 0.333)).toBe('33.3%');
    expect(formatRate(portalText('fr'), 0.25)).toMatch(/^25\s%$/);
  });

  it('writes money in the currency as the language does, and a code Intl does not know as number and code', () => {
    expect(formatMoney(portalText('en'), 44, { code: 'EUR', symbol: '€' })).toBe('€44.00');
    expect(formatMoney(portalText('de'), 1234.5, { code: 'EUR', symbol: '€' })).toMatch(/^1\.234,50\s€$/);
    expect(formatMoney(portalText('en'), 12, { code: 'USD', symbol: '$' })).toBe('US$12.00');
    expect(formatMoney(portalText('en'), 12, { code: 'X1', symbol: '?' })).toBe('12.00 X1');
  });

  it('names a language pair', () => {
    const en = { code: 'en', name: 'English' };
    const fr = { code: 'fr', name: 'French' };
    expect(pairText(null)).toBeNull();
    expect(pairText({ id: '1', source: en, target: fr, bidirectional: false })).toBe('English → French');
    expect(pairText({ id: '1', source: en, target: fr, bidirectional: true })).toBe('English ↔ French');
    expect(pairText({ id: '1', target: fr, bidirectional: false })).toBe('French');
  });
});
