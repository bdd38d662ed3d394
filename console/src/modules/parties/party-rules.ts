import { t } from '../../shared/i18n';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * What POST/PUT /v2/clients and /v2/suppliers validate (src/modules/clients/party.ts, schemas.ts):
 * the name required, every text at most 255 characters, the e-mail an address or empty, the
 * currency an ISO 4217 code, the rating 0 to 5, the minimum fee not negative, the time zone IANA's.
 */
export const TEXT_MAX = LIMITS.text;

// The API's own pattern (src/core/http/validation.ts, format `email-address`).
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

const tooLong = (value: string) => (value.length > TEXT_MAX ? t('parties.rule.tooLong', { max: TEXT_MAX }) : null);

export const partyRules = {
  name: (value: string) => (value.trim() === '' ? t('parties.rule.nameRequired') : tooLong(value)),
  text: tooLong,
  email: (value: string) => tooLong(value) ?? (value.trim() !== '' && !EMAIL.test(value.trim()) ? t('parties.rule.email') : null),
  currency: (value: string | null) => (value === null || !/^[A-Za-z]{3}$/.test(value) ? t('parties.rule.currency') : null),
  rating: (value: number | string) => numberIn(value, 0, 5) ?? null,
  minimumFee: (value: number | string) => numberIn(value, 0, LIMITS.amount),
  timezone: (value: string) => tooLong(value) ?? (value.trim() !== '' && !isTimeZone(value.trim()) ? t('parties.rule.timezone') : null),
};

/** An empty value is allowed (it clears the field); anything else must be a number in [min, max]. */
function numberIn(value: number | string, min: number, max: number): string | null {
  if (value === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return t('parties.rule.number');
  if (number < min || number > max) return t('parties.rule.between', { min, max });
  return null;
}

/** Does the browser know this IANA time zone (as the server does)? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The time zones the browser knows, for the supplier's time zone field. */
export const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Europe/Brussels', 'Europe/London', 'America/New_York'];
  }
})();
