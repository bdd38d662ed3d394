import { Anchor, Group as Row, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../shared/i18n';
import { formatMoney } from '../../shared/formatting/format';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { MoneyChartSlot } from './chart-slot';
import { Figure, monthName } from './parts';
import type { Dashboard, MonthMoney } from './queries';

const FIGURES = [
  { key: 'revenue', label: 'dashboard.money.revenue' },
  { key: 'supplierCost', label: 'dashboard.money.supplierCost' },
  { key: 'margin', label: 'dashboard.money.margin' },
] as const;

/**
 * This month's revenue, supplier cost and margin against last month's, per currency
 * (docs/dashboard.md#money): figures, a table and a bar chart of the same numbers.
 */
export function MonthSection({ dashboard, money }: { dashboard: Dashboard; money: MonthMoney[] }) {
  const thisMonth = monthName(dashboard.months.thisMonth.month);
  const lastMonth = monthName(dashboard.months.lastMonth.month);
  const several = money.length > 1;
  return (
    <section aria-labelledby="dashboard-month">
      <Row justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} id="dashboard-month">
          {t('dashboard.month.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('dashboard.month.subtitle', { thisMonth, lastMonth })}
        </Text>
      </Row>
      {money.length === 0 ? (
        <Text>{t('dashboard.money.empty')}</Text>
      ) : (
        <Stack gap="lg">
          {money.map((entry) => (
            <CurrencyMoney key={entry.currency.code} entry={entry} several={several} thisMonth={thisMonth} lastMonth={lastMonth} />
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {t('dashboard.money.note', { zone: dashboard.timeZone })}{' '}
        <Anchor component={Link} to="/reports" size="xs" underline="always">
          {t('dashboard.money.report')}
        </Anchor>
      </Text>
    </section>
  );
}

function CurrencyMoney({ entry, several, thisMonth, lastMonth }: { entry: MonthMoney; several: boolean; thisMonth: string; lastMonth: string }) {
  const code = entry.currency.code;
  const label = (figure: string) => (several ? t('dashboard.money.inCurrency', { figure, currency: code }) : figure);
  return (
    <Stack gap="sm">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="sm" m={0}>
        {FIGURES.map((figure) => (
          <Figure
            key={figure.key}
            label={label(t(figure.label))}
            value={formatMoney(entry.thisMonth[figure.key], code)}
            note={t('dashboard.money.lastMonth', { month: lastMonth, amount: formatMoney(entry.lastMonth[figure.key], code) })}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ScrollTable label={t('dashboard.money.tableLabel', { currency: code, lastMonth, thisMonth })} minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Caption>{t('dashboard.money.tableLabel', { currency: code, lastMonth, thisMonth })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('dashboard.money.figure')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {lastMonth}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {thisMonth}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FIGURES.map((figure) => (
                <Table.Tr key={figure.key}>
                  <Table.Th scope="row" fw={500}>
                    {t(figure.label)}
                  </Table.Th>
                  <Table.Td ta="right">{formatMoney(entry.lastMonth[figure.key], code)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(entry.thisMonth[figure.key], code)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <MoneyChartSlot entry={entry} thisMonth={thisMonth} lastMonth={lastMonth} />
      </SimpleGrid>
      {entry.thisMonth.unpricedOutsourcings + entry.lastMonth.unpricedOutsourcings > 0 && (
        <Text size="sm">{t('dashboard.money.unpriced', { count: entry.thisMonth.unpricedOutsourcings + entry.lastMonth.unpricedOutsourcings })}</Text>
      )}
      {(entry.thisMonth.excludesUnconverted || entry.lastMonth.excludesUnconverted) && <Text size="sm">{t('dashboard.money.excluded')}</Text>}
    </Stack>
  );
}
