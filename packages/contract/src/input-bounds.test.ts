import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint.ts';
import { allCustomerEndpoints } from './endpoints/all.ts';
import { requestSchemaFaults } from './input-bounds.ts';
import { staffApi } from './staff/index.ts';

const endpoints: Endpoint[] = [...allCustomerEndpoints, ...(Object.values(staffApi) as Endpoint[])];

describe('every request schema is bounded (issue 12, item 9)', () => {
  it('refuses NUL in every string, caps every array, coerces no number from an array, takes in no unknown value', () => {
    const faults = endpoints.flatMap((e) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        requestSchemaFaults(e[part]).map((f) => `${e.method} ${e.path} ${part}.${f}`),
      ),
    );
    expect(faults).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(80);
  });
});
