import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountRates, parseEcb, RateSourceError } from '../../src/modules/exchange-rates/ecb.js';
import { RateBook } from '../../src/modules/exchange-rates/index.js';

/** Reading the ECB's reference rates files and the cross rates (docs/exchange-rates.md#the-ecb-import). */
const FILE = readFileSync(new URL('../fixtures/ecb/eurofxref-hist-90d.xml', import.meta.url), 'utf8');

const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube><Cube time='2026-11-20'><Cube currency='USD' rate='1.0856'/></Cube></Cube>
</gesmes:Envelope>`;

describe('parseEcb', () => {
  it('reads every day and currency of a 90-day file, oldest first, the rates as text', () => {
    const days = parseEcb(FILE);
    expect(days.map((day) => day.date)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(days[2]!.rates.size).toBe(30);
    expect(days[2]!.rates.get('USD')).toBe('1.0856');
    expect(days[2]!.rates.get('ISK')).toBe('149.3');
  });

  it('reads the daily file (one day, one currency)', () => {
    expect(parseEcb(DAILY)).toEqual([{ date: '2026-11-20', rates: new Map([['USD', '1.0856']]) }]);
  });

  it.each([
    ['not XML', 'hello <<<'],
    ['another XML', '<html><body>Maintenance</body></html>'],
    ['no day', DAILY.replace(/<Cube time='2026-11-20'>.*<\/Cube><\/Cube>/, '</Cube>')],
    ['a bad rate', DAILY.replace("rate='1.0856'", "rate='-1'")],
    ['a bad day', DAILY.replace('2026-11-20', '2026-02-30')],
  ])('refuses %s with a RateSourceError', (_name, xml) => {
    expect(() => parseEcb(xml)).toThrow(RateSourceError);
  });
});

describe('accountRates', () => {
  const days = parseEcb(FILE);
  it('keeps the euro rates as published for an account in euros', () => {
    const rates = accountRates(days, 'EUR');
    expect(rates).toHaveLength(90);
    expect(rates).toContainEqual({ currency: 'USD', date: '2026-11-20', rate: '1.0856' });
  });

  it('crosses through the euro for another account currency, 10 significant digits, and converts back', () => {
    const rates = accountRates(days, 'GBP');
    expect(rates).toHaveLength(90);
    expect(rates).toContainEqual({ currency: 'EUR', date: '2026-11-20', rate: '1.181711828' });
    expect(rates).toContainEqual({ currency: 'USD', date: '2026-11-20', rate: '1.28286636' });
    expect(rates.some((rate) => rate.currency === 'GBP')).toBe(false);
    // 1000 EUR in GBP: 1000 ÷ 1.181711828 = 846.23.
    expect(new RateBook('GBP', rates).toAccount('1000', 'EUR', '2026-11-22')!.value.toFixed()).toBe('846.23');
  });

  it('gives nothing to an account whose currency the file lacks', () => {
    expect(accountRates(days, 'XOF')).toEqual([]);
  });
});
