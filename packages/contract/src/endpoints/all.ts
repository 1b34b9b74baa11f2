import type { Endpoint } from '../endpoint.ts';
import * as areas from './index.ts';

/** Every endpoint of the table, for suites that walk all of them (route coverage, bad input, cross-tenant). */
export const allCustomerEndpoints: readonly Endpoint[] = Object.values(areas).flatMap(
  (area) => Object.values(area) as Endpoint[],
);
