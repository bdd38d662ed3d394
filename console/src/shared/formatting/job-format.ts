import { t } from '../i18n';

/** Rates are written as everywhere in the console (ui/format.ts). */
export { formatRate } from './format';

/**
 * How the job's own values are written and read back by its fields (pure, tested in
 * test/console/jobs/job-format.test.ts): rates with their decimals, language pairs, and the
 * date-times of the native date-time inputs.
 */

/** A language pair as the API answers it: "English → French", "English ↔ French" when bidirectional, "→ French" without a source. */
export function pairLabel(pair: { source?: { name: string; code: string }; target: { name: string; code: string }; bidirectional: boolean }): string {
  const source = pair.source ? `${pair.source.name} (${pair.source.code})` : '';
  const target = `${pair.target.name} (${pair.target.code})`;
  if (!pair.source) return t('job.pair.monolingual', { target });
  return t(pair.bidirectional ? 'job.pair.bidirectional' : 'job.pair', { source, target });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time of the API as the value of an `<input type="datetime-local">`, in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The value of an `<input type="datetime-local">` (the browser's time zone) as the ISO date-time the
 * API takes; null for an empty input, undefined for a value that is no date (the field says so).
 */
export function fromLocalInput(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A fraction the API takes (0.1) as the percentage a person types (10), and back, without float noise (0.07 × 100). */
export const toPercent = (fraction: number): number => Number((fraction * 100).toFixed(6));
export const fromPercent = (percent: number): number => Number((percent / 100).toFixed(8));
