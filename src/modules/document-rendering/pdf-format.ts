import { Dec, minorUnits } from '../../core/money.js';
import { NumberWriter } from '../../core/number-writer.js';
import type { LabelLanguage } from './pdf-labels.js';

/**
 * How numbers, amounts, percentages, dates and countries read on a document PDF: as `Intl` writes
 * them in the document's language (German `1.234,56 €`, French `1 234,56 €` with the narrow
 * no-break space, English `€1,234.56`, Polish `1234,50 zł`); the numbers by
 * src/core/number-writer.ts, which the console writes its numbers with too. Values are given as the stored
 * decimal strings and `Intl.NumberFormat.format` takes them as exact decimals (ECMA-402 "Intl
 * mathematical values"), rounding half away from zero (`halfExpand`) like src/core/money.ts: never
 * through binary floating point.
 *
 * Each language is one regional variant, chosen for European business documents: English
 * documents take British dates (`15 January 2025`, never the ambiguous `1/15/2025`) with the
 * same figures as any English; Portuguese is Portugal's (`1234,56 €`).
 */
const LOCALES: Record<LabelLanguage, string> = {
  en: 'en-GB',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
  it: 'it-IT',
  nl: 'nl-NL',
  pt: 'pt-PT',
  pl: 'pl-PL',
};

/** A stored value as a decimal string (numbers are written by their shortest round-trip form, which Intl reads exactly). */
const decimal = (value: string | number) => String(value) as `${number}`;

export class DocumentFormat {
  readonly locale: string;
  private readonly numbers: NumberWriter;
  private readonly dates: Intl.DateTimeFormat;
  private readonly regions: Intl.DisplayNames;
  private readonly languages: Intl.DisplayNames;

  constructor(readonly language: LabelLanguage) {
    this.locale = LOCALES[language];
    this.numbers = new NumberWriter(this.locale);
    this.dates = new Intl.DateTimeFormat(this.locale, { dateStyle: 'long', timeZone: 'UTC' });
    this.regions = new Intl.DisplayNames(this.locale, { type: 'region' });
    this.languages = new Intl.DisplayNames(this.locale, { type: 'language' });
  }

  /** An amount in the currency's minor unit (JPY none, KWD 3): `de` `-1.234,57 €`. A negative zero prints as zero. */
  amount(value: string | number, currencyCode: string, maxDecimals = minorUnits(currencyCode)): string {
    return this.numbers.money(decimal(value), currencyCode, { maxDecimals: Math.max(minorUnits(currencyCode), maxDecimals), sign: 'negative' });
  }

  /** A unit cost keeps up to 6 decimals, at least the currency's: `en` `€0.125`, `€10.00`. */
  unitCost(value: string | number, currencyCode: string): string {
    return this.amount(value, currencyCode, 6);
  }

  /** A quantity with up to 6 decimals: `de` `12.500,5`. */
  quantity(value: string | number): string {
    return this.numbers.number(decimal(value), 6, 'negative');
  }

  /** An exchange rate with up to 10 decimals: `de` `1,0856`. */
  rate(value: string | number): string {
    return this.numbers.number(decimal(value), 10);
  }

  /** A fraction as a percentage, up to 4 decimals: `fr` 0.075 → `7,5 %`, `en` 0.21 → `21%`. */
  percent(fraction: string | number): string {
    return this.numbers.percent(decimal(fraction), 4, 'negative');
  }

  /** An ISO date (or timestamp; its day is taken) written in full: `de` `15. Januar 2025`; null → `—`. */
  date(iso: string | null | undefined): string {
    if (!iso) return '—';
    return this.dates.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
  }

  /** A country's name from its ISO code: `de` `PL` → `Polen`. */
  country(code: string): string {
    return this.regions.of(code) ?? code;
  }

  /** A language's name from its BCP 47 code: `fr` `de` → `allemand`, `en` `pt-BR` → `Brazilian Portuguese`; a code Intl does not know stays as is. */
  languageName(code: string): string {
    try {
      return this.languages.of(code) ?? code;
    } catch {
      return code;
    }
  }

  /**
   * A tax's label on the totals: its name and its rate, the rate once. A name that already says its
   * rate ("VAT 21%", "TVA 5,5 %") is printed as it is; otherwise the rate follows it: `VAT 21%`.
   */
  taxLabel(name: string, rate: string | number): string {
    const digits = new Dec(String(rate)).times(100).abs().toFixed().replace('.', '[.,]');
    if (new RegExp(`(?<![\\d.,])${digits}(?!\\d)\\s*%`).test(name.replace(/[\u202f\u00a0]/g, ' '))) return name;
    return `${name} ${this.percent(String(rate))}`;
  }
}

const formats = new Map<LabelLanguage, DocumentFormat>();

/** The format of a language, made once per process. */
export function documentFormat(language: LabelLanguage): DocumentFormat {
  let format = formats.get(language);
  if (!format) {
    format = new DocumentFormat(language);
    formats.set(language, format);
  }
  return format;
}
