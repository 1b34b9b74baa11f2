import { activityApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `DELETE users/export/delete?id=`: the export is gone for good. */
export const deleteExport = ({ id }: { id: string }) => client(activityApi.exportDelete, { query: { id } });

export const useDeleteExport = ({ onSuccess, ...config }: MutationConfig<typeof deleteExport> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteExport,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.exports });
      await onSuccess?.(...args);
    },
  });
};
