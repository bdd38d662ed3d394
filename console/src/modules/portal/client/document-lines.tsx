import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { usePortalText } from '../use-portal-text';
import { formatMoney } from '../work';
import classes from '../portal.module.css';
import type { ClientQuoteDetail } from './documents-queries';

type Detail = Pick<ClientQuoteDetail, 'lines' | 'totals' | 'currency' | 'reverseCharge' | 'terms'>;

/**
 * A quote's (or an invoice's) lines and totals as the client sees them: on a phone each line is a
 * small card, on a wider screen a table; the totals below, right-aligned.
 */
export function DocumentLines({ document }: { document: Detail }) {
  const text = usePortalText();
  const { t } = text;
  const money = (value: number) => formatMoney(text, value, document.currency);
  const quantity = (value: number, unit: string | null) => `${text.formatNumber(value, { maximumFractionDigits: 2 })}${unit ? ` ${unit}` : ''}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-document-lines">
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-document-lines">
          {t('clientDocs.lines.title')}
        </Title>
        <Table.ScrollContainer minWidth={0} visibleFrom="sm">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clientDocs.lines.description')}</Table.Th>
                <Table.Th ta="right">{t('clientDocs.lines.quantity')}</Table.Th>
                <Table.Th ta="right">{t('clientDocs.lines.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('clientDocs.lines.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {document.lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td className={classes.value}>{line.description}</Table.Td>
                  <Table.Td ta="right">{quantity(line.quantity, line.unit)}</Table.Td>
                  <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{money(line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} className={classes.list}>
          {document.lines.map((line, index) => (
            <Paper key={index} withBorder p="xs" radius="sm" component="li">
              <Text fw={500} className={classes.value}>
                {line.description}
              </Text>
              <Text size="sm">
                {quantity(line.quantity, line.unit)} × {money(line.unitPrice)} = <strong>{money(line.amount)}</strong>
              </Text>
            </Paper>
          ))}
        </Stack>
        <Stack gap={2} align="flex-end">
          <TotalRow label={t('clientDocs.totals.subtotal')} value={money(document.totals.subtotal)} />
          {document.totals.discount !== 0 && <TotalRow label={t('clientDocs.totals.discount')} value={money(-document.totals.discount)} />}
          {document.totals.taxes.map((tax) => (
            <TotalRow
              key={tax.name}
              label={`${tax.name} (${text.formatNumber(tax.rate, { style: 'percent', maximumFractionDigits: 2 })})`}
              value={money(tax.amount)}
            />
          ))}
          <TotalRow label={t('clientDocs.total')} value={money(document.totals.total)} strong />
        </Stack>
        {document.reverseCharge && <Text size="sm">{t('clientDocs.reverseCharge')}</Text>}
        {document.terms && (
          <Text size="sm" className={classes.value} style={{ whiteSpace: 'pre-wrap' }}>
            <Text span size="sm" c="dimmed">
              {t('clientDocs.terms')}:
            </Text>{' '}
            {document.terms}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Text fw={strong ? 700 : undefined} ta="right">
      {label}: {value}
    </Text>
  );
}
