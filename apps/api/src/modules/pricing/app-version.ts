import { FAMILY_PLANS, type Family, type PlanCode } from '@fleetdeck/contract';
import type { AppVersionConfig } from '@fleetdeck/contract/staff';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

export const toConfig = (row: repo.AppVersionRow): AppVersionConfig => ({
  planIdentifier: row.planIdentifier as PlanCode,
  minAppVersionCode: row.minAppVersionCode,
  message: row.message,
  forceUpdate: row.forceUpdate,
});

/**
 * The `appVersion` block of a device's policy document (DECISIONS §8): the config of its family's recurring plan
 * (the plan whose APK link is the family's download), or null when none is configured. `stamp` moves the ETag.
 */
export async function appVersionOfFamily(
  db: DbOrTx,
  family: Family,
): Promise<{ block: AppVersionConfig; stamp: number } | null> {
  const row = await repo.findAppVersion(db, FAMILY_PLANS[family].recurring);
  return row ? { block: toConfig(row), stamp: row.updatedAt.getTime() } : null;
}
