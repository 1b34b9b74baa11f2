import { activityApi, type AuditSource, type AuditType } from '@fleetdeck/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';

export interface AuditLogsParams {
  type?: AuditType;
  /** Needs `type`: one of its sub-types. */
  subType?: string;
  source?: AuditSource;
  /** true: Status Error; false: Success; undefined: both. */
  hasError?: boolean;
  /** Only what this member of the account did (DECISIONS §12). */
  memberId?: string;
  page: number;
  limit: number;
  /** `nextCursor` of the previous page (keyset paging); undefined: the page by position. */
  cursor?: string;
}

/** `GET users/audit/list` (spec 2 §7), newest first; the rows are in `data.data`. */
export const getAuditLogs = (
  { type, subType, source, hasError, memberId, page, limit, cursor }: AuditLogsParams,
  signal?: AbortSignal,
) =>
  client(activityApi.auditList, {
    query: { type, sub_type: subType, source, hasError, memberId, page, limit, cursor },
    signal,
  });

/** A failed load toasts the server's message (spec 2 §8: audit load errors toast the raw error). */
export const auditLogsQueryOptions = (params: AuditLogsParams) =>
  queryOptions({
    queryKey: ['audit-logs', 'list', params],
    queryFn: ({ signal }) => getAuditLogs(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (params: AuditLogsParams) => useQuery(auditLogsQueryOptions(params));
