import { fleetApi } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

type Change = { id: string; profileIds: string[] };
const MEMBERSHIP = [queryKeys.groups, queryKeys.profileLists];

/** `POST groups/:id/devices {profileIds}`: adds devices (a device in another group moves; the template applies). */
export const addGroupDevices = ({ id, profileIds }: Change) =>
  client(fleetApi.groupAddDevices, { params: { id }, body: { profileIds } });

/** `POST groups/:id/devices/remove {profileIds}`: the devices leave the group and keep their settings. */
export const removeGroupDevices = ({ id, profileIds }: Change) =>
  client(fleetApi.groupRemoveDevices, { params: { id }, body: { profileIds } });

export const useAddGroupDevices = (config: MutationConfig<typeof addGroupDevices> = {}) =>
  useInvalidatingMutation(MEMBERSHIP, addGroupDevices, config);
export const useRemoveGroupDevices = (config: MutationConfig<typeof removeGroupDevices> = {}) =>
  useInvalidatingMutation(MEMBERSHIP, removeGroupDevices, config);
