import type { Dashboard, Family } from '@fleetdeck/contract';
import { allReads, type DbOrTx } from '../../db/client.ts';
import { anyExceeded, licenceSummary, monthWiseEnrolments, seatsOfPlan } from './service.ts';

/** `GET dashboard` (spec 1 §3 dashboard data), built on the ledger's reads. */
export async function dashboard(db: DbOrTx, customerId: string, now = new Date()): Promise<Dashboard> {
  const [licences, pdOnetimeDevices, monthWiseDeviceCount] = await allReads(db, [
    () => licenceSummary(db, customerId),
    () => seatsOfPlan(db, customerId, 'PDOT'),
    () => monthWiseEnrolments(db, customerId, now.getUTCFullYear()),
  ] as const);
  const used = (family: Family) => licences.find((l) => l.family === family)?.used ?? 0;
  const ub = used('UB');
  return {
    purchasedDevices: licences.reduce((n, l) => n + l.purchased, 0),
    pdOnetimeDevices,
    enrolDevices: licences.filter((l) => l.family !== 'PCHAT').reduce((n, l) => n + l.used, 0),
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
