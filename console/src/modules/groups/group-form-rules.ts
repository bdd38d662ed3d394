import { t } from '../../shared/i18n';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * The group's field rules as the API checks them (src/modules/groups/schemas.ts): a name of 1 to
 * 255 characters (trimmed), texts of at most 255, a budget of at least 0 (and at most 10¹²).
 */
export const TEXT_MAX = LIMITS.text;
export const BUDGET_MAX = LIMITS.amount;

export function checkName(value: string): string | null {
  if (value.trim() === '') return t('group.error.nameRequired');
  if (value.trim().length > TEXT_MAX) return t('group.error.tooLong', { max: TEXT_MAX });
  return null;
}

export function checkText(value: string): string | null {
  return value.length > TEXT_MAX ? t('group.error.tooLong', { max: TEXT_MAX }) : null;
}

export function checkBudget(value: number | string): string | null {
  if (value === '' || value === null) return null;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return t('group.error.budgetNumber');
  if (number < 0) return t('group.error.budgetNegative');
  if (number > BUDGET_MAX) return t('group.error.budgetTooLarge');
  return null;
}
