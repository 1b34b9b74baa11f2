import { fleetApi, type EndpointBody } from '@fleetdeck/contract';
import { useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';
import type { MutationConfig } from '@/shared/lib/query-client';
import { queryKeys } from '@/portal/lib/query-keys';

export type BulkActionRequest = EndpointBody<typeof fleetApi.bulkActionCreate>;

/**
 * `POST bulk-actions {action, profileIds | groupId, targetGroupId?}`: move devices to a group or log them out, as a
 * background job; the answer is its first progress (`{_id, state, total, done, failed}`).
 */
export const createBulkAction = (body: BulkActionRequest) => client(fleetApi.bulkActionCreate, { body });

/** Refetched when started and once done (`BulkActionProgress`): the groups and the device lists change. */
export const BULK_ACTION_TOUCHES = [queryKeys.groups, queryKeys.profileLists, queryKeys.licences, queryKeys.dashboard];

export const useCreateBulkAction = (config: MutationConfig<typeof createBulkAction> = {}) =>
  useInvalidatingMutation(BULK_ACTION_TOUCHES, createBulkAction, { meta: { silentSuccess: true }, ...config });

/** How often a running bulk action is asked again. */
export const BULK_ACTION_POLL_MS = 1000;
const isFinished = (state: string | undefined) => state === 'completed' || state === 'failed';

/** `GET bulk-actions/:id`: progress and the first page of per-device results, asked again every second until done. */
export const useBulkAction = (id: string | null) =>
  useQuery({
    queryKey: [...queryKeys.bulkActions, id],
    queryFn: ({ signal }) => client(fleetApi.bulkActionDetail, { params: { id: id! }, query: { limit: 50 }, signal }),
    enabled: id !== null,
    meta: { silentError: true },
    refetchInterval: (query) => (isFinished(query.state.data?.data.state) ? false : BULK_ACTION_POLL_MS),
  });
