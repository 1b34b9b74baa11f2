import { fleetApi, type EndpointBody } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/**
 * `PUT groups/:id {name?, templateId?}`: a rename, or a template whose current version is applied to every device of
 * the group (their drift and policy state change too).
 */
export const updateGroup = ({ id, ...body }: { id: string } & EndpointBody<typeof fleetApi.groupUpdate>) =>
  client(fleetApi.groupUpdate, { params: { id }, body });

export const useUpdateGroup = (config: MutationConfig<typeof updateGroup> = {}) =>
  useInvalidatingMutation([queryKeys.groups, queryKeys.profileLists], updateGroup, config);
