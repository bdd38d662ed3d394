/**
 * How numbers, amounts and percentages are written for people, in a locale: one implementation for
 * the documents the server renders (src/modules/document-rendering/pdf-format.ts) and for the web
 * console (console/src/shared/formatting/format.ts), which imports this file. So it stays pure: no
 * import, nothing of Node.js.
 *
 * A value is a number or an exact decimal string (`'1234.565'`, as the server stores amounts):
 * `Intl.NumberFormat.format` reads a string as an exact decimal (ECMA-402 "Intl mathematical
 * values"), never through binary floating point, and rounds half away from zero (`halfExpand`,
 * Intl's default).
 */
export type NumberValue = number | `${number}`;

/**
 * How a negative value is signed: `auto` writes a minus for a value that rounds to zero too
 * (`-€0.00`), `negative` does not (`€0.00`).
 */
export type SignDisplay = 'auto' | 'negative';

export class NumberWriter {
  private readonly formats = new Map<string, Intl.NumberFormat>();

  constructor(readonly locale: string) {}

  private format(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
    let format = this.formats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(this.locale, options);
      this.formats.set(key, format);
    }
    return format;
  }

  /**
   * An amount in a currency (ISO 4217 code): the currency's decimals (JPY none, KWD 3), or up to
   * `maxDecimals` when that is more (a rate: `€0.085`, `€45.00`). Throws a RangeError for a code
   * Intl does not know.
   */
  money(value: NumberValue, currency: string, { maxDecimals, sign = 'auto' }: { maxDecimals?: number; sign?: SignDisplay } = {}): string {
    const options: Intl.NumberFormatOptions = { style: 'currency', currency, signDisplay: sign };
    // Without a minimum, Intl keeps the currency's own decimals as the least (when max is not below them).
    if (maxDecimals !== undefined) options.maximumFractionDigits = maxDecimals;
    return this.format(`money|${currency}|${maxDecimals ?? ''}|${sign}`, options).format(value);
  }

  /** A number with at most `maxDecimals` decimals and grouped thousands: `en` `12,500.5`, `de` `12.500,5`. */
  number(value: NumberValue, maxDecimals: number, sign: SignDisplay = 'auto'): string {
    return this.format(`number|${maxDecimals}|${sign}`, { maximumFractionDigits: maxDecimals, signDisplay: sign }).format(value);
  }

  /** A fraction as a percentage with at most `maxDecimals` decimals: `en` 0.125 → `12.5%`, `fr` → `12,5 %`. */
  percent(fraction: NumberValue, maxDecimals: number, sign: SignDisplay = 'auto'): string {
    return this.format(`percent|${maxDecimals}|${sign}`, { style: 'percent', maximumFractionDigits: maxDecimals, signDisplay: sign }).format(fraction);
  }
}
