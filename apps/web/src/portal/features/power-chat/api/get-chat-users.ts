import { chatApi, type EndpointQueryOut } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { queryKeys } from '@/portal/lib/query-keys';

export type ChatUsersParams = EndpointQueryOut<typeof chatApi.list>;

/** `GET fcm/user/list`: the customer's Power Chat users, newest first, paged on the server. */
export const getChatUsers = ({ page, limit }: ChatUsersParams, signal?: AbortSignal) =>
  client(chatApi.list, { query: { page, limit }, signal });

export const chatUsersQueryOptions = (params: ChatUsersParams) =>
  queryOptions({
    queryKey: [...queryKeys.chatUsers, 'list', params],
    queryFn: ({ signal }) => getChatUsers(params, signal),
    placeholderData: keepPreviousData,
    // Shown inline with a Retry button.
    meta: { silentError: true },
  });

export const useChatUsers = (params: ChatUsersParams) => useQuery(chatUsersQueryOptions(params));
