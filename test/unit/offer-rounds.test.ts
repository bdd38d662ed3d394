import { describe, expect, it } from 'vitest';
import { DOCUMENT_LANGUAGE_CODES } from '../../src/core/document-languages.js';
import type { OutsourcingRow } from '../../src/modules/outsourcing/repository.js';
import { closingOf, roundState } from '../../src/modules/outsourcing/offer-rounds.js';
import { OFFER_CLOSED_WORDS, offerClosedMail } from '../../src/modules/outsourcing/offer-round-mail.js';
import { stateOf } from '../../src/modules/supplier-portal/work.js';

/** The pure parts of offer rounds (docs/supplier-portal.md#offer-rounds). */
const NOW = '2030-01-01T12:00:00.000Z';
const round = (over: Partial<Parameters<typeof roundState>[0]> = {}) => ({
  withdrawn_at: null,
  awarded_outsourcing_id: null,
  expires_at: '2030-01-02T00:00:00.000Z',
  ...over,
});

describe('the state of a round', () => {
  it('is open before its expiry, expired from it; withdrawn and awarded are final whatever the time', () => {
    expect(roundState(round(), NOW)).toBe('open');
    expect(roundState(round({ expires_at: NOW }), NOW)).toBe('expired');
    expect(roundState(round({ expires_at: '2029-12-31T00:00:00.000Z', awarded_outsourcing_id: 'x' }), NOW)).toBe('awarded');
    expect(roundState(round({ awarded_outsourcing_id: 'x', withdrawn_at: NOW }), NOW)).toBe('withdrawn');
  });
});

describe('closing an offer that lost', () => {
  const row = (over: Partial<OutsourcingRow>) => ({ status: 1, portal_confirm: 1, portal_confirm_status: 1, ...over }) as OutsourcingRow;

  it('takes a pending offer off the portal and cancels it; its supplier is told', () => {
    expect(closingOf(row({}))).toEqual({
      columns: { status: 5, portal_enabled: 0, portal_confirm: 0, portal_confirm_status: null },
      told: true,
    });
  });

  it('cancels an accepted offer (the supplier sees it cancelled) and tells; cancels a refused one without telling', () => {
    expect(closingOf(row({ status: 2, portal_confirm_status: 2 }))).toEqual({ columns: { status: 5 }, told: true });
    expect(closingOf(row({ portal_confirm_status: 3 }))).toEqual({ columns: { status: 5 }, told: false });
  });

  it('leaves alone an offer cancelled already', () => {
    expect(closingOf(row({ status: 5, portal_confirm_status: 3 }))).toBeNull();
    expect(closingOf(row({ status: 5, portal_confirm: 0, portal_confirm_status: null }))).toBeNull();
  });
});

describe('the portal state of an offer of a round', () => {
  const work = (status: number | null) => ({ status: 1, portal: { confirm: { enabled: true, status }, doneDate: null } }) as Parameters<typeof stateOf>[0];

  it('is expired when still pending at its expiry, offered before', () => {
    expect(stateOf(work(1), '2030-01-02T00:00:00.000Z', NOW)).toBe('offered');
    expect(stateOf(work(1), NOW, NOW)).toBe('expired');
    expect(stateOf(work(1), null, NOW)).toBe('offered');
  });

  it('an answer given before stays what it was', () => {
    expect(stateOf(work(2), NOW, NOW)).toBe('open');
    expect(stateOf(work(3), NOW, NOW)).toBe('refused');
  });
});

describe('the e-mail of a closed offer', () => {
  it('has words in each of the eight languages, and names the work, not the winner', () => {
    for (const language of DOCUMENT_LANGUAGE_CODES) {
      const words = OFFER_CLOSED_WORDS[language];
      for (const text of Object.values(words)) expect(text.trim(), language).not.toBe('');
      const mail = offerClosedMail({ to: 'a@example.com', language, agency: 'Agency <One>', name: 'Brochure', reason: 'awarded' });
      expect(mail.subject).toContain('Brochure');
      expect(mail.text).toContain('Agency <One>');
      expect(mail.html).toContain('Agency &#60;One&#62;');
      expect(mail.html).not.toContain('Agency <One>');
    }
    expect(offerClosedMail({ to: 'a@example.com', language: 'en', agency: 'A', name: 'B', reason: 'withdrawn' }).text).toContain('A has withdrawn its offer');
  });
});
