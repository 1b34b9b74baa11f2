import { fleetApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

export type TemplateListParams = EndpointQueryOut<typeof fleetApi.templateList>;

/** `GET templates?family=&search=&page=&limit=`: the customer's policy templates, paged by the server. */
export const getTemplates = ({ family, search, page, limit }: TemplateListParams, signal?: AbortSignal) =>
  client(fleetApi.templateList, { query: { family, search, page, limit }, signal });

export const templateListQueryOptions = (params: TemplateListParams) =>
  queryOptions({
    queryKey: fleetQueryKeys.templateList(params),
    queryFn: ({ signal }) => getTemplates(params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

export const useTemplates = (params: TemplateListParams) => useQuery(templateListQueryOptions(params));
