import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyBarChart } from './index';

/** Which charts were drawn, in order (the real ones need a laid-out page that jsdom does not have). */
const drawn: string[] = [];
vi.mock('./charts', () => ({
  BarChartImpl: ({ seriesLabel }: { seriesLabel: string }) => {
    drawn.push(seriesLabel);
    return <p>{`chart ${seriesLabel}`}</p>;
  },
  PieChartImpl: () => null,
  MultiBarChartImpl: () => null,
}));

/** An IntersectionObserver the test drives: `intersectAll()` brings every observed element into view at once. */
const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
const intersectAll = () => {
  for (const o of observers.splice(0)) {
    o.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  }
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  drawn.length = 0;
});

describe('charts on screen', () => {
  it('draws two charts that come into view together one after the other, each in its own task', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(
          readonly callback: IntersectionObserverCallback,
          readonly options?: IntersectionObserverInit,
        ) {
          observers.push(this);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    render(
      <MantineProvider>
        <LazyBarChart data={[{ label: 'Mon', value: 1 }]} seriesLabel="A" />
        <LazyBarChart data={[{ label: 'Mon', value: 2 }]} seriesLabel="B" />
      </MantineProvider>,
    );
    expect(screen.queryAllByRole('status', { name: 'Loading chart' })).toHaveLength(0);
    // On screen, not ahead of it: a chart below a phone's fold waits until it is scrolled to.
    expect(observers.map((o) => o.options?.rootMargin ?? '0px')).toEqual(['0px', '0px']);

    act(() => intersectAll());
    // Both wait for their turn (the chart code, then one task each), with a skeleton meanwhile.
    expect(screen.getAllByRole('status', { name: 'Loading chart' })).toHaveLength(2);
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(drawn).toEqual([]);

    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
    expect(drawn).toEqual(['A']);
    expect(screen.getAllByRole('status', { name: 'Loading chart' })).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
    });
    expect(drawn).toEqual(['A', 'B']);
    expect(screen.getByText('chart B')).toBeInTheDocument();
    expect(screen.queryAllByRole('status', { name: 'Loading chart' })).toHaveLength(0);
  });
});
