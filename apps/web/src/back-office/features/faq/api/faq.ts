import { staffApi, type FaqCreateRequest, type FaqUpdateRequest } from '@fleetdeck/contract/staff';
import type { z } from 'zod/mini';
import { type contentPageQuerySchema } from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';

/** FAQ (spec 3 "FAQ"): `faq/list`, `faq/detail`, `faq/create`, `faq/update`. */
const FAQ_KEY = ['staff', 'faq'] as const;

export const useFaqs = (search: z.output<typeof contentPageQuerySchema>) =>
  useQuery({
    queryKey: [...FAQ_KEY, 'list', search],
    queryFn: ({ signal }) =>
      client(staffApi.faqList, { query: search as z.input<typeof contentPageQuerySchema>, signal }),
    placeholderData: keepPreviousData,
  });

export const useFaq = (id: string | null) =>
  useQuery({
    queryKey: [...FAQ_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await client(staffApi.faqDetail, { query: { id: id! }, signal })).data,
    enabled: !!id,
  });

export const createFaq = (body: FaqCreateRequest) => client(staffApi.faqCreate, { body });
export const updateFaq = (body: FaqUpdateRequest) => client(staffApi.faqUpdate, { body });

export const useCreateFaq = (config: MutationConfig<typeof createFaq> = {}) =>
  useInvalidatingMutation(FAQ_KEY, createFaq, config);
export const useUpdateFaq = (config: MutationConfig<typeof updateFaq> = {}) =>
  useInvalidatingMutation(FAQ_KEY, updateFaq, config);
