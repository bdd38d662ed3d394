import { queryOptions } from '@tanstack/react-query';
import { api, data, type Answer } from './client';

export type Account = Answer<'getAccount'>;

/**
 * The account's settings (GET /v2/account): the settings page edits them; other pages read the
 * account's currency, language and address (the date pattern, a party's defaults).
 */
export const accountQuery = queryOptions({
  queryKey: ['account', 'settings'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account', { signal })),
});
