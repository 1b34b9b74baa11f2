import { PAYMENT_DASHBOARD_FILES, staffApi, type PaymentDashboardExport } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import { browserTimeZone } from '../../../api/login-counts';
import { downloadFile } from '@/shared/lib/download-file';

export interface PaymentDashboardFilters {
  reportMonth: number;
  reportYear: number;
  /** 'false': Success payments only; 'true': Failed only; undefined: every payment. */
  hasError: 'true' | 'false' | undefined;
}

const queryOf = (f: PaymentDashboardFilters) => ({
  reportMonth: f.reportMonth,
  reportYear: f.reportYear,
  hasError: f.hasError,
  timeZone: browserTimeZone(),
  isExportData: undefined,
  exportType: undefined,
});

/** `payments/dashboard` for the report month and year, in the browser's zone. */
export const usePaymentDashboard = (f: PaymentDashboardFilters) =>
  useQuery({
    queryKey: ['staff', 'payment-dashboard', f.reportYear, f.reportMonth, f.hasError],
    queryFn: async () => (await client(staffApi.paymentDashboard, { query: queryOf(f) })).data,
    placeholderData: keepPreviousData,
  });

/** One chart's CSV (the same call with `isExportData=true`); "No data to export" comes back as an error. */
export const exportPaymentDashboard = (f: PaymentDashboardFilters, exportType: PaymentDashboardExport) =>
  downloadFile(staffApi.paymentDashboard, {
    query: { ...queryOf(f), isExportData: true, exportType },
    fallbackName: PAYMENT_DASHBOARD_FILES[exportType].fileName,
  });
