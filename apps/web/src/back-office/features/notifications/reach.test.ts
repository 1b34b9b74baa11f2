import { describe, expect, it } from 'vitest';
import { reachSentence } from './reach';

describe('the broadcast confirmation (DECISIONS §14)', () => {
  it('names the devices and customers, and says when the figure is an estimate or a lower bound', () => {
    expect(reachSentence({ devices: 1204, customers: 37, precision: 'exact' })).toBe(
      'This goes to 1,204 devices of 37 customers.',
    );
    expect(reachSentence({ devices: 1, customers: 1, precision: 'exact' })).toBe(
      'This goes to 1 device of 1 customer.',
    );
    expect(reachSentence({ devices: 5_000_000, customers: 41_000, precision: 'estimate' })).toBe(
      "This goes to about 5,000,000 devices of 41,000 customers (every enrolled device, from the customers' licence figures).",
    );
    expect(reachSentence({ devices: 10_000, customers: 12, precision: 'atLeast' })).toBe(
      'This goes to more than 10,000 devices of at least 12 customers.',
    );
  });
});
