import { fleetApi, type EndpointResponse } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';
import { fleetQueryKeys } from './query-keys';

/** What a person can do to a rollout: `POST rollouts/:id/resume|cancel|rollback`. */
export const ROLLOUT_ACTIONS = {
  resume: fleetApi.rolloutResume,
  cancel: fleetApi.rolloutCancel,
  rollback: fleetApi.rolloutRollback,
} as const;
export type RolloutAction = keyof typeof ROLLOUT_ACTIONS;

export const runRolloutAction = ({
  id,
  action,
}: {
  id: string;
  action: RolloutAction;
}): Promise<EndpointResponse<typeof fleetApi.rolloutResume>> => client(ROLLOUT_ACTIONS[action], { params: { id } });

/** The answer is the rollout as it is now: it replaces the cached one; lists, groups and devices are read again. */
export const useRolloutAction = ({ onSuccess, ...config }: MutationConfig<typeof runRolloutAction> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: runRolloutAction,
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.setQueryData(fleetQueryKeys.rollout(variables.id), answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.rollouts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profileLists });
      await onSuccess?.(answer, variables, ...rest);
    },
  });
};
