import { fleetApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/** `DELETE templates/:id`: refused with 409 while a group uses it or a rollout runs. */
export const deleteTemplate = (id: string) => client(fleetApi.templateDelete, { params: { id } });

export const useDeleteTemplate = ({ onSuccess, ...config }: MutationConfig<typeof deleteTemplate> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteTemplate,
    // A 409 is shown in the dialog, in words naming why: no toast repeating it.
    meta: { silentError: true },
    onSuccess: async (answer, id, ...rest) => {
      queryClient.removeQueries({ queryKey: fleetQueryKeys.template(id) });
      await queryClient.invalidateQueries({ queryKey: fleetQueryKeys.templates });
      await onSuccess?.(answer, id, ...rest);
    },
  });
};
