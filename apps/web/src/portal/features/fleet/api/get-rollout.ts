import { fleetApi, type Rollout } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/** A running rollout is asked again this often: its counts move as devices acknowledge. */
export const ROLLOUT_POLL_MS = 5000;
export const isLive = (rollout: Pick<Rollout, 'state'> | undefined) => rollout?.state === 'running';

/** `GET rollouts/:id`: state, stages with their counts, the totals and, while paused, the reason. */
export const getRollout = async (id: string, signal?: AbortSignal) =>
  (await client(fleetApi.rolloutDetail, { params: { id }, signal })).data;

export const useRollout = (id: string) =>
  useQuery({
    queryKey: fleetQueryKeys.rollout(id),
    queryFn: ({ signal }) => getRollout(id, signal),
    enabled: id !== '',
    meta: { silentError: true },
    refetchInterval: (query) => (isLive(query.state.data) ? ROLLOUT_POLL_MS : false),
  });
