import { fleetApi, type EndpointBody } from '@fleetdeck/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/shared/lib/query-client';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

type TemplateUpdate = { id: string } & EndpointBody<typeof fleetApi.templateUpdate>;

/** `PUT templates/:id {name?, settings?}`: changed settings make a new version; a rename alone keeps it. */
export const updateTemplate = ({ id, ...body }: TemplateUpdate) =>
  client(fleetApi.templateUpdate, { params: { id }, body });

/**
 * The answer (the template as saved) replaces the cached one; the list and the pickers (a group's template, a
 * rollout's) show the new name or version.
 */
export const templateSaved = async (queryClient: QueryClient, answer: Awaited<ReturnType<typeof updateTemplate>>) => {
  queryClient.setQueryData(fleetQueryKeys.template(answer.data._id), answer);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...fleetQueryKeys.templates, 'list'] }),
    queryClient.invalidateQueries({ queryKey: [...fleetQueryKeys.templates, 'choices'] }),
  ]);
};

export const useUpdateTemplate = ({ onSuccess, ...config }: MutationConfig<typeof updateTemplate> = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateTemplate,
    onSuccess: async (answer, ...rest) => {
      await templateSaved(queryClient, answer);
      await onSuccess?.(answer, ...rest);
    },
  });
};
