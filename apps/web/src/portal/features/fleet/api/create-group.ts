import { fleetApi, type EndpointBody } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `POST groups {name, family, templateId?}`. */
export const createGroup = (body: EndpointBody<typeof fleetApi.groupCreate>) => client(fleetApi.groupCreate, { body });

export const useCreateGroup = (config: MutationConfig<typeof createGroup> = {}) =>
  useInvalidatingMutation(queryKeys.groups, createGroup, config);
