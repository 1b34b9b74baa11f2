import {
  staffApi,
  type CurrencyAddRequest,
  type CurrencyUpdateRequest,
  type currencyListQuerySchema,
} from '@fleetdeck/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { client } from '@/shared/lib/api-client';
import type { MutationConfig } from '@/shared/lib/query-client';
import { useInvalidatingMutation } from '@/shared/lib/invalidating';

/** Currency rules (spec 3 Multi Currency tab): `price/list|add|update|delete/currency`. */
export const CURRENCIES_KEY = ['staff', 'currencies'] as const;

export const useCurrencyRules = (search: z.output<typeof currencyListQuerySchema>) =>
  useQuery({
    queryKey: [...CURRENCIES_KEY, search],
    queryFn: ({ signal }) =>
      client(staffApi.currencyList, { query: search as z.input<typeof currencyListQuerySchema>, signal }),
    placeholderData: keepPreviousData,
  });

export const addCurrency = (body: CurrencyAddRequest) => client(staffApi.currencyAdd, { body });
export const updateCurrency = (body: CurrencyUpdateRequest) => client(staffApi.currencyUpdate, { body });
export const deleteCurrency = (id: string) => client(staffApi.currencyDelete, { query: { id } });

export const useAddCurrency = (config: MutationConfig<typeof addCurrency> = {}) =>
  useInvalidatingMutation(CURRENCIES_KEY, addCurrency, config);
export const useUpdateCurrency = (config: MutationConfig<typeof updateCurrency> = {}) =>
  useInvalidatingMutation(CURRENCIES_KEY, updateCurrency, config);
export const useDeleteCurrency = (config: MutationConfig<typeof deleteCurrency> = {}) =>
  useInvalidatingMutation(CURRENCIES_KEY, deleteCurrency, config);
