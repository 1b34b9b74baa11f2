import { staffApi, type customerListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import { CUSTOMERS_KEY } from './keys';
import { downloadFile } from '@/shared/lib/download-file';

export type CustomerListSearch = z.output<typeof customerListQuerySchema>;

/** The parsed search sent back as text (the schema's blank-as-absent fields take any input). */
const asQuery = (search: CustomerListSearch) =>
  ({
    ...search,
    showUnusedLicense: search.showUnusedLicense ? 'true' : undefined,
    isExportData: undefined,
  }) as z.input<typeof customerListQuerySchema>;

export const useCustomerList = (search: CustomerListSearch) =>
  useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', search],
    queryFn: ({ signal }) => client(staffApi.customerList, { query: asQuery(search), signal }),
    placeholderData: keepPreviousData,
  });

/** Export: the same filters with `isExportData=true` → customers.csv. */
export const exportCustomers = (search: CustomerListSearch) => {
  const query: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(asQuery(search))) {
    if (
      key !== 'page' &&
      key !== 'limit' &&
      key !== 'cursor' &&
      (typeof value === 'string' || typeof value === 'number')
    ) {
      query[key] = value;
    }
  }
  return downloadFile(staffApi.customerList, {
    query: { ...query, isExportData: 'true' },
    fallbackName: 'customers.csv',
  });
};
