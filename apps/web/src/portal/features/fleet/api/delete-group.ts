import { fleetApi } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `DELETE groups/:id`: the group goes; its devices stay, ungrouped. */
export const deleteGroup = (id: string) => client(fleetApi.groupDelete, { params: { id } });

export const useDeleteGroup = (config: MutationConfig<typeof deleteGroup> = {}) =>
  useInvalidatingMutation([queryKeys.groups, queryKeys.profileLists], deleteGroup, config);
