import { useQuery } from '@tanstack/react-query';
import { accountQuery } from '../api/account';
import { LOCALE } from '../i18n';
import { accountLocale, datePattern, type DatePattern } from '../formatting/date-input';

/**
 * The pattern dates are typed in (docs/console.md#dates): the account's locale, read from its
 * settings (the language of documents and the address's country; cached with the settings page's
 * query, so saving the settings changes it at once). Until the settings are read, the console's
 * own locale.
 */
export function useDatePattern(): DatePattern {
  const account = useQuery({ ...accountQuery, staleTime: 5 * 60_000 });
  const locale = account.data ? accountLocale(account.data.documentLanguage, account.data.address.country) : LOCALE;
  return datePattern(locale);
}
