import { Alert, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { t, type MessageKey } from '../../shared/i18n';
import { formatRate } from '../../shared/formatting/format';
import { pairLabel } from '../../shared/formatting/job-format';
import type { PriceLookup } from './price-queries';
import { formatRateEntry } from './price-values';

type Entry = PriceLookup['prices'][number];

/** Whose price it is, in words: the client's own, the supplier's own service, or the account's. */
export function originOf(entry: Pick<Entry, 'type' | 'restrictedToClient' | 'price'>): string {
  const key: MessageKey = entry.type === 'client' ? 'prices.origin.client' : entry.type === 'supplier' ? 'prices.origin.supplier' : 'prices.origin.account';
  const origin = t(key);
  return entry.restrictedToClient && entry.price.client ? t('prices.origin.restricted', { origin, client: entry.price.client.name }) : origin;
}

/** How the price matched the criteria, one reason a line (service, unit and currency always match). */
export function reasonsOf(entry: Entry): string[] {
  const { price } = entry;
  const reasons = [t('prices.why.base', { service: price.service.name, unit: price.quantityType.name, currency: price.currency.code })];
  if (entry.languagePairMatch === 'any') reasons.push(t('prices.why.anyPair'));
  else if (price.languagePair)
    reasons.push(t(entry.languagePairMatch === 'reversed' ? 'prices.why.pairReversed' : 'prices.why.pair', { pair: pairLabel(price.languagePair) }));
  if (entry.domainMatch === 'any') reasons.push(t('prices.why.anyDomain'));
  else if (price.domain) reasons.push(t('prices.why.domain', { domain: price.domain.name }));
  return reasons;
}

/**
 * The look-up's answer: the price taken (its origin, why it matched, its unit cost and match
 * rates), the prices that also match and come after it, and what happens when none does.
 */
export function PriceLookupAnswer({ answer }: { answer: PriceLookup }) {
  const [taken, ...others] = answer.prices;
  if (!taken)
    return (
      <Alert color="yellow" title={t('prices.lookup.none')} role="status">
        {t(answer.for === 'client' ? 'prices.lookup.noneClient' : 'prices.lookup.noneSupplier')}
      </Alert>
    );
  const currency = taken.price.currency.code;
  return (
    <Stack gap="sm" aria-live="polite">
      <Card withBorder component="section" aria-labelledby="price-lookup-taken">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} size="h4" id="price-lookup-taken">
              {t('prices.lookup.taken')}
            </Title>
            <Badge variant="light">{originOf(taken)}</Badge>
          </Group>
          <Text size="lg" fw={600}>
            {t('prices.lookup.perUnit', { rate: formatRate(taken.price.unitCost, currency), unit: taken.price.quantityType.name })}
          </Text>
          <Text size="sm" fw={500}>
            {t('prices.lookup.why')}
          </Text>
          <List size="sm" spacing={2}>
            {reasonsOf(taken).map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
          {taken.price.matches.length === 0 ? (
            <Text size="sm">{t('prices.lookup.noRates')}</Text>
          ) : (
            <Table verticalSpacing={2} fz="sm" aria-label={t('prices.lookup.rates')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('prices.rates.category')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t(taken.price.matchesType === 'percentage' ? 'prices.lookup.ratePercentage' : 'prices.lookup.rateFixed')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {taken.price.matches.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Th scope="row" fw={400}>
                      {entry.name}
                    </Table.Th>
                    <Table.Td ta="right">{formatRateEntry(taken.price.matchesType, entry, currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      {others.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('prices.lookup.others')}
          </Text>
          <Table verticalSpacing={2} fz="sm" aria-label={t('prices.lookup.others')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('prices.lookup.rank')}</Table.Th>
                <Table.Th scope="col">{t('prices.lookup.origin')}</Table.Th>
                <Table.Th scope="col">{t('prices.lookup.matchedOn')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('prices.column.unitCost')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {others.map((entry, index) => (
                <Table.Tr key={entry.price.id}>
                  <Table.Td>{index + 2}</Table.Td>
                  <Table.Td>{originOf(entry)}</Table.Td>
                  <Table.Td>{reasonsOf(entry).slice(1).join('; ')}</Table.Td>
                  <Table.Td ta="right">{formatRate(entry.price.unitCost, entry.price.currency.code)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t(answer.for === 'client' ? 'prices.lookup.orderClient' : 'prices.lookup.orderSupplier')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
