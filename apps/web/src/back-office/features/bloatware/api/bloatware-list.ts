import { staffApi, type bloatwareListQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import { downloadFile } from '@/shared/lib/download-file';

export const BLOATWARE_KEY = ['staff', 'bloatware'] as const;
export type BloatwareSearch = z.output<typeof bloatwareListQuerySchema>;

const asQuery = (search: BloatwareSearch, isExportData?: true) =>
  ({
    ...search,
    isBloatware: search.isBloatware === undefined ? undefined : String(search.isBloatware),
    isExportData: isExportData ? 'true' : undefined,
  }) as z.input<typeof bloatwareListQuerySchema>;

/** Spec 3 "Bloatware apps": the catalogue customers feed (DECISIONS §8). */
export const useBloatwareList = (search: BloatwareSearch) =>
  useQuery({
    queryKey: [...BLOATWARE_KEY, search],
    queryFn: ({ signal }) => client(staffApi.bloatwareList, { query: asQuery(search), signal }),
    placeholderData: keepPreviousData,
  });

export const exportBloatware = (search: BloatwareSearch) =>
  downloadFile(staffApi.bloatwareList, {
    query: asQuery({ ...search, cursor: undefined }, true) as Record<string, string | number | undefined>,
    fallbackName: 'BloatwareAppList.csv',
  });
