import type { Dashboard, Family } from '@fleetdeck/contract';
import { allReads, type DbOrTx } from '../../db/client.ts';
import { isGroupScoped, type DeviceScope } from '../../lib/device-scope.ts';
import { groupDeviceCountsPerFamily } from './repository.ts';
import { anyExceeded, licenceSummary, monthWiseEnrolments, seatsOfPlan, summaryTotals } from './service.ts';

/**
 * `GET dashboard` (spec 1 §3 dashboard data), built on the ledger's reads. A group-scoped member (DECISIONS §12) sees
 * the device counts of their groups (kept per group by triggers) and of their devices' enrolments; the licence and
 * seat numbers (purchased, one-time seats, the licence summary and its exceeded flag) and chat users stay the account's.
 */
export async function dashboard(db: DbOrTx, scope: DeviceScope, now = new Date()): Promise<Dashboard> {
  const customerId = scope.customerId;
  const [licences, pdOnetimeDevices, monthWiseDeviceCount, groupCounts] = await allReads(db, [
    () => licenceSummary(db, customerId),
    () => seatsOfPlan(db, customerId, 'PDOT'),
    () => monthWiseEnrolments(db, scope, now.getUTCFullYear()),
    () => (isGroupScoped(scope) ? groupDeviceCountsPerFamily(db, scope) : Promise.resolve(null)),
  ] as const);
  const seatsUsed = (family: Family) => licences.find((l) => l.family === family)?.used ?? 0;
  const used = (family: Family) =>
    family !== 'PCHAT' && groupCounts ? (groupCounts.get(family) ?? 0) : seatsUsed(family);
  const ub = used('UB');
  return {
    purchasedDevices: licences.reduce((n, l) => n + l.purchased, 0),
    pdOnetimeDevices,
    enrolDevices: licences.filter((l) => l.family !== 'PCHAT').reduce((n, l) => n + used(l.family), 0),
    pdEnrolledDevices: used('PD'),
    pdOWEnrolledDevices: used('PDOW'),
    pcEnrolledDevices: used('PC'),
    ubEnrolledDevices: ub,
    kmEnrolledDevices: used('KM'),
    pChatUsers: used('PCHAT'),
    pobEnrolledDevices: used('POB'),
    upEnrolledDevices: ub,
    slEnrolledDevices: used('SL'),
    monthWiseDeviceCount,
    licences,
    licenceExceeded: anyExceeded(licences),
  };
}

/**
 * `GET licences/summary`: the seats of each family and the exceeded banner stay the account's (a Technician cannot
 * buy, but sees why enrolment stops); `enrolledDevices` of a group-scoped member counts their groups' devices.
 */
export async function licenceSummaryFor(db: DbOrTx, scope: DeviceScope) {
  const [licences, groupCounts] = await allReads(db, [
    () => licenceSummary(db, scope.customerId),
    () => (isGroupScoped(scope) ? groupDeviceCountsPerFamily(db, scope) : Promise.resolve(null)),
  ] as const);
  const totals = summaryTotals(licences);
  if (groupCounts) totals.enrolledDevices = [...groupCounts.values()].reduce((n, c) => n + c, 0);
  return { licences, totals };
}
