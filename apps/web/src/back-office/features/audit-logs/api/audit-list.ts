import { staffApi, type staffAuditListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import { downloadFile } from '@/shared/lib/download-file';

export const AUDIT_KEY = ['staff', 'audit-logs'] as const;
export type AuditSearch = z.output<typeof staffAuditListQuerySchema>;

const asQuery = (search: AuditSearch, isExportData?: true) =>
  ({ ...search, isExportData: isExportData ? 'true' : undefined }) as z.input<typeof staffAuditListQuerySchema>;

/** Spec 3 "Audit logs": customers with their error counts and deleted devices. */
export const useAuditList = (search: AuditSearch) =>
  useQuery({
    queryKey: [...AUDIT_KEY, search],
    queryFn: ({ signal }) => client(staffApi.auditList, { query: asQuery(search), signal }),
    placeholderData: keepPreviousData,
  });

export const exportAuditLogs = (search: AuditSearch) =>
  downloadFile(staffApi.auditList, {
    query: asQuery({ ...search, cursor: undefined }, true) as Record<string, string | number | undefined>,
    fallbackName: 'auditLogs.csv',
  });
