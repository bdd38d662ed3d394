import { Anchor, Group, Text } from '@mantine/core';
import { usePortalText } from './use-portal-text';
import { formatMoney, type PortalWork } from './work';
import classes from './portal.module.css';

/**
 * The agency's purchase order for the work, once issued (docs/supplier-portal.md#purchase-orders):
 * its number, date and total, and its PDF to download. Nothing before it is issued.
 */
export function WorkPurchaseOrder({ work }: { work: PortalWork }) {
  const text = usePortalText();
  const order = work.purchaseOrder;
  if (order === null) return null;
  return (
    <Group gap="md" align="baseline" wrap="wrap" component="section" aria-label={text.t('page.purchaseOrder', { number: order.number })}>
      <Text fw={600} className={classes.value}>
        {text.t('page.purchaseOrder', { number: order.number })}
      </Text>
      {/* An issue date is a day (midnight UTC): written as that day wherever the reader is. */}
      {order.date && <Text size="sm">{text.formatDate(order.date, { dateStyle: 'medium', timeZone: 'UTC' })}</Text>}
      <Text size="sm">{formatMoney(text, order.total, order.currency)}</Text>
      {/* The PDF comes with the portal's cookie: a plain link, opened in a new tab. */}
      <Anchor href={`/v2/portal/work/${encodeURIComponent(work.id)}/purchase-order`} target="_blank" rel="noopener" className={classes.target}>
        {text.t('page.purchaseOrder.download')}
      </Anchor>
    </Group>
  );
}
