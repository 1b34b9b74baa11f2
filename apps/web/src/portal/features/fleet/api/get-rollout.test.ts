import { describe, expect, it } from 'vitest';
import { counts } from '../testing/fixtures';
import { isLive } from './get-rollout';

describe('isLive (the rollout page asks again while its counts can move)', () => {
  it('is live while running, and while a rollback still has devices to restore', () => {
    expect(isLive({ state: 'running', counts: counts(0, 0, 0, 5) })).toBe(true);
    expect(isLive({ state: 'rolled_back', counts: counts(2, 1, 0) })).toBe(true);
  });

  it('is still once paused, finished, or rolled back with every device restored', () => {
    expect(isLive({ state: 'paused', counts: counts(2, 1, 0) })).toBe(false);
    expect(isLive({ state: 'completed', counts: counts(3, 0, 0) })).toBe(false);
    expect(isLive({ state: 'cancelled', counts: counts(1, 0, 0, 2) })).toBe(false);
    // Devices that were still waiting for their stage were never changed: nothing to restore.
    expect(isLive({ state: 'rolled_back', counts: counts(0, 0, 0, 2) })).toBe(false);
    expect(isLive({ state: 'rolled_back', counts: counts(0, 0, 0, 2, 3) })).toBe(false);
    expect(isLive(undefined)).toBe(false);
  });
});
