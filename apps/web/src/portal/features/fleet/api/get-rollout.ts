import { fleetApi, type Rollout } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { fleetQueryKeys } from './query-keys';

/** A running rollout is asked again this often: its counts move as devices acknowledge. */
export const ROLLOUT_POLL_MS = 5000;
/**
 * Its counts still move: running, or rolled back while the rollback job is still restoring devices (a restored
 * device leaves the succeeded, failed and pending counts).
 */
export const isLive = (rollout: Pick<Rollout, 'state' | 'counts'> | undefined) =>
  rollout?.state === 'running' ||
  (rollout?.state === 'rolled_back' && rollout.counts.succeeded + rollout.counts.failed + rollout.counts.pending > 0);

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
