import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fake clocks that still run as real time does, so Testing Library's waits keep working, and that a test moves on
 * with `vi.advanceTimersByTimeAsync`: a page's poll or refresh interval passes at once instead of holding the worker
 * for seconds (issue 23). The setup file's `afterEach` puts the real clocks back.
 */
export const useRunningFakeClock = () => vi.useFakeTimers({ shouldAdvanceTime: true });

/**
 * Retries `check` for at most `timeoutMs` of wall-clock time, the faked clock moving only as real time does: what the
 * check waits for must be due by then. (Testing Library's `waitFor` under this clock went on waiting for a poll 10 s
 * away: a test checking an interval would not fail when the interval grew.)
 */
export async function waitForRealTime(check: () => void, timeoutMs = 1000) {
  const until = performance.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (performance.now() > until) throw err;
    }
    // Runs what is due now (responses, React's work) before the next try.
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
}
