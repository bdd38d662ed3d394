import { Skeleton } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { managersChartHeight, MONEY_CHART_HEIGHT } from './chart-sizes';
import type { Dashboard } from './queries';

/**
 * The dashboard's charts (@mantine/charts over recharts, about 135 KB of JavaScript gzip) are not
 * part of the page's first load: their chunk is asked for only once a chart's place is in the
 * window (a chart below the fold waits until it is scrolled to), after the figures and the table
 * of the same numbers are shown. Until the chart is drawn its place keeps the chart's height, so
 * nothing moves when it comes in.
 */
const loadCharts = () => import('./dashboard-charts');
const MoneyChart = lazy(() => loadCharts().then((module) => ({ default: module.MoneyChart })));
const ManagersChart = lazy(() => loadCharts().then((module) => ({ default: module.ManagersChart })));

function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const [seen, setSeen] = useState(false);
  // Once drawn, a chart stays (scrolling it out of the window does not take it away).
  if (inViewport && !seen) setSeen(true);
  const placeholder = <Skeleton h={height} aria-hidden />;
  return (
    <div ref={ref} style={{ minHeight: height }}>
      {seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}

export function MoneyChartSlot(props: ComponentProps<typeof MoneyChart>) {
  return (
    <ChartSlot height={MONEY_CHART_HEIGHT}>
      <MoneyChart {...props} />
    </ChartSlot>
  );
}

export function ManagersChartSlot({ managers }: { managers: Dashboard['inProgressByManager'] }) {
  return (
    <ChartSlot height={managersChartHeight(managers.length)}>
      <ManagersChart managers={managers} />
    </ChartSlot>
  );
}
