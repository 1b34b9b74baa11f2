import { fleetApi, type EndpointQueryOut, type Rollout } from '@fleetdeck/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';
import { isLive, ROLLOUT_POLL_MS } from './get-rollout';

export type RolloutDevicesParams = EndpointQueryOut<typeof fleetApi.rolloutDevices>;

/** `GET rollouts/:id/devices?state=&stage=`: one row per device (stage, state, failure message, when). */
export const getRolloutDevices = (
  id: string,
  { state, stage, page, limit }: RolloutDevicesParams,
  signal?: AbortSignal,
) => client(fleetApi.rolloutDevices, { params: { id }, query: { state, stage, page, limit }, signal });

/**
 * The rows of a rollout as shown: asked again while the rollout is live, and whenever its state or counts change
 * (they are part of the key), so the rows never lag behind the counts above them, e.g. when the last poll of a
 * rollback comes after the devices were restored.
 */
export const useRolloutDevices = (rollout: Pick<Rollout, '_id' | 'state' | 'counts'>, params: RolloutDevicesParams) =>
  useQuery({
    queryKey: [...fleetQueryKeys.rolloutDevices(rollout._id, params), rollout.state, rollout.counts] as const,
    queryFn: ({ signal }) => getRolloutDevices(rollout._id, params, signal),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
    refetchInterval: isLive(rollout) ? ROLLOUT_POLL_MS : false,
  });
