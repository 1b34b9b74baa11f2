import { fleetApi } from '@fleetdeck/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/** `GET templates/:id`: the template, its settings and its versions with their plain-word changes. */
export const getTemplate = (id: string, signal?: AbortSignal) =>
  client(fleetApi.templateDetail, { params: { id }, signal });

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: fleetQueryKeys.template(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
    select: (answer) => answer.data,
    // The page shows the failure inline (with Retry); the toast would repeat it.
    meta: { silentError: true },
  });

export const useTemplate = (id: string) => useQuery(templateQueryOptions(id));
