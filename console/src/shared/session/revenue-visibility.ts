import { useQuery } from '@tanstack/react-query';
import { accountQuery } from '../api/account';
import { useSession } from './session';

/** The reports that are nothing but revenue or margins: the API refuses them (403) when they are hidden from the caller. */
export const FINANCIAL_REPORTS: ReadonlySet<string> = new Set(['margins', 'receivables']);

/**
 * Whether the signed-in user sees revenue and margins (docs/access.md#revenue-and-margins): every
 * role but manager does; a manager does while the account's setting says so. Undefined while the
 * account is read. Pages whose figures the API leaves out hide them anyway when absent; this
 * decides what to offer before asking (the reports refused with 403).
 */
export function useSeesRevenueAndMargins(): boolean | undefined {
  const manager = useSession().user.role === 'manager';
  const account = useQuery({ ...accountQuery, enabled: manager });
  if (!manager) return true;
  return account.data?.managersSeeRevenueAndMargins;
}
