import { chatUserListResponseSchema } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_USERS_API } from './query-keys';
import { queryKeys } from '@/lib/query-keys';

export interface ChatUsersParams {
  page: number;
  limit: number;
}

/** `GET fcm/user/list`: the customer's Power Chat users, newest first, paged on the server. */
export const getChatUsers = ({ page, limit }: ChatUsersParams, signal?: AbortSignal) =>
  api.get(`${CHAT_USERS_API}/list`, chatUserListResponseSchema, { query: { page, limit }, signal });

export const chatUsersQueryOptions = (params: ChatUsersParams) =>
  queryOptions({
    queryKey: [...queryKeys.chatUsers, 'list', params],
    queryFn: ({ signal }) => getChatUsers(params, signal),
    placeholderData: keepPreviousData,
    // Shown inline with a Retry button.
    meta: { silentError: true },
  });

export const useChatUsers = (params: ChatUsersParams) => useQuery(chatUsersQueryOptions(params));
