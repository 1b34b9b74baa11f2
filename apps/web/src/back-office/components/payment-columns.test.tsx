import { describe, expect, it } from 'vitest';
import { paymentColumns } from './payment-columns';

describe('payment history columns (issue 24, item 9)', () => {
  it('"Expiry At" and "Created On" are wide enough for "28 Nov 2026" with the cell padding (100 px cut it)', () => {
    const columns = paymentColumns({ onEmail: () => undefined, onWhatsapp: () => undefined });
    for (const header of ['Expiry At', 'Created On']) {
      expect(columns.find((c) => c.header === header)?.width).toBeGreaterThanOrEqual(120);
    }
  });
});
