import { describe, expect, it } from 'vitest';
import {
  accountLocale,
  datePattern,
  formatDateInput,
  formatDateTimeInput,
  parseDateInput,
  parseDateTimeInput,
  patternText,
} from '../../../console/src/shared/formatting/date-input';

/** Dates typed in the account's locale (docs/console.md#dates), not the browser's mm/dd/yyyy. */
describe('the account locale', () => {
  it('is the language of documents in the country of the address; English without a country is en-GB', () => {
    expect(accountLocale('de', 'AT')).toBe('de-AT');
    expect(accountLocale('en', 'us')).toBe('en-US');
    expect(accountLocale('fr', null)).toBe('fr');
    expect(accountLocale('en', null)).toBe('en-GB');
    expect(accountLocale(undefined, undefined)).toBe('en-GB');
    expect(accountLocale('en', 'not a country')).toBe('en-GB');
  });

  it('gives each locale its numeric pattern', () => {
    expect(patternText(datePattern('en-GB'))).toBe('DD/MM/YYYY');
    expect(patternText(datePattern('en-US'))).toBe('MM/DD/YYYY');
    expect(patternText(datePattern('de-DE'))).toBe('DD.MM.YYYY');
    expect(patternText(datePattern('nl'))).toBe('DD-MM-YYYY');
    expect(patternText(datePattern('pl'))).toBe('DD.MM.YYYY');
    expect(patternText(datePattern('en-CA'))).toBe('YYYY-MM-DD');
  });
});

describe('parseDateInput', () => {
  const gb = datePattern('en-GB');
  const us = datePattern('en-US');
  const de = datePattern('de-DE');

  it('reads the parts in the locale’s order, with any separator, a two-digit year in this century', () => {
    expect(parseDateInput('14/03/2031', gb)).toBe('2031-03-14');
    expect(parseDateInput('03/14/2031', us)).toBe('2031-03-14');
    expect(parseDateInput('14.3.2031', de)).toBe('2031-03-14');
    expect(parseDateInput(' 14-03-31 ', gb)).toBe('2031-03-14');
    expect(parseDateInput('14 3 2031', gb)).toBe('2031-03-14');
    expect(parseDateInput('2031-03-14', us)).toBe('2031-03-14');
  });

  it('refuses what is not a real day', () => {
    expect(parseDateInput('03/14/2031', gb)).toBeNull();
    expect(parseDateInput('29/02/2027', gb)).toBeNull();
    expect(parseDateInput('29/02/2028', gb)).toBe('2028-02-29');
    expect(parseDateInput('31/04/2031', gb)).toBeNull();
    expect(parseDateInput('14/03', gb)).toBeNull();
    expect(parseDateInput('14/03/203', gb)).toBeNull();
    expect(parseDateInput('fourteen/03/2031', gb)).toBeNull();
    expect(parseDateInput('2031-02-30', gb)).toBeNull();
    expect(parseDateInput('', gb)).toBeNull();
  });

  it('writes an ISO date back in the pattern', () => {
    expect(formatDateInput('2031-03-14', gb)).toBe('14/03/2031');
    expect(formatDateInput('2031-03-14', us)).toBe('03/14/2031');
    expect(formatDateInput('2031-03-14', de)).toBe('14.03.2031');
    expect(formatDateInput('not a date', de)).toBe('not a date');
  });
});

describe('parseDateTimeInput', () => {
  const gb = datePattern('en-GB');
  it('reads a date and a 24-hour time as a local date-time', () => {
    expect(parseDateTimeInput('14/03/2031 17:30', gb)).toBe('2031-03-14T17:30');
    expect(parseDateTimeInput('14/03/2031, 9.05', gb)).toBe('2031-03-14T09:05');
    expect(parseDateTimeInput('14/03/2031 17h30', gb)).toBe('2031-03-14T17:30');
    expect(parseDateTimeInput('2031-03-14T17:30', gb)).toBe('2031-03-14T17:30');
    expect(formatDateTimeInput('2031-03-14T17:30', gb)).toBe('14/03/2031 17:30');
  });

  it('needs both, and real ones', () => {
    expect(parseDateTimeInput('14/03/2031', gb)).toBeNull();
    expect(parseDateTimeInput('14/03/2031 24:00', gb)).toBeNull();
    expect(parseDateTimeInput('14/03/2031 17:60', gb)).toBeNull();
    expect(parseDateTimeInput('31/02/2031 10:00', gb)).toBeNull();
  });
});
