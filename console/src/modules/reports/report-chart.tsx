import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { t, type MessageKey } from '../../shared/i18n';
import { formatMoney, formatNumber } from '../../shared/formatting/format';
import { chartBars, REPORT_COLUMNS, type ReportAnswer } from './report-kinds';

const COLORS = ['blue.7', 'orange.7', 'teal.7'];

/**
 * A report's chart (@mantine/charts over recharts, as the dashboard's), in a chunk of its own loaded
 * after the table: one image whose name says that its numbers are in the table below.
 */
export function ReportChart({ answer }: { answer: ReportAnswer }) {
  const { series, bars } = chartBars(answer);
  const label = (key: string): string => {
    const column = REPORT_COLUMNS[answer.report].find((entry) => entry.key === key);
    return column ? t(column.label, { currency: answer.currency.code }) : t(`reports.series.${key}` as MessageKey);
  };
  const data = bars.map((bar) => ({ label: answer.report === 'receivables' ? label(bar.label) : bar.label, ...bar.values }));
  const money = answer.report !== 'workload';
  return (
    <div role="img" aria-label={t('reports.chartLabel', { report: t(`reports.name.${answer.report}` as MessageKey) })}>
      <BarChart
        h={260}
        data={data}
        dataKey="label"
        series={series.map((name, index) => ({ name, label: label(name), color: COLORS[index % COLORS.length]! }))}
        valueFormatter={(value) => (money ? formatMoney(value, answer.currency.code) : formatNumber(value, 0))}
        withLegend={series.length > 1}
        withTooltip={false}
        gridAxis="y"
        yAxisProps={{ width: 90 }}
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
