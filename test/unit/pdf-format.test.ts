import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money.js';
import { DocumentFormat, documentFormat } from '../../src/modules/document-rendering/pdf-format.js';
import { LABELS, LABEL_LANGUAGES, documentLanguage } from '../../src/modules/document-rendering/pdf-labels.js';
import { groupIban } from '../../src/modules/document-rendering/pdf.js';

/** Intl's spaces: U+00A0 no-break space, U+202F narrow no-break space. */
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('figures on document PDFs, per language (Intl)', () => {
  const de = documentFormat('de');
  const fr = documentFormat('fr');
  const pl = documentFormat('pl');
  const en = documentFormat('en');

  it('amounts: German, French, Polish, English, exact strings', () => {
    expect(de.amount('1234.56', 'EUR')).toBe(`1.234,56${NBSP}€`);
    expect(fr.amount('1234.56', 'EUR')).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(pl.amount('1234.5', 'PLN')).toBe(`1234,50${NBSP}zł`);
    expect(pl.amount('12345.5', 'PLN')).toBe(`12${NBSP}345,50${NBSP}zł`);
    expect(en.amount('1247067890', 'GBP')).toBe('£1,247,067,890.00');
    expect(en.amount('99.9', 'CHF')).toBe(`CHF${NBSP}99.90`);
  });

  it('negative amounts keep their sign; a negative zero prints as zero', () => {
    expect(de.amount('-10.3', 'EUR')).toBe(`-10,30${NBSP}€`);
    expect(en.amount('-10.3', 'EUR')).toBe('-€10.30');
    expect(fr.amount('-1234.565', 'EUR')).toBe(`-1${NNBSP}234,57${NBSP}€`);
    expect(en.amount('-0.001', 'EUR')).toBe('€0.00');
  });

  it('JPY has no minor unit, KWD three', () => {
    expect(de.amount('1234.5', 'JPY')).toBe(`1.235${NBSP}¥`);
    expect(en.amount('2.5', 'JPY')).toBe('JP¥3');
    expect(en.amount('-2.5', 'JPY')).toBe('-JP¥3');
    expect(fr.amount('1234.5', 'KWD')).toBe(`1${NNBSP}234,500${NBSP}KWD`);
  });

  it('decimal strings are formatted exactly, rounded half away from zero (never through a float)', () => {
    // As floats these are 1.00499999… and 0.28499999…: a float would print 1.00 and 0.28.
    expect(en.amount('1.005', 'EUR')).toBe('€1.01');
    expect(en.amount('0.285', 'EUR')).toBe('€0.29');
    expect(de.amount('1234567890123.455', 'EUR')).toBe(`1.234.567.890.123,46${NBSP}€`);
    expect(en.amount('12345678901234567890.125', 'USD')).toBe('US$12,345,678,901,234,567,890.13');
    expect(de.unitCost('0.1234565', 'EUR')).toBe(`0,123457${NBSP}€`);
  });

  it('unit costs keep up to 6 decimals; quantities and percentages as stored', () => {
    expect(en.unitCost('0.125', 'EUR')).toBe('€0.125');
    expect(en.unitCost('10', 'EUR')).toBe('€10.00');
    expect(en.unitCost('1', 'JPY')).toBe('JP¥1');
    expect(de.quantity('12500.5')).toBe('12.500,5');
    expect(fr.quantity('-3')).toBe('-3');
    expect(fr.percent('0.075')).toBe(`7,5${NBSP}%`);
    expect(de.percent('0.21')).toBe(`21${NBSP}%`);
    expect(en.percent('0.21')).toBe('21%');
    expect(pl.percent('0.23')).toBe('23%');
  });

  it('dates written in full, countries by name, in the language', () => {
    expect(de.date('2025-01-15')).toBe('15. Januar 2025');
    expect(fr.date('2025-01-15T10:00:00.000Z')).toBe('15 janvier 2025');
    expect(pl.date('2025-01-15')).toBe('15 stycznia 2025');
    expect(en.date('2025-01-15')).toBe('15 January 2025');
    expect(en.date(null)).toBe('—');
    expect([de.country('PL'), fr.country('DE'), pl.country('BE'), en.country('PL')]).toEqual(['Polen', 'Allemagne', 'Belgia', 'Poland']);
  });

  it('property: the printed amount is the exact decimal rounded half away from zero, in every language', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(...LABEL_LANGUAGES),
        (units, scale, language) => {
          const value = new Dec(units.toString()).div(new Dec(10).pow(scale)).toFixed();
          const printed = new DocumentFormat(language).amount(value, 'EUR');
          const expected = new Dec(value).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
          const digits = printed.replace(/[^0-9]/g, '');
          expect(BigInt(digits)).toBe(BigInt(expected.abs().times(100).toFixed(0)));
          expect(printed.includes('-')).toBe(expected.isNegative() && !expected.isZero());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('labels', () => {
  it('the document language: the party, else the account, else English', () => {
    expect(documentLanguage('de', 'fr')).toBe('de');
    expect(documentLanguage(null, 'fr')).toBe('fr');
    expect(documentLanguage(null, null)).toBe('en');
    expect(documentLanguage('xx', 'yy')).toBe('en');
  });

  it('titles and the reverse-charge mention per language', () => {
    expect(LABEL_LANGUAGES.map((language) => LABELS[language].invoice)).toEqual([
      'Invoice',
      'Facture',
      'Rechnung',
      'Factura',
      'Fattura',
      'Factuur',
      'Fatura',
      'Faktura',
    ]);
    expect([LABELS.de.creditNote, LABELS.de.quote, LABELS.de.purchaseOrder]).toEqual(['Gutschrift', 'Angebot', 'Bestellung']);
    expect([LABELS.fr.creditNote, LABELS.fr.quote, LABELS.fr.purchaseOrder]).toEqual(['Avoir', 'Devis', 'Bon de commande']);
    expect(LABELS.de.reverseCharge).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(LABELS.fr.reverseCharge).toContain('Autoliquidation');
    expect(LABELS.pl.reverseCharge).toContain('Odwrotne obciążenie');
    expect(LABELS.pl.page(1, 3)).toBe('Strona 1 z 3');
    expect(LABELS.de.creditsInvoice('INV-1', '15. Januar 2025')).toBe('Gutschrift zur Rechnung INV-1 vom 15. Januar 2025');
  });

  it('no catalogue has an empty label, and each differs from English where the languages differ', () => {
    for (const language of LABEL_LANGUAGES) {
      for (const [key, value] of Object.entries(LABELS[language])) {
        const printed = typeof value === 'function' ? (value as (a: unknown, b: unknown) => string)('1', '2') : value;
        expect(printed.trim(), `${language}.${key}`).not.toBe('');
      }
      if (language !== 'en') expect(LABELS[language].amountDue).not.toBe(LABELS.en.amountDue);
    }
  });

  it('an IBAN prints in groups of four', () => {
    expect(groupIban('be68539007547034')).toBe('BE68 5390 0754 7034');
    expect(groupIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
