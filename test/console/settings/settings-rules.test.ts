import { describe, expect, it } from 'vitest';
import { exampleNumber, numberFormatError } from '../../../console/src/modules/settings/account/number-format';
import { bandLabel, categoryByBand } from '../../../console/src/modules/settings/cat-configurations/bands';
import type { CatConfiguration } from '../../../console/src/modules/settings/cat-configurations/queries';
import { conversionFactorError } from '../../../console/src/modules/settings/cat-configurations/conversion-factor';
import { fractionToPercentText, percentTextToFraction } from '../../../console/src/shared/formatting/decimal';
import { colorError, nameError, recordTitle, taxRateError } from '../../../console/src/modules/settings/master-data/kinds';
import { countryName, languageOptions, languageOptionsFor, parseLanguageCode } from '../../../console/src/modules/settings/regions';

describe('percentages and fractions', () => {
  it('moves the decimal point in the text, exactly', () => {
    expect(['21', '5.5', '33.3', '0', '-10', '100', '0.01', '5,5', ' 7 '].map(percentTextToFraction)).toEqual([
      0.21, 0.055, 0.333, 0, -0.1, 1, 0.0001, 0.055, 0.07,
    ]);
    expect(['', 'abc', '1e2', '5.', '.5', '5%'].map(percentTextToFraction)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect([0.21, 0.055, 0.333, 0, -0.1, 1, 1e-7].map(fractionToPercentText)).toEqual(['21', '5.5', '33.3', '0', '-10', '100', '0.00001']);
  });
  it('takes a tax rate from -100 to 100 %', () => {
    expect([0.21, -1, 1].map(taxRateError)).toEqual([null, null, null]);
    expect(taxRateError(1.5)).toBe('settings.md.error.rateRange');
    expect(taxRateError(undefined)).toBe('settings.md.error.rateNumber');
  });
});

describe('document number formats', () => {
  it('refuses what the API refuses', () => {
    expect(numberFormatError('INV-{YYYY}-{SEQ:4}')).toBeNull();
    expect(numberFormatError('{SEQ}')).toBeNull();
    expect(numberFormatError('')).toMatch(/Enter a format/);
    expect(numberFormatError('INV-{YYYY}')).toMatch(/exactly one sequence number/);
    expect(numberFormatError('{SEQ}-{SEQ}')).toMatch(/exactly one sequence number/);
    expect(numberFormatError('{YYY}-{SEQ}')).toMatch(/\{YYY\} is not a token/);
    expect(numberFormatError('{SEQ:13}')).toMatch(/from 1 to 12/);
    expect(numberFormatError('A}{SEQ}')).toMatch(/"\}" without its "\{"/);
    expect(numberFormatError('{SEQ')).toMatch(/"\{" without its "\}"/);
    expect(numberFormatError(`${'x'.repeat(60)}{SEQ}`)).toMatch(/At most 64/);
  });
  it('shows what a number will look like', () => {
    const on = new Date('2026-03-05T10:00:00Z');
    expect(exampleNumber('INV-{YYYY}-{SEQ:4}', on)).toBe('INV-2026-0001');
    expect(exampleNumber('{YY}{MM}/{SEQ}', on, 42)).toBe('2603/42');
    expect(exampleNumber('INV', on)).toBeNull();
  });
});

describe('master-data rules', () => {
  it('checks names and colours as the API does', () => {
    expect([nameError('Translation'), nameError('   '), nameError('x'.repeat(256))]).toEqual([
      null,
      'settings.md.error.nameRequired',
      'settings.md.error.nameLong',
    ]);
    expect([colorError('#A1b2c3'), colorError('#abc'), colorError('red')]).toEqual([null, 'settings.md.error.color', 'settings.md.error.color']);
  });
  it('names a record in sentences', () => {
    expect(recordTitle({ id: '1', name: 'VAT' })).toBe('VAT');
    const fr = { code: 'fr', name: 'French' };
    const de = { code: 'de', name: 'German' };
    expect(recordTitle({ id: '1', source: fr, target: de, bidirectional: false })).toBe('French → German');
    expect(recordTitle({ id: '1', source: fr, target: de, bidirectional: true })).toBe('French ↔ German');
    expect(recordTitle({ id: '1', target: de })).toBe('German');
  });
});

describe('languages and countries', () => {
  it('normalises codes and names them as the API does', () => {
    expect(parseLanguageCode('EN_us')).toEqual({ code: 'en-US', name: 'English United States' });
    expect(parseLanguageCode('fr')).toEqual({ code: 'fr', name: 'French' });
    expect([parseLanguageCode('xx'), parseLanguageCode('en-EU'), parseLanguageCode('eng')]).toEqual([undefined, undefined, undefined]);
    expect([countryName('BE'), countryName('EU'), countryName('UK')]).toEqual(['Belgium', undefined, undefined]);
  });
  it('offers every language and lets a valid regional code be typed', () => {
    const codes = languageOptions().map((option) => option.value);
    expect(codes).toEqual(expect.arrayContaining(['fr', 'de', 'pt-BR', 'zh-TW', 'sw']));
    expect(codes).not.toContain('iw');
    expect(languageOptionsFor('fr-LU')[0]).toEqual({ value: 'fr-LU', label: 'French Luxembourg (fr-LU)' });
    expect(languageOptionsFor('French')).toBe(languageOptions());
  });
});

describe('CAT configurations', () => {
  it('writes bands as the reports do', () => {
    expect(['fuzzy9599', 'internalFuzzy7584', 'crossFileRepeated', 'noMatch', 'xTranslated', 'exact'].map(bandLabel)).toEqual([
      'Fuzzy 95–99%',
      'Internal fuzzy 75–84%',
      'Cross file repeated',
      'No match',
      'X-translated',
      'Exact',
    ]);
  });
  it('knows the category of each band', () => {
    const configuration = {
      mappings: [
        { match: { id: 'a', name: '100%' }, toolMatches: ['exact', 'perfect'] },
        { match: { id: 'b', name: 'No match' }, toolMatches: ['new'] },
      ],
    } as CatConfiguration;
    expect([...categoryByBand(configuration)]).toEqual([
      ['exact', 'a'],
      ['perfect', 'a'],
      ['new', 'b'],
    ]);
  });
  it('takes a conversion factor above 0 and at most 1 000 000', () => {
    expect(['1', '0.2', '1000000', '1,5'].map(conversionFactorError)).toEqual([null, null, null, null]);
    expect(['0', '-1', '1000001', 'x', ''].map(conversionFactorError)).toEqual(Array(5).fill('settings.cat.error.factor'));
  });
});
