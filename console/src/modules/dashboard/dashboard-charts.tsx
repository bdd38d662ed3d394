import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { t } from '../../shared/i18n';
import { formatMoney, formatNumber } from '../../shared/formatting/format';
import { managersChartHeight, MONEY_CHART_HEIGHT } from './chart-sizes';
import type { Dashboard, MonthMoney } from './queries';

/**
 * The dashboard's charts (@mantine/charts over recharts), in a chunk of their own loaded when a
 * chart's place comes into the window (chart-slot.tsx). Each chart is one image with a name that says where its numbers are written (the table
 * beside it): its bars are not for the keyboard nor read one by one (recharts' accessibility layer
 * off, no tooltip); each bar carries its value as a label.
 */
export function MoneyChart({ entry, thisMonth, lastMonth }: { entry: MonthMoney; thisMonth: string; lastMonth: string }) {
  const code = entry.currency.code;
  const data = (['revenue', 'supplierCost', 'margin'] as const).map((key) => ({
    figure: t(`dashboard.money.${key}`),
    lastMonth: entry.lastMonth[key],
    thisMonth: entry.thisMonth[key],
  }));
  return (
    <div role="img" aria-label={t('dashboard.money.chartLabel', { currency: code, lastMonth, thisMonth })}>
      <BarChart
        h={MONEY_CHART_HEIGHT}
        data={data}
        dataKey="figure"
        series={[
          { name: 'lastMonth', label: lastMonth, color: 'gray.5' },
          { name: 'thisMonth', label: thisMonth, color: 'blue.7' },
        ]}
        valueFormatter={(value) => formatMoney(value, code)}
        withLegend
        withTooltip={false}
        withBarValueLabel
        gridAxis="y"
        yAxisProps={{ width: 90 }}
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}

export function ManagersChart({ managers }: { managers: Dashboard['inProgressByManager'] }) {
  const data = managers.map((entry) => ({ manager: entry.user.name, jobs: entry.count }));
  return (
    <div role="img" aria-label={t('dashboard.managers.chartLabel')}>
      <BarChart
        h={managersChartHeight(data.length)}
        data={data}
        dataKey="manager"
        orientation="vertical"
        series={[{ name: 'jobs', label: t('dashboard.managers.jobs'), color: 'blue.7' }]}
        valueFormatter={(value) => formatNumber(value, 0)}
        withTooltip={false}
        withBarValueLabel
        gridAxis="x"
        // Whole jobs on the axis, and room after the longest bar for its label.
        xAxisProps={{ allowDecimals: false }}
        yAxisProps={{ width: 130 }}
        barChartProps={{ accessibilityLayer: false, margin: { right: 24 } }}
      />
    </div>
  );
}
