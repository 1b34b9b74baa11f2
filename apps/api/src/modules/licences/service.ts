import { LICENCE_EXCEEDED_MESSAGE, type Family, type FamilyLicence } from '@fleetdeck/contract';
import { allReads, type DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';
import { refreshSeatSummary } from './seats.ts';
import { familyLicence } from './summary.ts';
import type { DeviceScope } from '../../lib/device-scope.ts';

/**
 * The licence ledger's read side (DECISIONS §5): THE one place that says how many seats of a family a
 * customer has bought, uses and let expire. Dashboard, plan cards, the banner and enrolment all ask here.
 *
 * purchased = seats of grants not expired and not revoked (refunds revoke);
 * used      = devices of the family not logged out (PCHAT: chat users not deleted);
 * expired   = seats of grants that ran out (revoked ones are not counted anywhere);
 * exceeded  = used > purchased.
 */

export { lockFamilyPool } from './repository.ts';
export { licenceSummary } from './summary.ts';

/** One family's seats (e.g. for the 402 `redirectToPaymentPage` checks of profile update/apply). */
export async function familyLicenceOf(db: DbOrTx, customerId: string, family: Family): Promise<FamilyLicence> {
  const [grants, used] = await allReads(db, [
    () => repo.grantTotals(db, customerId, family),
    (): Promise<number> =>
      family === 'PCHAT'
        ? repo.usedChatSeats(db, customerId)
        : repo.usedDeviceSeats(db, customerId, family).then((rows) => rows[0]?.used ?? 0),
  ] as const);
  return familyLicence(family, grants[0]?.purchased ?? 0, used, grants[0]?.expired ?? 0);
}

/**
 * Seats of a family still free (never negative). To take one without overselling, call inside a
 * transaction after `lockFamilyPool(tx, customerId, family)`, then insert the device in the same tx.
 */
export async function freeSeats(db: DbOrTx, customerId: string, family: Family): Promise<number> {
  const l = await familyLicenceOf(db, customerId, family);
  return Math.max(0, l.purchased - l.used);
}

export const anyExceeded = (licences: readonly FamilyLicence[]) => licences.some((l) => l.exceeded);

/** What `GET licences/summary` answers (the shell's red banner). */
export function summaryTotals(licences: readonly FamilyLicence[]) {
  const exceeded = anyExceeded(licences);
  return {
    enrolledDevices: licences.reduce((n, l) => n + l.used, 0),
    purchasedDevices: licences.reduce((n, l) => n + l.purchased, 0),
    exceeded,
    device_exceeded_message: exceeded ? LICENCE_EXCEEDED_MESSAGE : null,
  };
}

/** Unexpired, unrevoked seats bought on one plan (dashboard `pdOnetimeDevices` for PDOT). */
export const seatsOfPlan = repo.unexpiredSeatsOfPlan;
/** Per plan id: unexpired seats and latest expiry (plan cards). */
export const seatsPerPlan = repo.seatsPerPlan;

/** Devices enrolled per month of `year` (UTC), January first: 12 numbers. */
export async function monthWiseEnrolments(db: DbOrTx, scope: DeviceScope, year: number): Promise<number[]> {
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const counts = await repo.enrolmentsPerMonth(db, scope, from, to);
  return Array.from({ length: 12 }, (_, m) => counts.get(m) ?? 0);
}

type Grant = NonNullable<Awaited<ReturnType<typeof repo.grantOfPayment>>>;

/** Seats of a grant that still count: not revoked and not expired (a refund can take only these). */
export const liveSeatsOf = (grant: Grant | null, now = new Date()): number =>
  !grant || grant.revokedAt || grant.expiresAt.getTime() <= now.getTime() ? 0 : grant.seats;

/** The grant of a payment and its live seats (refund page). */
export async function seatsOfPayment(db: DbOrTx, paymentId: string) {
  const grant = await repo.grantOfPayment(db, paymentId);
  return { grant, live: liveSeatsOf(grant) };
}

/**
 * Partial revoke (refunds, disputes): takes `seats` live seats off the payment's grant, under the family's pool lock,
 * in the caller's transaction. A grant keeps its live seat count in `seats` (the payment's `qty` keeps what was
 * bought; `payment_refunds` says where the rest went); at 0 the grant is revoked. Never takes more than the grant has.
 * Answers the seats taken and the grant's live seats after.
 */
export async function revokeSeatsOfPayment(
  tx: DbOrTx,
  input: { customerId: string; family: Family; paymentId: string; seats: number },
): Promise<{ revoked: number; left: number }> {
  await repo.lockFamilyPool(tx, input.customerId, input.family);
  const grant = await repo.lockGrantOfPayment(tx, input.paymentId);
  const live = liveSeatsOf(grant);
  if (!grant || live === 0) return { revoked: 0, left: 0 };
  const revoked = Math.min(live, Math.max(0, input.seats));
  await repo.setGrantSeats(tx, grant.id, live - revoked);
  await refreshSeatSummary(tx, input.customerId);
  return { revoked, left: live - revoked };
}

/** Live seats of a subscription (all its grants): what a renewal payment paid for. */
export async function liveSeatsOfSubscription(db: DbOrTx, subscriptionId: string): Promise<number> {
  const grants = await repo.liveGrantsOfSubscription(db, subscriptionId);
  return grants.reduce((n, g) => n + g.seats, 0);
}

/**
 * Partial revoke of a renewal's seats: a renewal payment has no grant of its own (it moved the subscription's grants
 * to the new period end), so its refund takes seats from the subscription's live grants, newest first. Under the
 * family's pool lock, in the caller's transaction. Answers the seats taken and the subscription's live seats after.
 */
export async function revokeSeatsOfSubscription(
  tx: DbOrTx,
  input: { customerId: string; family: Family; subscriptionId: string; seats: number },
): Promise<{ revoked: number; left: number }> {
  await repo.lockFamilyPool(tx, input.customerId, input.family);
  const grants = await repo.liveGrantsOfSubscription(tx, input.subscriptionId, { lock: true });
  let wanted = Math.max(0, input.seats);
  let revoked = 0;
  let left = 0;
  for (const grant of grants) {
    const take = Math.min(wanted, grant.seats);
    if (take > 0) await repo.setGrantSeats(tx, grant.id, grant.seats - take);
    wanted -= take;
    revoked += take;
    left += grant.seats - take;
  }
  if (revoked > 0) await refreshSeatSummary(tx, input.customerId);
  return { revoked, left };
}
