import { staffApi, type customerExportListQuerySchema } from '@fleetdeck/contract/staff';
import type { z } from 'zod/mini';
import { useStaffListQuery } from '@/back-office/api/staff-list-query';

/** Spec 3 "Customer exports": the customers' backups of disabled apps. */
export const useCustomerExports = (search: z.output<typeof customerExportListQuerySchema>) =>
  useStaffListQuery(['staff', 'customer-exports'], staffApi.customerExports, search);
