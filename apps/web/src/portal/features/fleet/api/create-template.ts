import { fleetApi, type EndpointBody } from '@fleetdeck/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/** `POST templates {name, fromProfileId}`: version 1 is a snapshot of that device's profile. */
export const createTemplate = (body: EndpointBody<typeof fleetApi.templateCreate>) =>
  client(fleetApi.templateCreate, { body });

export const useCreateTemplate = ({ onSuccess, ...config }: MutationConfig<typeof createTemplate> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createTemplate,
    onSuccess: async (answer, ...rest) => {
      queryClient.setQueryData(fleetQueryKeys.template(answer.data._id), answer);
      await queryClient.invalidateQueries({ queryKey: fleetQueryKeys.templates });
      await onSuccess?.(answer, ...rest);
    },
  });
};
