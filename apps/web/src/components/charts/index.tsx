import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
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
  // A role, so that its label is allowed (a plain div may not carry aria-label); it may stay while off screen.
  return <Skeleton h={CHART_HEIGHT} radius="md" role="status" aria-busy="true" aria-label={label} />;
}

/**
 * Renders its children once their place is near the screen (within 300 px). A chart is a
 * large tree (recharts: an SVG per bar, tick and label): rendering the ones below the fold of a phone before anyone
 * scrolls to them was most of a dashboard's blocking time on first load. Its room is kept empty until then. Without
 * IntersectionObserver: at once.
 */
function WhenNearScreen({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  // Only the chart's room, empty: it is off screen (a skeleton would read as "still loading" to a page that waits).
  return <div ref={ref} style={{ height: CHART_HEIGHT }} />;
}

interface LazyBarChartProps {
  data: BarChartDatum[];
  /** Name of the series in the tooltip, e.g. "Enrolments". */
  seriesLabel: string;
  color?: string;
}

/** A bar chart (230 px high) whose code loads lazily, drawn once near the screen; a skeleton shows meanwhile. */
export function LazyBarChart(props: LazyBarChartProps) {
  return (
    <WhenNearScreen>
      <Suspense fallback={<ChartSkeleton />}>
        <BarChartImpl {...props} />
      </Suspense>
    </WhenNearScreen>
  );
}

/** A pie chart (230 px high) whose code loads lazily; a skeleton shows meanwhile. Zero slices are left out. */
export function LazyPieChart(props: { data: PieDatum[] }) {
  return (
    <WhenNearScreen>
      <Suspense fallback={<ChartSkeleton />}>
        <PieChartImpl {...props} />
      </Suspense>
    </WhenNearScreen>
  );
}

/** A grouped bar chart (one bar per series per label, with a legend) whose code loads lazily. */
export function LazyMultiBarChart(props: { data: Record<string, string | number>[]; series: MultiBarSeries[] }) {
  return (
    <WhenNearScreen>
      <Suspense fallback={<ChartSkeleton />}>
        <MultiBarChartImpl {...props} />
      </Suspense>
    </WhenNearScreen>
  );
}
