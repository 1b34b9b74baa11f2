import { FAMILIES, type Family, type FamilyLicence } from '@fleetdeck/contract';
import { allReads, type DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

/** The ledger's per-family figures (service.ts says what they mean); seats.ts copies them into `customer_seats`. */
export const familyLicence = (family: Family, purchased: number, used: number, expired: number): FamilyLicence => ({
  family,
  purchased,
  used,
  expired,
  exceeded: used > purchased,
});

/** All 8 families, in FAMILIES order (PD, PDOW, SL, PC, UB, KM, POB, PCHAT). Three indexed queries. */
export async function licenceSummary(db: DbOrTx, customerId: string): Promise<FamilyLicence[]> {
  const [grants, deviceSeats, chatSeats] = await allReads(db, [
    () => repo.grantTotals(db, customerId),
    () => repo.usedDeviceSeats(db, customerId),
    () => repo.usedChatSeats(db, customerId),
  ] as const);
  return FAMILIES.map((family) => {
    const g = grants.find((r) => r.family === family);
    const used = family === 'PCHAT' ? chatSeats : (deviceSeats.find((r) => r.family === family)?.used ?? 0);
    return familyLicence(family, g?.purchased ?? 0, used, g?.expired ?? 0);
  });
}
