import type { Answer } from '../../shared/api/client';
import type { PortalKey, PortalText } from './i18n';

/** One piece of the supplier's work as the portal answers it (docs/supplier-portal.md#what-a-supplier-sees). */
export type PortalWork = Answer<'getPortalWork'>;
export type WorkState = PortalWork['state'];

/** The home page's sections, in their order, and the states each shows. */
export const WORK_SECTIONS = [
  { id: 'offered', states: ['offered'] },
  { id: 'open', states: ['open'] },
  { id: 'closed', states: ['done', 'refused', 'expired', 'cancelled'] },
] as const satisfies ReadonlyArray<{ id: string; states: readonly WorkState[] }>;
export type WorkSectionId = (typeof WORK_SECTIONS)[number]['id'];

/** The work in its sections, each in the server's order (soonest due first). */
export function groupWork(work: readonly PortalWork[]): Record<WorkSectionId, PortalWork[]> {
  const groups: Record<WorkSectionId, PortalWork[]> = { offered: [], open: [], closed: [] };
  for (const item of work) {
    const section = WORK_SECTIONS.find((candidate) => (candidate.states as readonly WorkState[]).includes(item.state));
    if (section) groups[section.id].push(item);
  }
  return groups;
}

/** Each state's short name (a badge) and colour. */
export const STATE_TEXT: Readonly<Record<WorkState, PortalKey>> = {
  offered: 'state.offered',
  open: 'state.open',
  done: 'state.done',
  refused: 'state.refused',
  expired: 'state.expired',
  cancelled: 'state.cancelled',
};
export const STATE_COLOR: Readonly<Record<WorkState, string>> = {
  offered: 'orange',
  open: 'blue',
  done: 'green',
  refused: 'gray',
  expired: 'gray',
  cancelled: 'gray',
};

/** Work still to deliver whose due date has passed (closed work is never late). */
export function isOverdue(work: Pick<PortalWork, 'state' | 'dueDate'>, now: Date = new Date()): boolean {
  if (!work.dueDate || (work.state !== 'offered' && work.state !== 'open')) return false;
  return new Date(work.dueDate).getTime() < now.getTime();
}

/** A match band's rate (a fraction of the unit price) as a percentage: 0.25 → "25 %" in the language. */
export const formatRate = (text: Pick<PortalText, 'formatNumber'>, rate: number): string =>
  text.formatNumber(rate, { style: 'percent', maximumFractionDigits: 2 });

/** An amount in the work's currency, as the language writes it (a code Intl does not know: the number and the code). */
export function formatMoney(text: Pick<PortalText, 'formatNumber'>, value: number, currency: PortalWork['currency']): string {
  try {
    return text.formatNumber(value, { style: 'currency', currency: currency.code });
  } catch {
    return `${text.formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency.code}`;
  }
}

/** The due date with its time, in the language (work is due at a moment, often at the end of a day). */
export const formatDue = (text: Pick<PortalText, 'formatDate'>, date: string): string => text.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });

/** The language pair as "English → French" (a pair without a source: the target alone). */
export function pairText(pair: PortalWork['languagePair']): string | null {
  if (!pair) return null;
  const name = (side: { name?: string; code?: string } | null | undefined) => side?.name ?? side?.code ?? '';
  if (!pair.source) return name(pair.target);
  return `${name(pair.source)} ${pair.bidirectional ? '↔' : '→'} ${name(pair.target)}`;
}
