import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type * as Charts from './charts';
import { CHART_HEIGHT, type BarChartDatum, type MultiBarSeries, type PieDatum } from './types';

export { CHART_HEIGHT, type BarChartDatum, type MultiBarSeries, type PieDatum } from './types';

// @mantine/charts and recharts load on demand, in their own chunk; one import shared by every chart.
let chartsModule: Promise<typeof Charts> | undefined;
const loadCharts = () => (chartsModule ??= import('./charts'));
const BarChartImpl = lazy(async () => ({ default: (await loadCharts()).BarChartImpl }));
const PieChartImpl = lazy(async () => ({ default: (await loadCharts()).PieChartImpl }));
const MultiBarChartImpl = lazy(async () => ({ default: (await loadCharts()).MultiBarChartImpl }));

/** Start downloading the chart code early (e.g. while the page's data loads). */
export const preloadCharts = (): void => {
  void loadCharts();
};

export function ChartSkeleton({ label = 'Loading chart' }: { label?: string }) {
  return <Skeleton h={CHART_HEIGHT} radius="md" aria-busy="true" aria-label={label} />;
}

interface LazyBarChartProps {
  data: BarChartDatum[];
  /** Name of the series in the tooltip, e.g. "Enrolments". */
  seriesLabel: string;
  color?: string;
}

/** A bar chart (230 px high) whose code loads lazily; a skeleton shows meanwhile. */
export function LazyBarChart(props: LazyBarChartProps) {
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <BarChartImpl {...props} />
    </Suspense>
  );
}

/** A pie chart (230 px high) whose code loads lazily; a skeleton shows meanwhile. Zero slices are left out. */
export function LazyPieChart(props: { data: PieDatum[] }) {
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <PieChartImpl {...props} />
    </Suspense>
  );
}

/** A grouped bar chart (one bar per series per label, with a legend) whose code loads lazily. */
export function LazyMultiBarChart(props: { data: Record<string, string | number>[]; series: MultiBarSeries[] }) {
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <MultiBarChartImpl {...props} />
    </Suspense>
  );
}
