import { staffApi, type loginHistoryQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';

type LoginHistorySearch = z.output<typeof loginHistoryQuerySchema>;

export const useLoginHistory = (search: LoginHistorySearch) =>
  useQuery({
    queryKey: ['staff', 'login-history', search],
    queryFn: ({ signal }) =>
      client(staffApi.loginHistory, {
        // The schema's blank-as-absent fields take any input; this is the parsed search sent back as text.
        query: {
          ...search,
          hasError: search.hasError === undefined ? undefined : search.hasError ? 'true' : 'false',
        } as z.input<typeof loginHistoryQuerySchema>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
