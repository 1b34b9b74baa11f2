import { commandsApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/portal/lib/query-keys';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { commandQueryKeys } from './query-keys';

/** `POST commands/:id/cancel`: the rows not yet delivered become cancelled. */
export const cancelCommand = (id: string) => client(commandsApi.commandCancel, { params: { id } });

/** The answer is the command as it is now: it replaces the cached one; the lists and rows are read again. */
export const useCancelCommand = ({ onSuccess, ...config }: MutationConfig<typeof cancelCommand> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: cancelCommand,
    onSuccess: async (answer, id, ...rest) => {
      queryClient.setQueryData(commandQueryKeys.detail(id), answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.commands });
      await onSuccess?.(answer, id, ...rest);
    },
  });
};
