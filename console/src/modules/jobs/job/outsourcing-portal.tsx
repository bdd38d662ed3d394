import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { t } from '../../../shared/i18n';
import { formatDate } from '../../../shared/formatting/format';
import type { Outsourcing } from './outsourcing-figures';

type Portal = Outsourcing['portal'];

/** 1 pending, 2 accepted, 3 refused (docs/jobs.md#portal). */
export const CONFIRM_PENDING = 1;
export const CONFIRM_ACCEPTED = 2;
export const CONFIRM_REFUSED = 3;

/**
 * Where an outsourcing stands on the supplier portal, in a word: off, on it, an offer waiting for
 * the supplier's answer, their answer, or marked done (with its day). Done comes first: work is
 * marked done only once accepted, or without an offer.
 */
export function portalState(portal: Portal): { label: string; color: string; saysPortal?: boolean } {
  if (!portal.enabled) return { label: t('outsourcing.portal.state.off'), color: 'gray', saysPortal: true };
  if (portal.doneDate) return { label: t('outsourcing.portal.state.done', { date: formatDate(portal.doneDate) }), color: 'teal' };
  if (portal.confirm.status === CONFIRM_REFUSED) return { label: t('outsourcing.portal.state.refused'), color: 'red' };
  if (portal.confirm.status === CONFIRM_ACCEPTED) return { label: t('outsourcing.portal.state.accepted'), color: 'green' };
  if (portal.confirm.status === CONFIRM_PENDING) return { label: t('outsourcing.portal.state.pending'), color: 'orange' };
  return { label: t('outsourcing.portal.state.on'), color: 'blue', saysPortal: true };
}

/**
 * The badge of an outsourcing's row, under its status (the table keeps to the page's width at
 * 1 280 px: no column of its own). A label that does not say "portal" is preceded by "Portal:" for
 * screen readers; the dot tells it apart from the status's badge.
 */
export function PortalBadge({ portal }: { portal: Portal }) {
  const { label, color, saysPortal } = portalState(portal);
  return (
    <Badge color={color} variant="dot" radius="sm" tt="none" mt={4} styles={{ label: { overflow: 'visible' } }} data-portal-state>
      {!saysPortal && <VisuallyHidden>{t('outsourcing.portal.badgePrefix')}</VisuallyHidden>}
      {label}
    </Badge>
  );
}

/** What the supplier wrote on the portal (their comments, and their answer's comment), if anything. */
export function SupplierWords({ item }: { item: Outsourcing }) {
  const { supplierComments, confirm } = item.portal;
  if (!supplierComments && !confirm.comment) return null;
  return (
    <>
      {confirm.comment && (
        <Text size="sm">
          <Text span fw={600} size="sm">
            {t(confirm.status === CONFIRM_REFUSED ? 'outsourcing.portal.refusalComment' : 'outsourcing.portal.answerComment', { supplier: item.supplier.name })}
          </Text>{' '}
          {confirm.comment}
        </Text>
      )}
      {supplierComments && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          <Text span fw={600} size="sm">
            {t('outsourcing.portal.comments', { supplier: item.supplier.name })}
          </Text>{' '}
          {supplierComments}
        </Text>
      )}
    </>
  );
}
