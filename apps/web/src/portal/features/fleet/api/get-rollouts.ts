import { fleetApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

export type RolloutListParams = EndpointQueryOut<typeof fleetApi.rolloutList>;

/** `GET rollouts`: the customer's rollouts, newest first, by state, group or template, paged on the server. */
export const getRollouts = ({ state, groupId, templateId, page, limit }: RolloutListParams, signal?: AbortSignal) =>
  client(fleetApi.rolloutList, { query: { state, groupId, templateId, page, limit }, signal });

export const useRollouts = (params: RolloutListParams) =>
  useQuery({
    queryKey: fleetQueryKeys.rolloutList(params),
    queryFn: ({ signal }) => getRollouts(params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
