import { staffApi, type customerExportListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';

/** Spec 3 "Customer exports": the customers' backups of disabled apps. */
export const useCustomerExports = (search: z.output<typeof customerExportListQuerySchema>) =>
  useQuery({
    queryKey: ['staff', 'customer-exports', search],
    queryFn: ({ signal }) =>
      client(staffApi.customerExports, {
        query: search as z.input<typeof customerExportListQuerySchema>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
