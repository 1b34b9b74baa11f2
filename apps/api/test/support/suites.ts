import type { StaffRole } from '@fleetdeck/contract/staff';
import { inject } from 'vitest';
import { newStaff } from './factory.ts';
import { startFakeStripe, STRIPE_TEST_ENV, type FakeStripe } from './fake-stripe.ts';
import { fleetOwner } from './profiles.ts';
import { startTestRuntime, type TestRuntime } from './runtime.ts';

/**
 * The `beforeAll` arrange steps test files share: a runtime on the run's PostgreSQL (`inject('pgAdminUrl')`) and the
 * first actor the file's tests act as. Each answers what the file keeps; `rt.close()` ends everything it started.
 */

type RuntimeOptions = NonNullable<Parameters<typeof startTestRuntime>[1]>;

/** A runtime on the run's PostgreSQL (a database of the file's own). */
export const startFileRuntime = (opts: RuntimeOptions = {}) => startTestRuntime(inject('pgAdminUrl'), opts);

/** A runtime and a signed-in staff member of `role` (the staff wing's files). */
export async function startWithStaff(role: StaffRole, opts: RuntimeOptions = {}) {
  const rt = await startFileRuntime(opts);
  return { rt, staff: await newStaff(rt, role) };
}

/** A runtime and a customer with seats of every device family (the profile files): 50 of each unless told. */
export async function startWithFleetOwner(seatsPerFamily?: number) {
  const rt = await startFileRuntime();
  return { rt, owner: await fleetOwner(rt, seatsPerFamily) };
}

/**
 * A runtime with PAYMENT_PROVIDER=stripe against a fresh local Stripe stand-in, and a signed-in SuperAdmin; the
 * runtime's `close()` stops the stand-in too.
 */
export async function startWithStripe(): Promise<{ rt: TestRuntime; fake: FakeStripe; staff: Staff }> {
  const fake = await startFakeStripe();
  let started: TestRuntime;
  try {
    started = await startFileRuntime({ env: STRIPE_TEST_ENV(fake.url) });
  } catch (err) {
    await fake.close();
    throw err;
  }
  const rt: TestRuntime = {
    ...started,
    async close() {
      fake.onRequest(null);
      try {
        await started.close();
      } finally {
        await fake.close();
      }
    },
  };
  return { rt, fake, staff: await newStaff(rt, 'SuperAdmin') };
}

type Staff = Awaited<ReturnType<typeof newStaff>>;
