import { describe, expect, it } from 'vitest';
import { staffPaths } from './paths';
import { homeOf } from './routes';

describe('homeOf: where a role lands after sign-in (issue 24, item 9)', () => {
  it("Support lands on the first page of its sidebar, Finance's Payment Errors (it landed on Blogs, a later section's)", () => {
    expect(homeOf('Support')).toBe(staffPaths.paymentErrors.getHref());
  });

  it('SuperAdmin still lands on the dashboard', () => {
    expect(homeOf('SuperAdmin')).toBe(staffPaths.dashboard.getHref());
  });
});
