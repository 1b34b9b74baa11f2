import { activityApi } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

/** `DELETE users/export/application/delete`: removes one app (package name) from the export's disabled apps. */
export const deleteExportApplication = (body: { id: string; app: string }) =>
  client(activityApi.exportApplicationDelete, { body });

export const useDeleteExportApplication = ({
  onSuccess,
  ...config
}: MutationConfig<typeof deleteExportApplication> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteExportApplication,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.exports });
      await onSuccess?.(...args);
    },
  });
};
