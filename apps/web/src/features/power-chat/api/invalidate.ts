import type { QueryClient } from '@tanstack/react-query';
import { licenceSummaryQueryKey } from '@/api/licence-summary';
import { CHAT_USERS_QUERY_KEY } from './query-keys';

/** A chat user takes or frees a PCHAT seat: the list, the licence summary and the dashboard change. */
export const invalidateAfterChatUserChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: CHAT_USERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: licenceSummaryQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
