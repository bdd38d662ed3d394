import type { MessageKey } from '../../../shared/i18n';

/** The API's rule for a conversion factor: a decimal number above 0 and at most 1 000 000 (1 when nothing is converted). */
export function conversionFactorError(text: string): MessageKey | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return 'settings.cat.error.factor';
  const factor = Number(normalised);
  return factor > 0 && factor <= 1_000_000 ? null : 'settings.cat.error.factor';
}
