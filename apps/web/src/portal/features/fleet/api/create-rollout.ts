import { fleetApi, type RolloutCreateRequest } from '@fleetdeck/contract';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/**
 * `POST rollouts {templateId, version?, groupId | profileIds, stages, pauseWhen, ackTimeoutSeconds}`: 409 while the
 * group has a running or paused rollout.
 */
export const createRollout = (body: RolloutCreateRequest) => client(fleetApi.rolloutCreate, { body });

export const useCreateRollout = (config: MutationConfig<typeof createRollout> = {}) =>
  useInvalidatingMutation([queryKeys.rollouts, queryKeys.groups], createRollout, config);
