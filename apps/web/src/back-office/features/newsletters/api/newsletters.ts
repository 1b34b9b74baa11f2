import { type newsletterListQuerySchema, staffApi } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import { downloadFile } from '@/shared/lib/download-file';

/** Newsletter subscribers (spec 3 "Newsletters"): `newsletter/list`, Export `Newsletters.csv`. */
type Search = z.output<typeof newsletterListQuerySchema>;

export const useNewsletterSubscribers = ({ page, limit, cursor }: Search) =>
  useQuery({
    queryKey: ['staff', 'newsletters', { page, limit, cursor }],
    queryFn: ({ signal }) =>
      client(staffApi.newsletterList, {
        query: { page, limit, cursor } as z.input<typeof newsletterListQuerySchema>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const exportNewsletters = () =>
  downloadFile(staffApi.newsletterList, { query: { isExportData: true }, fallbackName: 'Newsletters.csv' });
