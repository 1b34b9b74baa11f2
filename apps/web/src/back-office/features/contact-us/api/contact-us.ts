import { type contactListQuerySchema, staffApi } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';

/** Contact requests (spec 3 "Contact requests"): `contactus/list`, sortable and paged. */
export const useContactRequests = (query: z.output<typeof contactListQuerySchema>) =>
  useQuery({
    queryKey: ['staff', 'contact-us', query],
    queryFn: ({ signal }) =>
      client(staffApi.contactUsList, { query: query as z.input<typeof contactListQuerySchema>, signal }),
    placeholderData: keepPreviousData,
  });
