import { fleetApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';
import { ROLLOUT_POLL_MS } from './get-rollout';

export type RolloutDevicesParams = EndpointQueryOut<typeof fleetApi.rolloutDevices>;

/** `GET rollouts/:id/devices?state=&stage=`: one row per device (stage, state, failure message, when). */
export const getRolloutDevices = (
  id: string,
  { state, stage, page, limit }: RolloutDevicesParams,
  signal?: AbortSignal,
) => client(fleetApi.rolloutDevices, { params: { id }, query: { state, stage, page, limit }, signal });

export const useRolloutDevices = (id: string, params: RolloutDevicesParams, live: boolean) =>
  useQuery({
    queryKey: fleetQueryKeys.rolloutDevices(id, params),
    queryFn: ({ signal }) => getRolloutDevices(id, params, signal),
    enabled: id !== '',
    placeholderData: keepPreviousData,
    meta: { silentError: true },
    refetchInterval: live ? ROLLOUT_POLL_MS : false,
  });
