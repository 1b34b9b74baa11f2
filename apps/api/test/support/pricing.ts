import { staffApi, type StaffPrice } from '@fleetdeck/contract/staff';
import { call } from './call.ts';
import type { TestRuntime } from './runtime.ts';

/** A price of the staff price list (recurring or one-time) by its plan identifier. */
export async function priceOf(rt: TestRuntime, token: string, identifier: string): Promise<StaffPrice> {
  const l = (await call(rt, staffApi.priceList, { token })).data().data;
  return [...l.recurringPriceList, ...l.oneTimePriceList].find((p) => p.identifier === identifier)!;
}

/** The pricing edit form's body for `p` as listed, with `changes` over it. */
export const priceEditBody = (p: StaffPrice, changes: Record<string, unknown> = {}) => ({
  id: p._id,
  name: p.name,
  identifier: p.identifier,
  description: p.description,
  status: p.status,
  apkLink: p.apkLink,
  features: p.features,
  ...changes,
});
