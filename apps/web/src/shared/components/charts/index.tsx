import { Skeleton } from '@mantine/core';
import { createContext, lazy, Suspense, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
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
 * Charts that come on screen are drawn one at a time, each in its own task, once the chart code is here:
 * drawing a chart is one long render (recharts measures every label in the DOM), two charts coming into view together
 * were drawn in the same task, twice as long, and a page's blocking time counts a long task by how far it goes over
 * 50 ms. A turn ends when its chart is on the page (`ChartDrawn`), or when it leaves before.
 */
let drawQueue: Promise<unknown> = Promise.resolve();
/** How long a turn lasts at most (a chart that fails to draw). */
const DRAW_TURN_MAX_MS = 1000;
interface DrawTurn {
  ready: Promise<void>;
  done: () => void;
}
function takeDrawTurn(): DrawTurn {
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const ready = drawQueue
    .then(loadCharts)
    // Code that failed to load: the chart renders anyway and its lazy import shows the error, as without the queue.
    .catch(() => undefined)
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  drawQueue = ready.then(() => finished);
  return { ready, done };
}

const DrawTurnDone = createContext<(() => void) | null>(null);

/** Placed after a chart inside its Suspense boundary: commits with the chart, and ends its turn. */
function ChartDrawn() {
  const done = useContext(DrawTurnDone);
  useEffect(() => done?.(), [done]);
  return null;
}

/**
 * Draws a lazily loaded chart once part of its place is on the screen, in its turn (`takeDrawTurn`). A chart is a
 * large tree (recharts: an SVG per bar, tick and label): rendering the ones below the fold of a phone before anyone
 * scrolls to them was most of a dashboard's blocking time on first load. Not ahead of the screen either: 300 px ahead
 * drew the admin dashboard's second chart, just below a phone's fold, with the first (twice the blocking time); a
 * chart scrolled to shows its skeleton for the moment it takes to draw. Its room is kept empty until then, and shows a
 * skeleton while it waits for its turn and while its code loads. Without IntersectionObserver: at once.
 */
function OnScreenChart({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<'off' | 'waiting' | 'shown'>(() =>
    typeof IntersectionObserver === 'undefined' ? 'shown' : 'off',
  );
  const [turn, setTurn] = useState<DrawTurn | null>(null);
  // Leaving before the chart is drawn ends the turn too, so that the next chart does not wait for it.
  useEffect(() => () => turn?.done(), [turn]);
  useEffect(() => {
    const el = ref.current;
    if (stage !== 'off' || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const mine = takeDrawTurn();
      setTurn(mine);
      setStage('waiting');
      void mine.ready.then(() => {
        // A chart that never shows (an error in it) must not hold the others back.
        setTimeout(mine.done, DRAW_TURN_MAX_MS);
        setStage('shown');
      });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [stage]);
  if (stage === 'shown') {
    return (
      <DrawTurnDone.Provider value={turn?.done ?? null}>
        <Suspense fallback={<ChartSkeleton />}>
          {children}
          <ChartDrawn />
        </Suspense>
      </DrawTurnDone.Provider>
    );
  }
  if (stage === 'waiting') return <ChartSkeleton />;
  // Only the chart's room, empty: it is off screen (a skeleton would read as "still loading" to a page that waits).
  return <div ref={ref} style={{ height: CHART_HEIGHT }} />;
}

interface LazyBarChartProps {
  data: BarChartDatum[];
  /** Name of the series in the tooltip, e.g. "Enrolments". */
  seriesLabel: string;
  color?: string;
}

/** A bar chart (230 px high) whose code loads lazily, drawn once on screen; a skeleton shows meanwhile. */
export function LazyBarChart(props: LazyBarChartProps) {
  return (
    <OnScreenChart>
      <BarChartImpl {...props} />
    </OnScreenChart>
  );
}

/** A pie chart (230 px high) whose code loads lazily; a skeleton shows meanwhile. Zero slices are left out. */
export function LazyPieChart(props: { data: PieDatum[] }) {
  return (
    <OnScreenChart>
      <PieChartImpl {...props} />
    </OnScreenChart>
  );
}

/** A grouped bar chart (one bar per series per label, with a legend) whose code loads lazily. */
export function LazyMultiBarChart(props: { data: Record<string, string | number>[]; series: MultiBarSeries[] }) {
  return (
    <OnScreenChart>
      <MultiBarChartImpl {...props} />
    </OnScreenChart>
  );
}
